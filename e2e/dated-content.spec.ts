/**
 * Dated content follows the site's clock (docs/decisions/010-dated-content.md).
 *
 * The end-to-end stack runs with SITE_CLOCK=2025-06-01, where the site reads
 * exactly as the specification words it; that is checked first. Then this
 * file starts its own production servers from the same build, each with
 * SITE_CLOCK at another date (before, during and after Web Summit 2025 and the
 * pilots): the server renders its stale prerendered pages again at start, and
 * every page reads as that date makes true.
 */
import { expect, test, type Page } from "@playwright/test";
import { startServer, type RunningServer } from "../test/support/server-process";
import { waitForPageScripts, watchCspViolations } from "../test/support/browser";

const announcement = (page: Page) => page.getByRole("complementary", { name: "Announcement" });
const roadmapStatuses = (page: Page) =>
  page.locator('[data-slot="roadmap"] > li').evaluateAll((items) => items.map((li) => li.getAttribute("data-status")));
const roadmapWords = async (page: Page) =>
  (await page.locator('[data-slot="roadmap"] > li [data-slot="badge"]').allTextContents()).map((text) =>
    text.replace(/\s+/g, " ").trim(),
  );

async function section(page: Page, name: string | RegExp) {
  return page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name }) });
}

/** Opens `path` on `base` once its scripts have run (hydration or the enhancement); returns the CSP violations list to check later. */
async function open(page: Page, base: string, path: string) {
  const violations = await watchCspViolations(page);
  const response = await page.goto(base + path);
  expect(response?.status()).toBe(200);
  await waitForPageScripts(page, path);
  return violations;
}

/** What a section says (every one of `says`) and does not (none of `never`). */
type Says = { says: string[]; never?: string[] };

/** The section under the level-2 heading `name` says what `Says` asks. */
async function expectSection(page: Page, name: string, { says, never = [] }: Says) {
  const place = await section(page, name);
  for (const text of says) await expect(place).toContainText(text);
  for (const text of never) await expect(place).not.toContainText(text);
}

/**
 * How the pilots read on a date: on /investors the roadmap (its items'
 * statuses, when given, and their words) and the First National Pilot
 * section, on /team the Health Advisory Network section. Returns the CSP
 * violations list of /investors, as `open` does.
 */
async function expectPilots(
  page: Page,
  base: string,
  pilots: { statuses?: string[]; words: string[]; pilot: Says; advisory: Says },
) {
  const violations = await open(page, base, "/investors");
  if (pilots.statuses) expect(await roadmapStatuses(page)).toEqual(pilots.statuses);
  expect(await roadmapWords(page)).toEqual(pilots.words);
  await expectSection(page, "First National Pilot", pilots.pilot);
  await open(page, base, "/team");
  await expectSection(page, "Health Advisory Network", pilots.advisory);
  return violations;
}

test.describe("on 1 June 2025 (the end-to-end stack's clock), as the specification words it", () => {
  test("banner, carousel, roadmap, pilots and advisory network", async ({ page, baseURL }) => {
    const violations = await open(page, baseURL!, "/");
    await expect(announcement(page)).toContainText("Web Summit 2025");
    await expect(announcement(page)).toContainText("Lisbon");
    await expect(announcement(page).getByRole("link", { name: "Meet Us There" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("heading", { level: 2, name: "Web Summit Lisbon 2025" })).toBeAttached();
    await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(4);

    await expectPilots(page, baseURL!, {
      statuses: ["upcoming", "planned", "planned"],
      words: ["Status: Upcoming", "Status: Planned", "Status: Planned"],
      pilot: { says: ["Coming Soon", "Q1 2026", "a 9-month pilot in UK maternity services launches in Q1 2026"] },
      advisory: { says: ["Coming Soon", "Launching Q1 2026"] },
    });

    await open(page, baseURL!, "/demo");
    await expect(page.locator("main")).toContainText("Announcement coming soon");
    await expect(page.locator("main")).toContainText("Our first national pilot launches in 2025.");
    expect(violations).toEqual([]);
  });
});

/** Each date gets its own server; they start one at a time, in one worker (a failure skips none of the others). */
test.describe.configure({ mode: "default" });

function atDate(clock: string, checks: (page: Page, base: string) => Promise<void>) {
  test.describe(`with SITE_CLOCK=${clock}`, () => {
    let server: RunningServer;
    test.beforeAll(async () => {
      test.setTimeout(180_000);
      server = await startServer(
        { SITE_CLOCK: clock, LOG_LEVEL: "warn" },
        { dataPrefix: "maternis-e2e-dated-", healthTimeoutMs: 170_000, capture: true },
      );
    });
    test.afterAll(async () => {
      await server?.stop();
    });
    test("every dated item reads as that date makes true", async ({ page }) => {
      // The server says at start that its clock is fixed.
      expect(server.output()).toContain("SITE_CLOCK is set");
      await checks(page, server.url);
    });
  });
}

// During Web Summit 2025 (10-13 November) and the 2025 pilot launch (Q4 2025).
atDate("2025-11-12", async (page, base) => {
  const violations = await open(page, base, "/");
  await expect(announcement(page)).toContainText("Web Summit 2025");
  await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(4);
  await open(page, base, "/product");
  expect(await roadmapStatuses(page)).toEqual(["current", "upcoming", "planned"]);
  expect(await roadmapWords(page)).toEqual(["Status: In progress", "Status: Upcoming", "Status: Planned"]);
  expect(violations).toEqual([]);
});

// The day after the event: no banner (and no empty landmark), no event slide, on every page.
atDate("2025-11-14", async (page, base) => {
  const violations = await open(page, base, "/");
  await expect(announcement(page)).toHaveCount(0);
  await expect(page.locator('[data-slot="announcement-banner"]')).toHaveCount(0);
  await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(3);
  await expect(page.locator("body")).not.toContainText("Web Summit Lisbon 2025");
  await open(page, base, "/about");
  await expect(announcement(page)).toHaveCount(0);
  await expect(page.locator("main")).toContainText("We showcased Maternis at Web Summit 2025 in Lisbon");
  // An enquiry page (rendered per request) follows the same clock.
  await open(page, base, "/contact");
  await expect(announcement(page)).toHaveCount(0);
  expect(violations).toEqual([]);
});

// In the pilots' first quarter: the national pilot and the advisory network are launching.
atDate("2026-02-01", async (page, base) => {
  const violations = await expectPilots(page, base, {
    statuses: ["done", "current", "upcoming"],
    words: ["Status: Completed", "Status: In progress", "Status: Upcoming"],
    pilot: {
      says: [
        "Launching now",
        "launches this quarter, Q1 2026",
        "is in progress: it began in Q1 2026 and runs to September 2026",
      ],
    },
    advisory: { says: ["Launching now", "Launching Q1 2026"] },
  });
  await open(page, base, "/demo");
  await expect(page.locator("main")).toContainText("Our first national pilot launches this quarter, Q1 2026.");
  await open(page, base, "/product");
  await expect(page.locator("main")).toContainText("Our 9-month pilot began in Q1 2026 and is in progress.");
  expect(violations).toEqual([]);
});

// Today (23 November 2026): the UK pilot has ended, the launches are done.
atDate("2026-11-23", async (page, base) => {
  const violations = await expectPilots(page, base, {
    words: ["Status: Completed", "Status: In progress", "Status: Upcoming"],
    pilot: { says: ["Launched", "ran from January to September 2026"], never: ["Coming Soon"] },
    advisory: { says: ["Launched Q1 2026"], never: ["Coming Soon"] },
  });
  await open(page, base, "/advisory");
  await expect(page.locator("main")).toContainText("Launched Q1 2026");
  await expect(page.locator("main")).not.toContainText("2025 pilot");
  await open(page, base, "/product");
  await expect(page.locator("main")).toContainText("Our 9-month pilot ran from January to September 2026.");
  await open(page, base, "/");
  await expect(announcement(page)).toHaveCount(0);
  expect(violations).toEqual([]);
});
