import { describe, expect, it } from "vitest";
import { parseEnv, parseSiteClock } from "~/platform/env.server";
import { MAX_CHECK_INTERVAL_MS, nextCheckDelay, renderedContentDate } from "./dated-pages";

describe("when the server checks its prerendered pages", () => {
  it("at the next boundary when it is less than an hour away", () => {
    // The UK pilot ends at 00:00 BST on 1 October 2026 = 23:00 UTC on 30 September.
    expect(nextCheckDelay(new Date("2026-09-30T22:30:00Z"))).toBe(30 * 60 * 1000);
    // Web Summit 2025 ends at 00:00 GMT on 14 November 2025.
    expect(nextCheckDelay(new Date("2025-11-13T23:59:00Z"))).toBe(60 * 1000);
  });

  it("at least hourly, whatever the next boundary", () => {
    expect(nextCheckDelay(new Date("2025-06-01T12:00:00Z"))).toBe(MAX_CHECK_INTERVAL_MS);
    expect(nextCheckDelay(new Date("2030-01-01T00:00:00Z"))).toBe(MAX_CHECK_INTERVAL_MS);
  });

  it("never sooner than a second (a boundary just crossed is checked right away, then not again)", () => {
    expect(nextCheckDelay(new Date("2026-09-30T22:59:59.900Z"))).toBe(1000);
  });

  it("reads the stretch a page was rendered for from its <html>", () => {
    expect(renderedContentDate('<!DOCTYPE html><html lang="en-GB" data-content-date="2025-11-14"><head>')).toBe(
      "2025-11-14",
    );
    expect(renderedContentDate('<!DOCTYPE html><html lang="en-GB"><head>')).toBeUndefined();
  });
});

describe("SITE_CLOCK", () => {
  it("is unset by default: the real time", () => {
    expect(parseEnv({}).SITE_CLOCK).toBeUndefined();
  });

  it("takes a date as 00:00 London time that day, GMT or BST", () => {
    expect(parseEnv({ SITE_CLOCK: "2025-06-01" }).SITE_CLOCK?.toISOString()).toBe("2025-05-31T23:00:00.000Z");
    expect(parseEnv({ SITE_CLOCK: "2025-12-01" }).SITE_CLOCK?.toISOString()).toBe("2025-12-01T00:00:00.000Z");
  });

  it("takes a date and time with an offset", () => {
    expect(parseEnv({ SITE_CLOCK: "2025-11-14T09:00:00+01:00" }).SITE_CLOCK?.toISOString()).toBe(
      "2025-11-14T08:00:00.000Z",
    );
  });

  it("refuses anything else, naming the variable", () => {
    for (const value of ["2025-02-30", "1 June 2025", "2025-06-01T12:00", "tomorrow"]) {
      expect(() => parseEnv({ SITE_CLOCK: value }), value).toThrow(/SITE_CLOCK/);
      expect(() => parseSiteClock(value), value).toThrow(/SITE_CLOCK/);
    }
    expect(parseSiteClock(undefined)).toBeUndefined();
  });
});
