/**
 * The investors page in a real browser: the pitch PDF download, the roadmap
 * and the calls to action; and its HTML as the server sends it, with no
 * JavaScript (the strings the specification quotes asserted literally).
 */
import { expect, test, type Page } from "@playwright/test";
import { investorHero, pitchPdf, problem, roadmapIntro, solution, whyInvest } from "../app/content/investors";
import { waitForEnhancement } from "../test/support/browser";
import {
  describePrerendered,
  expectLink,
  expectRoadmap,
  loadPrerendered,
  sectionByHeading,
} from "../test/support/page-checks";

/** Opens /investors (once its enhancement has run, unless `enhanced` is false) and returns its Partner With Us section. */
async function openPartnerWithUs(page: Page, { enhanced = true } = {}) {
  await page.goto("/investors");
  if (enhanced) await waitForEnhancement(page);
  return page.locator("#partner-with-us");
}

test.describe("investors page", () => {
  test("the pitch PDF link is a download that says PDF and its size, and serves a real PDF", async ({
    page,
    request,
  }) => {
    const partner = await openPartnerWithUs(page, { enhanced: false });
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
    const partner = await openPartnerWithUs(page);
    const downloadPromise = page.waitForEvent("download");
    await partner.getByRole("link", { name: /Download One-Page Pitch PDF/ }).click();
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
    const partner = await openPartnerWithUs(page);
    await expect(partner.getByRole("link", { name: "Contact Us for Partnerships" })).toHaveAttribute(
      "href",
      /^\/contact/,
    );
    await partner.getByRole("link", { name: "Book a Demo" }).click();
    await expect(page).toHaveURL(/\/demo$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request a Demo");

    const partnerAgain = await openPartnerWithUs(page);
    await partnerAgain.getByRole("link", { name: "Contact Us for Partnerships" }).click();
    await expect(page).toHaveURL(/\/contact(\?[^#]*)?(#contact-form)?$/);
    await expect(page.locator("#contact-form")).toBeAttached();
  });
});

describePrerendered(() => {
  test("/investors: problem, solution, first national pilot, roadmap, why invest, partner actions", async ({
    page,
  }) => {
    await loadPrerendered(page, "/investors", investorHero.title);
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
});
