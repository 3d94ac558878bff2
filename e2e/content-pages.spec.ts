/**
 * End-to-end tests for the content pages' HTML as the server sends it, with no
 * JavaScript (what a crawler or a visitor without JavaScript gets): home,
 * product, dashboard, about, our story, impact, global and vision. (The team,
 * investors, privacy and terms pages' HTML is checked with those pages' other
 * tests: team-page.spec.ts, investors.spec.ts, legal-pages.spec.ts.) Each
 * page's HTML is fetched with `request.get` and queried in a browser context
 * with JavaScript disabled (test/support/page-checks.ts: loadPrerendered).
 *
 * Strings the specification quotes are asserted literally; other copy comes from
 * app/content so a wording change there does not break these tests.
 */
import { expect, test } from "@playwright/test";
import { about } from "../app/content/about";
import { company } from "../app/platform/company";
import { dashboard, priorityLabels } from "../app/content/dashboard";
import { globalPresence } from "../app/content/global";
import { home } from "../app/content/home";
import { aims2030, impact, sdgs } from "../app/content/impact";
import { ourStory } from "../app/content/our-story";
import { product, screens } from "../app/content/product";
import { vision } from "../app/content/vision";
import { prerenderedPaths } from "../app/pages";
import {
  describePrerendered,
  escapeRegExp,
  expectCallToAction,
  expectLink,
  expectRoadmap,
  loadPrerendered,
  sectionByHeading,
} from "../test/support/page-checks";
import { fetchHtml } from "../test/support/static-html";

describePrerendered(() => {
  test("covers every content page in app/pages.ts", async ({ request }) => {
    // The content pages are the prerendered ones; each is served as HTML.
    expect(prerenderedPaths).not.toContain("/contact");
    expect(prerenderedPaths).toContain("/about");
    for (const path of prerenderedPaths) await fetchHtml(request, path);
  });

  test("/ (home): hero, the four slides, sections, calls to action and Organization JSON-LD", async ({ page }) => {
    const html = await loadPrerendered(page, "/", home.hero.title);

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
  }) => {
    await loadPrerendered(page, "/product", product.hero.title);
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

  test("/dashboard: demo label, four stat tiles, alerts with priority words, back link", async ({ page }) => {
    await loadPrerendered(page, "/dashboard", dashboard.title);
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

  test("/about: mission, vision, journey, differentiators and buttons to /product and /team", async ({ page }) => {
    await loadPrerendered(page, "/about", about.hero.title);
    for (const item of about.missionVision)
      await expect(page.getByRole("heading", { level: 3, name: item.title })).toBeAttached();
    const journey = sectionByHeading(page, about.journey.title);
    await expect(journey.getByRole("heading", { level: 3 })).toHaveCount(about.journey.steps.length);
    const different = sectionByHeading(page, about.differentiators.title);
    await expect(different.getByRole("heading", { level: 3 })).toHaveCount(about.differentiators.cards.length);
    await expectCallToAction(page, about.cta, "/product", "/team");
  });

  test("/our-story: founder narrative, timeline and buttons to /advisory and /contact", async ({ page }) => {
    await loadPrerendered(page, "/our-story", ourStory.hero.title);
    const narrative = sectionByHeading(page, ourStory.narrative.title);
    await expect(narrative.locator("p")).toContainText([ourStory.narrative.paragraphs[0]!]);
    const timeline = sectionByHeading(page, ourStory.timeline.title);
    await expect(timeline.getByRole("listitem")).toHaveCount(ourStory.timeline.entries.length);
    for (const entry of ourStory.timeline.entries) await expect(timeline).toContainText(entry.when);
    await expectCallToAction(page, ourStory.cta, "/advisory", "/contact");
  });

  test("/impact: statistics, differentiators, outcomes, SDG 3.1/3.7/3.8 and 2030 aims", async ({ page }) => {
    await loadPrerendered(page, "/impact", impact.hero.title);
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
    await expectCallToAction(page, impact.cta, "/contact", "/product");
  });

  test("/global: UK, Ghana, Nigeria, future markets, metrics, four phases, links to /vision and /contact", async ({
    page,
  }) => {
    await loadPrerendered(page, "/global", globalPresence.hero.title);
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
    await expectCallToAction(page, globalPresence.cta, "/vision", "/contact");
  });

  test("/vision: pillars, 2030 aims and where to go next", async ({ page }) => {
    await loadPrerendered(page, "/vision", vision.hero.title);
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
});
