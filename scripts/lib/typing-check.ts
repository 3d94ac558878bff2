/**
 * Does the form accept typing as soon as it is on screen? In Chromium with
 * the DevTools protocol's CPU throttling at 4× (Emulation.setCPUThrottlingRate),
 * open an enquiry page; its first field is focused as soon as it is parsed
 * (a visitor already in the form: the focus starts the form's island,
 * docs/decisions/015-form-islands.md), and from the moment the largest paint
 * is reported (typing earlier would end the browser's largest-paint
 * reporting) a key is typed every 25 ms for two seconds, while the island's
 * script loads (it runs once the visitor pauses: app/enhance/islands.ts); then
 * the check waits for the island to hydrate. In the page, each keystroke's input
 * delay is the time from the event's timestamp (when the browser received it) to
 * its handler; the longest task after the last keystroke (React's evaluation and
 * hydration) is what a key pressed at that moment would wait for.
 * Reported by npm run bench:pages, not asserted in a timed test
 * (docs/decisions/015-form-islands.md).
 */
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../../test/support/chromium";

export type TypingResult =
  | Measured
  /** Chromium reported no largest paint within 30 s, so there was no moment to type from (reported as FAIL). */
  | { path: string; noLargestPaint: true };

type Measured = {
  path: string;
  noLargestPaint?: undefined;
  /** Largest paint (ms from navigation start). */
  lcp: number;
  /** When the first keystroke arrived, ms after the largest paint (the harness's own latency). */
  firstArrived: number;
  /** The input delay of the first keystroke (ms). */
  firstDelay: number;
  /** The longest any keystroke waited for the main thread (ms). */
  worstDelay: number;
  keystrokes: number;
  /** The field held every character typed into it (hydration kept what was typed before it). */
  kept: boolean;
  /** The island hydrated within 15 s of the last keystroke. */
  hydrated: boolean;
  /** The longest task that started after the last keystroke (ms; 0 if none over 50 ms). */
  longestTaskAfter: number;
  /** The island's scripts as transferred (KB): what starting on the form costs. */
  islandKb: number;
};

declare global {
  interface Window {
    __typing?: {
      lcp: number | null;
      keys: { arrived: number; delay: number; onField: boolean }[];
      tasks: { start: number; duration: number }[];
    };
  }
}

export async function checkTyping(serverUrl: string, path: string, field: string): Promise<TypingResult> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript((selector: string) => {
      const typing: NonNullable<Window["__typing"]> = { lcp: null, keys: [], tasks: [] };
      window.__typing = typing;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) typing.tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) typing.lcp ??= entry.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      document.addEventListener(
        "keydown",
        (event) =>
          typing.keys.push({
            arrived: event.timeStamp,
            delay: performance.now() - event.timeStamp,
            onField: (event.target as Element).matches(selector),
          }),
        true,
      );
      document.addEventListener("DOMContentLoaded", () => document.querySelector<HTMLElement>(selector)?.focus());
    }, field);
    await page.goto(`${serverUrl}${path}`, { waitUntil: "commit" });
    const painted = await page
      .waitForFunction(() => window.__typing?.lcp != null, undefined, { polling: 10, timeout: 30_000 })
      .then(() => true)
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === "TimeoutError") return false;
        throw error;
      });
    if (!painted) return { path, noLargestPaint: true };
    const started = Date.now();
    while (Date.now() - started < 2000) {
      await page.keyboard.type("a");
      await page.waitForTimeout(25);
    }
    const hydrated = await page
      .locator("[data-island][data-island-ready]")
      .first()
      .waitFor({ state: "attached", timeout: 15_000 })
      .then(() => true)
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === "TimeoutError") return false;
        throw error;
      });
    const { lcp, keys, tasks } = await page.evaluate(() => window.__typing!);
    const value = await page.inputValue(field);
    const lastKey = keys.at(-1)!.arrived;
    const islandBytes = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js") && !entry.name.includes("/content-page-"))
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
    );
    await context.close();
    return {
      path,
      lcp: lcp!,
      firstArrived: keys[0]!.arrived - lcp!,
      firstDelay: keys[0]!.delay,
      worstDelay: Math.max(...keys.map((k) => k.delay)),
      keystrokes: keys.length,
      kept: value.length === keys.filter((k) => k.onField).length,
      hydrated,
      longestTaskAfter: Math.max(0, ...tasks.filter((t) => t.start > lastKey).map((t) => t.duration)),
      islandKb: islandBytes / 1024,
    };
  } finally {
    await browser.close();
  }
}
