/**
 * End-to-end tests for the content pages (SPEC section 2): home, product,
 * dashboard, about, our story, impact, global, vision, team, investors,
 * privacy and terms.
 *
 * - "prerendered HTML" checks fetch each page with `request.get` and query the
 *   HTML in a browser context with JavaScript disabled: what a crawler or a
 *   visitor without JavaScript gets.
 * - "site crawl" follows every internal link breadth-first from /.
 * - The rest drive the hydrated pages in a real browser.
 *
 * Strings quoted in the SPEC are asserted literally; other copy comes from
 * app/content so a wording change there does not break these tests.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { about } from "../app/content/about";
import { company } from "../app/content/company";
import { dashboard, priorityLabels } from "../app/content/dashboard";
import { globalPresence } from "../app/content/global";
import { home } from "../app/content/home";
import { aims2030, impact, sdgs } from "../app/content/impact";
import { investorHero, pitchPdf, problem, roadmapIntro, solution, whyInvest } from "../app/content/investors";
import { roadmap } from "../app/content/milestones";
import { ourStory } from "../app/content/our-story";
import { product, screens } from "../app/content/product";
import { coreValues, leadershipTeam, teamQuote } from "../app/content/team";
import { vision } from "../app/content/vision";
import { expectNoAxeViolations, pages, waitForHydration } from "./support/helpers";
import { crawlSite, loadStaticHtml } from "./support/static-html";

/** The twelve content pages covered here (forms pages have their own suite). */
const contentPaths = [
  "/",
  "/product",
  "/dashboard",
  "/about",
  "/our-story",
  "/impact",
  "/global",
  "/vision",
  "/team",
  "/investors",
  "/privacy",
  "/terms",
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The h1 of the page (exactly one). */
async function expectSingleH1(page: Page, name: string | RegExp) {
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveAccessibleName(name);
}

/** A link in `scope` with the given accessible name, and its href. */
async function expectLink(scope: Page | Locator, name: string | RegExp, href: string | RegExp) {
  const link = scope.getByRole("link", { name, exact: typeof name === "string" ? true : undefined });
  await expect(link.first(), `link ${String(name)}`).toHaveAttribute("href", href);
}

/** The section labelled by the h2 with this name. */
function sectionByHeading(page: Page, name: string | RegExp) {
  return page.locator("main section").filter({
    has: page.getByRole("heading", { level: 2, name, exact: typeof name === "string" ? true : undefined }),
  });
}

// ---------------------------------------------------------------------------
// 1. Every content page's content is in the server's HTML.
// ---------------------------------------------------------------------------

test.describe("prerendered HTML (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("covers every content page in app/pages.ts", () => {
    const prerendered = pages.filter((p) => p.prerender).map((p) => p.path);
    expect([...prerendered].sort()).toEqual([...contentPaths].sort());
  });

  test("/ (home): hero, the four slides, sections, calls to action and Organization JSON-LD", async ({
    page,
    request,
  }) => {
    const html = await loadStaticHtml(page, request, "/");
    await expectSingleH1(page, home.hero.title);

    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect(carousel).toHaveCount(1);
    await expect(carousel).toHaveAttribute("aria-label", home.carouselLabel);
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(4);
    const slideTitles = [
      "Web Summit Lisbon 2025",
      "Digital Maternal Records",
      "AI for Early Risk Insights",
      "Continuous Health Monitoring",
    ];
    for (const [i, title] of slideTitles.entries()) {
      const slide = slides.nth(i);
      await expect(slide).toHaveAttribute("aria-label", `${i + 1} of 4`);
      await expect(slide.getByRole("heading", { level: 2 })).toHaveText(title);
    }
    // Slide buttons: 1 → /contact, 2 → /product, 3 → /demo, 4 → /product and /demo.
    const slideHrefs = async (i: number) =>
      slides
        .nth(i)
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(await slideHrefs(0)).toEqual(["/contact"]);
    expect(await slideHrefs(1)).toEqual(["/product"]);
    expect(await slideHrefs(2)).toEqual(["/demo"]);
    expect(await slideHrefs(3)).toEqual(["/product", "/demo"]);
    const monitoring = slides.nth(3);
    for (const metric of ["Heart rate", "Activity", "Sleep", "Stress"]) {
      await expect(
        monitoring
          .getByRole("listitem")
          .filter({ hasText: new RegExp(`^${metric}$`) })
          .first(),
      ).toBeAttached();
    }
    await expect(monitoring).toContainText(screens.devices.title);
    for (const device of screens.devices.items) await expect(monitoring).toContainText(device);

    // Key Features (5 cards), Global Impact / SDG 3.1, Why Choose (4), Who We Serve (4).
    const features = sectionByHeading(page, home.features.title);
    await expect(features).toContainText("Key Features");
    await expect(features.getByRole("heading", { level: 3 })).toHaveCount(5);
    const impactSection = sectionByHeading(page, home.impact.title);
    await expect(impactSection).toContainText("Global Impact");
    await expect(impactSection.getByRole("heading", { level: 2 })).toContainText("SDG 3.1");
    for (const stat of home.impact.stats) await expect(impactSection).toContainText(stat.value);
    const why = sectionByHeading(page, home.whyChoose.title);
    await expect(why).toContainText("Why Choose");
    await expect(why.getByRole("heading", { level: 3 })).toHaveCount(4);
    const serve = sectionByHeading(page, home.audiences.title);
    await expect(serve).toContainText("Who We Serve");
    await expect(serve.getByRole("heading", { level: 3 })).toHaveText([
      /health facilities/i,
      /governments/i,
      /NGOs/,
      /mothers and families/i,
    ]);

    const cta = sectionByHeading(page, home.cta.title);
    await expectLink(cta, /Join the Pilot/, "/contact");
    await expectLink(cta, /Partner With Us/, /^\/contact(\?|#|$)/);

    // schema.org Organization with the legal name.
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const organization = jsonLd.map((text) => JSON.parse(text)).find((data) => data["@type"] === "Organization");
    expect(organization, "Organization JSON-LD").toBeTruthy();
    expect(organization.legalName).toBe("Maternis Health Ltd");
    expect(organization.name).toBe(company.brand);
    expect(organization.address.addressLocality).toBe("Aberdeen");
    expect(html).toContain('"legalName":"Maternis Health Ltd"');
  });

  test("/product: hero buttons, AI services, roadmap with status, UK pilot and the dashboard link", async ({
    page,
    request,
  }) => {
    await loadStaticHtml(page, request, "/product");
    await expectSingleH1(page, product.hero.title);
    const hero = page.locator("main section").first();
    await expectLink(hero, /See How It Works/, "/demo");
    await expectLink(hero, /Schedule Demo/, "/contact");
    await expectLink(page.locator("main"), product.hero.dashboardLink.label, "/dashboard");

    for (const stat of product.stats.items) await expect(page.locator("main")).toContainText(stat.value);
    const problemSolution = sectionByHeading(page, product.problemSolution.title);
    for (const label of ["The problem", "Our solution", "The impact"])
      await expect(problemSolution).toContainText(label);
    await expect(sectionByHeading(page, product.audiences.title).getByRole("heading", { level: 3 })).toHaveCount(3);

    const ai = sectionByHeading(page, product.ai.title);
    await expect(ai.getByRole("heading", { level: 3 })).toHaveText([
      /clinical decision support/i,
      /predictive analytics/i,
      /workflow automation/i,
    ]);
    const benefits = sectionByHeading(page, product.benefits.title);
    await expect(benefits.getByRole("listitem")).toHaveCount(product.benefits.items.length);

    const roadmapSection = sectionByHeading(page, product.roadmap.title);
    await expect(roadmapSection.getByRole("heading", { level: 2 })).toHaveText(/MVP now.*pilot.*regional scale/i);
    await expectRoadmap(roadmapSection);

    const continuity = sectionByHeading(page, product.continuity.title);
    await expect(continuity.getByRole("heading", { level: 3 })).toHaveText([
      /journal/i,
      /reminders and alerts/i,
      /newborn and immunization/i,
    ]);
    await expect(continuity).toContainText(/text, audio or video/);

    const pilot = sectionByHeading(page, product.pilot.title);
    await expect(pilot.getByRole("heading", { level: 2 })).toContainText("9-month");
    await expect(pilot).toContainText("UK");
    await expect(pilot).toContainText("Q1 2026");

    await expect(page.getByRole("heading", { level: 2, name: "Get in Touch", exact: true })).toBeAttached();
  });

  test("/dashboard: demo label, four stat tiles, alerts with priority words, back link", async ({ page, request }) => {
    await loadStaticHtml(page, request, "/dashboard");
    await expectSingleH1(page, dashboard.title);
    const main = page.locator("main");
    await expect(main.getByText(/^Demo interface$/).first()).toBeAttached();
    await expect(main).toContainText(/demo interface/i);
    await expectLink(main, /Back to the product/, "/product");

    const tiles = main.locator("dl").first().locator(":scope > div");
    await expect(tiles).toHaveCount(4);
    const expected = [
      ["1,247", "Active patients"],
      ["23", "High risk"],
      ["18", "Appointments"],
      ["7", "Alerts"],
    ] as const;
    for (const [i, [value, label]] of expected.entries()) {
      await expect(tiles.nth(i).locator("dd")).toHaveText(value);
      await expect(tiles.nth(i).locator("dt")).toContainText(label);
    }

    const alerts = main.getByRole("region", { name: dashboard.alerts.title });
    const items = alerts.locator("li[data-priority]");
    await expect(items).toHaveCount(dashboard.alerts.items.length);
    for (const [i, alert] of dashboard.alerts.items.entries()) {
      await expect(items.nth(i)).toHaveAttribute("data-priority", alert.priority);
      await expect(items.nth(i)).toContainText(`${priorityLabels[alert.priority]} priority`);
    }
    for (const word of ["High", "Medium", "Low"]) await expect(alerts).toContainText(word);
  });

  test("/about: mission, vision, journey, differentiators and buttons to /product and /team", async ({
    page,
    request,
  }) => {
    await loadStaticHtml(page, request, "/about");
    await expectSingleH1(page, about.hero.title);
    for (const item of about.missionVision)
      await expect(page.getByRole("heading", { level: 3, name: item.title })).toBeAttached();
    const journey = sectionByHeading(page, about.journey.title);
    await expect(journey.getByRole("heading", { level: 3 })).toHaveCount(about.journey.steps.length);
    const different = sectionByHeading(page, about.differentiators.title);
    await expect(different.getByRole("heading", { level: 3 })).toHaveCount(about.differentiators.cards.length);
    const cta = sectionByHeading(page, about.cta.title);
    await expectLink(cta, about.cta.primary.label, "/product");
    await expectLink(cta, about.cta.secondary.label, "/team");
  });

  test("/our-story: founder narrative, timeline and buttons to /advisory and /contact", async ({ page, request }) => {
    await loadStaticHtml(page, request, "/our-story");
    await expectSingleH1(page, ourStory.hero.title);
    const narrative = sectionByHeading(page, ourStory.narrative.title);
    await expect(narrative.locator("p")).toContainText([ourStory.narrative.paragraphs[0]!]);
    const timeline = sectionByHeading(page, ourStory.timeline.title);
    await expect(timeline.getByRole("listitem")).toHaveCount(ourStory.timeline.entries.length);
    for (const entry of ourStory.timeline.entries) await expect(timeline).toContainText(entry.when);
    const cta = sectionByHeading(page, ourStory.cta.title);
    await expectLink(cta, ourStory.cta.primary.label, "/advisory");
    await expectLink(cta, ourStory.cta.secondary.label, "/contact");
  });

  test("/impact: statistics, differentiators, outcomes, SDG 3.1/3.7/3.8 and 2030 aims", async ({ page, request }) => {
    await loadStaticHtml(page, request, "/impact");
    await expectSingleH1(page, impact.hero.title);
    const stats = sectionByHeading(page, impact.stats.title);
    for (const stat of impact.stats.items) await expect(stats).toContainText(stat.value);
    await expect(sectionByHeading(page, impact.differentiators.title).getByRole("heading", { level: 3 })).toHaveCount(
      4,
    );
    await expect(sectionByHeading(page, impact.outcomes.title).getByRole("heading", { level: 3 })).toHaveCount(
      impact.outcomes.items.length,
    );
    const sdg = sectionByHeading(page, impact.sdgSection.title);
    for (const target of ["SDG 3.1", "SDG 3.7", "SDG 3.8"]) await expect(sdg).toContainText(target);
    expect(sdgs.map((s) => s.target)).toEqual(["SDG 3.1", "SDG 3.7", "SDG 3.8"]);
    const aims = sectionByHeading(page, impact.aims.title);
    for (const value of ["1M+", "50+", "50%"])
      await expect(aims.locator("dd").filter({ hasText: new RegExp(`^${escapeRegExp(value)}$`) })).toHaveCount(1);
    const cta = sectionByHeading(page, impact.cta.title);
    await expectLink(cta, impact.cta.primary.label, "/contact");
    await expectLink(cta, impact.cta.secondary.label, "/product");
  });

  test("/global: UK, Ghana, Nigeria, future markets, metrics, four phases, links to /vision and /contact", async ({
    page,
    request,
  }) => {
    await loadStaticHtml(page, request, "/global");
    await expectSingleH1(page, globalPresence.hero.title);
    const locations = sectionByHeading(page, globalPresence.locations.title);
    await expect(locations.getByRole("heading", { level: 3 })).toHaveText([
      /United Kingdom/,
      /Ghana/,
      /Nigeria/,
      /Future markets/i,
    ]);
    await expect(locations).toContainText(/Headquarters/);
    const metrics = sectionByHeading(page, globalPresence.metrics.title);
    for (const metric of globalPresence.metrics.items) await expect(metrics).toContainText(metric.value);
    const phases = sectionByHeading(page, globalPresence.phases.title);
    await expect(phases.getByRole("listitem")).toHaveCount(4);
    for (const n of [1, 2, 3, 4]) await expect(phases).toContainText(`Phase ${n}`);
    const cta = sectionByHeading(page, globalPresence.cta.title);
    await expectLink(cta, globalPresence.cta.primary.label, "/vision");
    await expectLink(cta, globalPresence.cta.secondary.label, "/contact");
  });

  test("/vision: pillars, 2030 aims and where to go next", async ({ page, request }) => {
    await loadStaticHtml(page, request, "/vision");
    await expectSingleH1(page, vision.hero.title);
    await expect(sectionByHeading(page, vision.pillars.title).getByRole("heading", { level: 3 })).toHaveCount(
      vision.pillars.items.length,
    );
    const aims = sectionByHeading(page, vision.aims.title);
    await expect(aims.locator("dd")).toHaveText(aims2030.map((a) => a.value));
    expect(aims2030.map((a) => a.value)).toEqual(["1M+", "50+", "50%"]);
    await expect(aims).toContainText("2030");
    const next = sectionByHeading(page, vision.next.title);
    for (const link of vision.next.links) await expectLink(next, new RegExp(escapeRegExp(link.label)), link.to);
  });

  test("/team: title, mission and vision, four leaders, advisory network, values, quote, Join Our Mission", async ({
    page,
    request,
  }) => {
    await loadStaticHtml(page, request, "/team");
    await expectSingleH1(page, "Our Team | Leadership");
    await expect(page.getByRole("heading", { level: 3, name: "Our Mission" })).toBeAttached();
    await expect(page.getByRole("heading", { level: 3, name: "Our Vision" })).toBeAttached();

    const leadership = sectionByHeading(page, "Leadership Team");
    const cards = leadership.getByRole("article");
    await expect(cards).toHaveCount(4);
    const roles = [
      "Founder & CEO",
      "Co-Founder & Chief Medical Officer",
      "Chief Technology Officer",
      "Chief Product Officer",
    ];
    for (const [i, member] of leadershipTeam.entries()) {
      const card = cards.nth(i);
      await expect(card).toHaveAccessibleName(member.name);
      await expect(card).toContainText(roles[i]!);
      await expect(card).toContainText(member.shortBio);
      await expect(card.getByRole("img", { name: new RegExp(escapeRegExp(member.name)) })).toBeAttached();
      await expect(card.getByRole("button", { name: `Read More about ${member.name}` })).toBeAttached();
      await expect(card.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", member.linkedin);
    }

    const advisory = sectionByHeading(page, /Advisory Network/);
    await expect(advisory).toContainText("Coming Soon");
    await expect(advisory).toContainText("Launching Q1 2026");
    await expectLink(advisory, /Join the Network/, "/advisory");

    const values = sectionByHeading(page, "Our Core Values");
    await expect(values.getByRole("heading", { level: 3 })).toHaveText([
      "Mission-Driven",
      "Security First",
      "Innovation",
      "Global Impact",
    ]);
    expect(coreValues.map((v) => v.title)).toEqual(["Mission-Driven", "Security First", "Innovation", "Global Impact"]);
    await expect(page.locator("main blockquote")).toContainText(teamQuote.text);

    const join = page.locator("#join-our-mission");
    await expect(join.getByRole("heading", { level: 2 })).toHaveText("Join Our Mission");
    await expect(join.locator(`a[href="mailto:${company.email.careers}"]`)).toHaveCount(1);
    await expect(join.locator(`a[href="mailto:${company.email.enquiries}"]`)).toHaveCount(1);
    await expectLink(page.locator("main"), /Join Our Mission/, "#join-our-mission");
    await expectLink(page.locator("main"), /Our Story/, "/our-story");
  });

  test("/investors: problem, solution, first national pilot, roadmap, why invest, partner actions", async ({
    page,
    request,
  }) => {
    await loadStaticHtml(page, request, "/investors");
    await expectSingleH1(page, investorHero.title);
    const problemSection = sectionByHeading(page, problem.title);
    await expect(problemSection).toContainText("The Problem");
    await expect(problemSection).toContainText("295,000");
    await expect(problemSection.getByRole("heading", { level: 3 })).toHaveText([
      /paper records are fragmented/i,
      /lack of real-time data/i,
      /poor continuity/i,
    ]);
    const solutionSection = sectionByHeading(page, solution.title);
    await expect(solutionSection.getByRole("heading", { level: 3 })).toHaveText([
      /mothers/i,
      /providers/i,
      /ministries/i,
    ]);
    const pilot = sectionByHeading(page, "First National Pilot");
    await expect(pilot).toContainText("Coming Soon");
    await expect(pilot).toContainText("Q1 2026");
    await expectRoadmap(sectionByHeading(page, roadmapIntro.title));
    const why = sectionByHeading(page, whyInvest.title);
    await expect(why.getByRole("heading", { level: 3 })).toHaveText([
      /secure SaaS/i,
      /AI-Driven Insights/i,
      /High-Impact Global Market/i,
    ]);

    const partner = page.locator("#partner-with-us");
    await expect(partner.getByRole("heading", { level: 2 })).toHaveText("Partner With Us");
    await expectLink(partner, /Book a Demo/, "/demo");
    await expectLink(partner, /Download One-Page Pitch PDF/, pitchPdf.href);
    await expectLink(partner, /Contact Us for Partnerships/, /^\/contact(\?|#|$)/);
    const pdf = partner.getByRole("link", { name: /Download One-Page Pitch PDF/ });
    await expect(pdf).toHaveAttribute("download", /\.pdf$/);
    await expect(pdf).toHaveText(/\(PDF, \d+(\.\d)? (KB|MB)\)/);
  });

  for (const [path, title, sections] of [
    ["/privacy", "Privacy Policy", 9],
    ["/terms", "Terms of Service", 14],
  ] as const) {
    test(`${path}: ${sections} sections, 'Last updated: January 2025' and a matching table of contents`, async ({
      page,
      request,
    }) => {
      await loadStaticHtml(page, request, path);
      await expectSingleH1(page, title);
      await expect(page.locator("main")).toContainText("Last updated: January 2025");
      const headings = page.locator("main article h2");
      await expect(headings).toHaveCount(sections);
      const ids = await headings.evaluateAll((els) => els.map((el) => el.id));
      const texts = (await headings.allTextContents()).map((t) => t.trim());
      expect(
        ids.every((id) => /^[a-z0-9-]+$/.test(id)),
        `heading ids ${ids.join(", ")}`,
      ).toBe(true);
      expect(new Set(ids).size).toBe(sections);

      const toc = page.getByRole("navigation", { name: "Contents" });
      const tocLinks = toc.getByRole("link");
      await expect(tocLinks).toHaveCount(sections);
      expect(await tocLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(
        ids.map((id) => `#${id}`),
      );
      expect((await tocLinks.allTextContents()).map((t) => t.trim())).toEqual(texts);
    });
  }

  test("privacy and terms cover the sections the SPEC lists", async ({ page, request }) => {
    await loadStaticHtml(page, request, "/privacy");
    await expect(page.locator("main article h2")).toHaveText([
      /information/i,
      /use/i,
      /legal basis/i,
      /keep|retention/i,
      /protect|security/i,
      /rights.*GDPR/i,
      /international transfers/i,
      /changes/i,
      /contact/i,
    ]);
    await loadStaticHtml(page, request, "/terms");
    const terms = page.locator("main article");
    await expect(terms.locator("h2")).toHaveText([
      /acceptance/i,
      /description of service/i,
      /accounts/i,
      /acceptable use/i,
      /HIPAA.*Business Associate Agreement/i,
      /subscription and payment/i,
      /availability/i,
      /intellectual property/i,
      /liability/i,
      /indemnification/i,
      /termination/i,
      /governing law/i,
      /changes/i,
      /contact/i,
    ]);
    await expect(terms).toContainText("30 days");
    await expect(terms).toContainText(/Scotland/);
  });
});

/** The roadmap list: 2025 upcoming (highlighted), 2026 and 2027+ planned, status in words. */
async function expectRoadmap(scope: Locator) {
  const items = scope.locator('[data-slot="roadmap"] > li');
  await expect(items).toHaveCount(3);
  const expected = [
    ["2025", "upcoming", "Upcoming"],
    ["2026", "planned", "Planned"],
    ["2027+", "planned", "Planned"],
  ] as const;
  expect(roadmap.map((r) => [r.year, r.status])).toEqual(expected.map(([year, status]) => [year, status]));
  for (const [i, [year, status, word]] of expected.entries()) {
    await expect(items.nth(i)).toHaveAttribute("data-status", status);
    await expect(items.nth(i)).toContainText(year);
    await expect(items.nth(i)).toContainText(`Status: ${word}`);
    await expect(items.nth(i).getByRole("heading", { level: 3 })).toHaveText(roadmap[i]!.title);
  }
}

// ---------------------------------------------------------------------------
// 2. Crawl: every internal link answers 200; every #fragment exists.
// ---------------------------------------------------------------------------

test.describe("site crawl (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("every internal link answers 200 and every #fragment link has its target id", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    const result = await crawlSite(page, request, origin, "/");
    await test.info().attach("crawl.json", {
      contentType: "application/json",
      body: JSON.stringify(Object.fromEntries(result.visited), null, 2),
    });

    expect.soft(result.broken, "links that do not answer 200").toEqual([]);
    expect(result.missingFragments, "#fragment links without a target").toEqual([]);

    // The crawl reached every page of the site from /, plus the pitch PDF.
    const visited = [...result.visited.keys()];
    for (const entry of pages) expect(visited, `${entry.path} reachable by links from /`).toContain(entry.path);
    expect(visited).toContain(pitchPdf.href);
    expect(result.visited.get(pitchPdf.href)?.contentType).toContain("application/pdf");
    // Query strings are kept (the partnership contact link).
    expect(visited.some((url) => url.startsWith("/contact?"))).toBe(true);
    // Sanity: the crawl checked in-page links (skip link, ToCs, Join Our Mission, Partner With Us).
    expect(result.fragmentLinksChecked).toBeGreaterThan(20);
    expect(visited.every((url) => !url.includes("#"))).toBe(true);
  });
});

// ---------------------------------------------------------------------------
// 3. Home carousel in a real browser.
// ---------------------------------------------------------------------------

const slideTitles = home.slides.map((s) => s.title);

function carouselParts(page: Page) {
  const carousel = page.getByRole("region", { name: home.carouselLabel });
  return {
    carousel,
    slide: (n: number) => carousel.getByRole("group", { name: `${n} of 4`, includeHidden: true }),
    dots: carousel.getByRole("group", { name: "Choose a slide" }).getByRole("button"),
    dot: (n: number) =>
      carousel.getByRole("group", { name: "Choose a slide" }).getByRole("button", { name: slideTitles[n - 1] }),
    next: carousel.getByRole("button", { name: "Next slide" }),
    previous: carousel.getByRole("button", { name: "Previous slide" }),
  };
}

/** Slide n is the one shown: its dot is current, it is visible, the others are hidden. */
async function expectCurrentSlide(page: Page, n: number) {
  const { slide, dot } = carouselParts(page);
  await expect(dot(n)).toHaveAttribute("aria-current", "true");
  await expect(slide(n)).not.toHaveAttribute("aria-hidden", "true");
  await expect(slide(n).getByRole("heading", { level: 2, name: slideTitles[n - 1] })).toBeVisible();
  for (let other = 1; other <= 4; other++) {
    if (other === n) continue;
    await expect(dot(other)).not.toHaveAttribute("aria-current", "true");
    await expect(slide(other)).toHaveAttribute("aria-hidden", "true");
  }
}

async function openHomeWithClock(page: Page) {
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator('[data-slot="carousel"][data-enhanced]')).toBeAttached();
  // Keep the pointer off the carousel: hovering pauses the rotation.
  await page.mouse.move(1, 1);
  // From here on the page's time only moves when the test moves it, so
  // "not before 7 seconds" does not depend on how busy the machine is. The
  // first timer was armed at hydration, before this point.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 500);
      break;
    } catch (error) {
      // The clock ran past `now + 500` before the call arrived (a busy machine); try again.
      if (attempt === 3) throw error;
    }
  }
}

test.describe("home carousel", () => {
  test("is a labelled carousel region that advances every 7 seconds and loops", async ({ page }) => {
    await openHomeWithClock(page);
    const { carousel } = carouselParts(page);
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    await expectCurrentSlide(page, 1);

    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 2);
    // Not before 7 seconds: 5 s after a change it is still the same slide, 2 s later the next.
    await page.clock.fastForward(5000);
    await expectCurrentSlide(page, 2);
    await page.clock.fastForward(2000);
    await expectCurrentSlide(page, 3);
    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 4);
    // Loops back to the first slide.
    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 1);
  });

  test("the pause control stops the rotation and play resumes it", async ({ page }) => {
    await openHomeWithClock(page);
    const { carousel } = carouselParts(page);
    const pause = carousel.getByRole("button", { name: "Pause automatic slide rotation" });
    await expect(pause).toBeVisible();
    await expect(pause).toContainText("Pause");
    await pause.click();
    const play = carousel.getByRole("button", { name: "Play automatic slide rotation" });
    await expect(play).toBeVisible();
    // Move the pointer away so only the pause control can be holding the slide.
    await page.mouse.move(1, 1);
    await page.clock.fastForward(7000);
    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 1);

    await play.click();
    await expect(carousel.getByRole("button", { name: "Pause automatic slide rotation" })).toBeVisible();
    await page.mouse.move(1, 1);
    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 2);
  });

  test("next and previous buttons change the slide and wrap around", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const { next, previous } = carouselParts(page);
    await expect(page.locator('[data-slot="carousel"][data-enhanced]')).toBeAttached();
    await expectCurrentSlide(page, 1);
    await next.click();
    await expectCurrentSlide(page, 2);
    await next.click();
    await expectCurrentSlide(page, 3);
    await previous.click();
    await expectCurrentSlide(page, 2);
    await previous.click();
    await expectCurrentSlide(page, 1);
    await previous.click();
    await expectCurrentSlide(page, 4);
    await next.click();
    await expectCurrentSlide(page, 1);
  });

  test("the dots name their slides and show the chosen one; arrow keys move between them", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const { dots, dot } = carouselParts(page);
    await expect(page.locator('[data-slot="carousel"][data-enhanced]')).toBeAttached();
    await expect(dots).toHaveCount(4);
    for (const [i, title] of slideTitles.entries()) await expect(dots.nth(i)).toHaveAccessibleName(title);
    await dot(3).click();
    await expectCurrentSlide(page, 3);
    await expect(page.getByRole("link", { name: home.slides[2]!.ctas[0]!.label })).toBeVisible();
    await dot(4).click();
    await expectCurrentSlide(page, 4);
    await page.keyboard.press("ArrowRight");
    await expectCurrentSlide(page, 1);
    await expect(dot(1)).toBeFocused();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the first slide shows and all four are in the DOM, reachable by scrolling", async ({ page }) => {
      await page.goto("/");
      const { carousel, slide } = carouselParts(page);
      await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
      const slides = carousel.locator('[data-slot="carousel-slide"]');
      await expect(slides).toHaveCount(4);
      for (let n = 1; n <= 4; n++) {
        await expect(slide(n)).not.toHaveAttribute("aria-hidden", "true");
        await expect(slide(n).getByRole("heading", { level: 2 })).toHaveText(slideTitles[n - 1]!);
      }

      const scroller = carousel.locator('[data-slot="carousel-slides"]');
      const geometry = () =>
        scroller.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const slideBoxes = [...el.children].map((child) => child.getBoundingClientRect());
          return {
            overflowX: getComputedStyle(el).overflowX,
            scrollLeft: el.scrollLeft,
            scrollable: el.scrollWidth > el.clientWidth,
            // Which slides lie inside the scroll container's visible box.
            inView: slideBoxes.map((s) => s.left >= box.left - 1 && s.right <= box.right + 1),
          };
        });
      const initial = await geometry();
      expect(initial.overflowX).toBe("auto");
      expect(initial.scrollable).toBe(true);
      expect(initial.scrollLeft).toBe(0);
      expect(initial.inView).toEqual([true, false, false, false]);
      await expect(slide(1).getByRole("heading", { level: 2 })).toBeVisible();

      // The last slide and its buttons are reachable: scrolling brings it into view.
      await slide(4).getByRole("link").last().scrollIntoViewIfNeeded();
      await expect.poll(async () => (await geometry()).inView[3]).toBe(true);
      expect((await geometry()).scrollLeft).toBeGreaterThan(0);
      await expect(slide(4).getByRole("link", { name: /Request a demo/ })).toBeVisible();
    });
  });
});

// ---------------------------------------------------------------------------
// 4. Team page interactions.
// ---------------------------------------------------------------------------

test.describe("team page", () => {
  test("Read More opens each member's full biography in a dialog; Escape closes it and returns focus", async ({
    page,
  }) => {
    await page.goto("/team");
    await waitForHydration(page);
    for (const member of leadershipTeam) {
      const readMore = page.getByRole("button", { name: `Read More about ${member.name}` });
      await expect(readMore).toHaveText(/^Read More/);
      await readMore.click();
      const dialog = page.getByRole("dialog", { name: member.name });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(member.role);
      const paragraphs = dialog.getByTestId("full-bio").locator("p");
      expect(member.fullBio.length).toBeGreaterThanOrEqual(2);
      await expect(paragraphs).toHaveText([...member.fullBio]);
      const dialogLink = dialog.getByRole("link", { name: /LinkedIn/ });
      await expect(dialogLink).toHaveAttribute("href", member.linkedin);
      await expect(dialogLink).toHaveAttribute("rel", "noopener noreferrer");
      await expect(dialogLink).toHaveAccessibleName(/new tab/i);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(readMore).toBeFocused();
    }
  });

  test("the dialog's close button closes it and focus returns to Read More", async ({ page }) => {
    await page.goto("/team");
    await waitForHydration(page);
    const member = leadershipTeam[2]!;
    const readMore = page.getByRole("button", { name: `Read More about ${member.name}` });
    await readMore.click();
    const dialog = page.getByRole("dialog", { name: member.name });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(readMore).toBeFocused();
  });

  test("the page behind an open dialog is inert: Tab never leaves the dialog", async ({ page }) => {
    await page.goto("/team");
    await waitForHydration(page);
    const member = leadershipTeam[0]!;
    await page.getByRole("button", { name: `Read More about ${member.name}` }).click();
    const dialog = page.getByRole("dialog", { name: member.name });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      // Inside the dialog, or (between the last control and the first) on no element of the page.
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body ? "none" : active.closest("dialog") ? "dialog" : active.outerHTML;
      });
      expect(["dialog", "none"]).toContain(where);
    }
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
  });

  test("axe finds no violations with a biography dialog open @mobile", async ({ page }) => {
    await page.goto("/team");
    await waitForHydration(page);
    const member = leadershipTeam[1]!;
    await page.getByRole("button", { name: `Read More about ${member.name}` }).click();
    const dialog = page.getByRole("dialog", { name: member.name });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("open", "");
    // expectNoAxeViolations lets any opening transition settle first.
    await expect(dialog.getByTestId("full-bio").locator("p")).toHaveCount(member.fullBio.length);
    await expectNoAxeViolations(page, "/team with the dialog open");
  });

  test("LinkedIn links open in a new tab safely and say so", async ({ page }) => {
    await page.goto("/team");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(leadershipTeam.length);
    for (const member of leadershipTeam) {
      const link = page.getByRole("article", { name: member.name }).getByRole("link", { name: /LinkedIn/ });
      await expect(link).toHaveAttribute("href", member.linkedin);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAccessibleName(new RegExp(`${escapeRegExp(member.name)}.*LinkedIn.*new tab`, "i"));
    }
    // Every link that opens a new tab on the page is safe and announced (those in the
    // closed biography dialogs too, once a dialog shows them).
    const blankLinks = page.locator('main a[target="_blank"]:visible');
    expect(await blankLinks.count()).toBeGreaterThanOrEqual(leadershipTeam.length);
    for (const link of await blankLinks.all()) {
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAccessibleName(/new tab/i);
    }
  });

  test("'Join Our Mission' moves focus to the Join Our Mission section", async ({ page }) => {
    await page.goto("/team");
    await waitForHydration(page);
    const hero = page.locator("main section").first();
    await hero.getByRole("link", { name: "Join Our Mission" }).click();
    const section = page.locator("#join-our-mission");
    await expect(section).toBeFocused();
    await expect(page).toHaveURL(/\/team#join-our-mission$/);
    await expect(section.getByRole("heading", { level: 2, name: "Join Our Mission" })).toBeInViewport();
  });

  test("'Our Story' goes to /our-story", async ({ page }) => {
    await page.goto("/team");
    await waitForHydration(page);
    await page.locator("main section").first().getByRole("link", { name: "Our Story" }).click();
    await expect(page).toHaveURL(/\/our-story$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ourStory.hero.title);
  });

  test("Join Our Mission has mailto links for careers and enquiries", async ({ page }) => {
    await page.goto("/team");
    const section = page.locator("#join-our-mission");
    await expect(section.getByRole("link", { name: company.email.careers })).toHaveAttribute(
      "href",
      `mailto:${company.email.careers}`,
    );
    await expect(section.getByRole("link", { name: company.email.enquiries })).toHaveAttribute(
      "href",
      `mailto:${company.email.enquiries}`,
    );
    await expect(section.getByRole("heading", { level: 3, name: "Careers" })).toBeVisible();
  });
});

// ---------------------------------------------------------------------------
// 5. Investors page.
// ---------------------------------------------------------------------------

test.describe("investors page", () => {
  test("the pitch PDF link is a download that says PDF and its size, and serves a real PDF", async ({
    page,
    request,
  }) => {
    await page.goto("/investors");
    const partner = page.locator("#partner-with-us");
    const link = partner.getByRole("link", { name: /Download One-Page Pitch PDF/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("download", pitchPdf.fileName);
    await expect(link).toHaveText(/PDF/);
    await expect(link).toHaveText(/\d+(\.\d)? (KB|MB)/);
    const href = await link.getAttribute("href");
    expect(href).toBe(pitchPdf.href);

    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
    const body = await response.body();
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The size in the link text matches the file (to the rounding used).
    const [, amount, unit] = /(\d+(?:\.\d)?) (KB|MB)/.exec((await link.textContent()) ?? "")!;
    const bytes = Number(amount) * (unit === "MB" ? 1024 * 1024 : 1024);
    expect(Math.abs(body.length - bytes)).toBeLessThan(unit === "MB" ? 0.1 * 1024 * 1024 : 1024);
  });

  test("a click on the PDF link downloads the file", async ({ page }) => {
    await page.goto("/investors");
    await waitForHydration(page);
    const downloadPromise = page.waitForEvent("download");
    await page
      .locator("#partner-with-us")
      .getByRole("link", { name: /Download One-Page Pitch PDF/ })
      .click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(pitchPdf.fileName);
    expect(await download.failure()).toBeNull();
  });

  test("the roadmap highlights 2025 as upcoming; 2026 and 2027+ are planned", async ({ page }) => {
    await page.goto("/investors");
    const section = sectionByHeading(page, roadmapIntro.title);
    await section.scrollIntoViewIfNeeded();
    const items = section.locator('[data-slot="roadmap"] > li');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText("2025");
    await expect(items.nth(0)).toContainText("Upcoming");
    await expect(items.nth(1)).toContainText("2026");
    await expect(items.nth(1)).toContainText("Planned");
    await expect(items.nth(2)).toContainText("2027+");
    await expect(items.nth(2)).toContainText("Planned");
    // Highlighted: the upcoming card is drawn differently from the planned ones.
    const look = (n: number) =>
      items.nth(n).evaluate((el) => {
        const style = getComputedStyle(el);
        return `${style.borderTopColor} ${style.boxShadow}`;
      });
    const [upcoming, planned1, planned2] = [await look(0), await look(1), await look(2)];
    expect(planned1).toBe(planned2);
    expect(upcoming).not.toBe(planned1);
  });

  test("Book a Demo goes to /demo and Contact Us for Partnerships to the contact form", async ({ page }) => {
    await page.goto("/investors");
    await waitForHydration(page);
    const partner = page.locator("#partner-with-us");
    await expect(partner.getByRole("link", { name: "Contact Us for Partnerships" })).toHaveAttribute(
      "href",
      /^\/contact/,
    );
    await partner.getByRole("link", { name: "Book a Demo" }).click();
    await expect(page).toHaveURL(/\/demo$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request a Demo");

    await page.goto("/investors");
    await waitForHydration(page);
    await page.locator("#partner-with-us").getByRole("link", { name: "Contact Us for Partnerships" }).click();
    await expect(page).toHaveURL(/\/contact(\?[^#]*)?(#contact-form)?$/);
    await expect(page.locator("#contact-form")).toBeAttached();
  });
});

// ---------------------------------------------------------------------------
// 6. Legal pages in the browser: the table of contents jumps to its section.
// ---------------------------------------------------------------------------

test.describe("legal pages", () => {
  for (const path of ["/privacy", "/terms"]) {
    test(`${path}: a table-of-contents link brings its section into view`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const links = page.getByRole("navigation", { name: "Contents" }).getByRole("link");
      const last = links.last();
      const href = (await last.getAttribute("href"))!;
      await last.click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(href)}$`));
      const heading = page.locator(`main article h2${href}`);
      await expect(heading).toHaveText((await last.textContent())!.trim());
      await expect(heading).toBeInViewport();
    });
  }
});
