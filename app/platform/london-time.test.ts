import { describe, expect, test } from "vitest";
import { londonTime, relativeTime, waitInWords } from "./london-time";

describe("console times", () => {
  test("London time follows summer time", () => {
    expect(londonTime(new Date("2026-11-23T11:31:00Z"))).toBe("Mon 23 Nov 2026, 11:31");
    expect(londonTime(new Date("2026-07-01T11:31:00Z"))).toBe("Wed 1 Jul 2026, 12:31");
  });

  test.each([
    [30, "just now"],
    [5 * 60, "5 minutes ago"],
    [3 * 3600 + 59, "3 hours ago"],
    [24 * 3600, "yesterday"],
    [3 * 24 * 3600, "3 days ago"],
    [15 * 24 * 3600, "2 weeks ago"],
    [400 * 24 * 3600, "last year"],
  ])("%i seconds ago reads %j", (seconds, text) => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(relativeTime(now.getTime() - seconds * 1000, now)).toBe(text);
  });

  test.each([
    [1, "1 minute"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [14 * 60 + 1, "15 minutes"],
    [3600, "1 hour"],
    [3601, "1 hour and 1 minute"],
    [2 * 3600 + 5 * 60, "2 hours and 5 minutes"],
  ])("a wait of %i seconds reads %j", (seconds, text) => {
    expect(waitInWords(seconds)).toBe(text);
  });
});
