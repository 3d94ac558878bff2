import { describe, expect, test } from "vitest";
import { addDays, dayRefusal, isSiteDay, londonMidnight } from "./calendar";

/** London's midnights, for every day a page or the CLI lets a person ask about (isSiteDay). */
describe("londonMidnight", () => {
  const midnight = (date: string) => londonMidnight(date).toISOString();

  test("in GMT and in BST, and on the days the clocks change", () => {
    expect(midnight("2026-01-15")).toBe("2026-01-15T00:00:00.000Z");
    expect(midnight("2026-07-01")).toBe("2026-06-30T23:00:00.000Z");
    expect(midnight("2026-03-29")).toBe("2026-03-29T00:00:00.000Z");
    expect(midnight("2026-10-25")).toBe("2026-10-24T23:00:00.000Z");
  });

  test("the days a person may ask about have a midnight, from the first to the day after the last", () => {
    expect(isSiteDay("2000-01-01")).toBe(true);
    expect(isSiteDay("2999-12-31")).toBe(true);
    expect(midnight("2000-01-01")).toBe("2000-01-01T00:00:00.000Z");
    expect(midnight(addDays("2999-12-31", 1))).toBe("3000-01-01T00:00:00.000Z");
  });

  test("a day outside them is refused before it reaches londonMidnight, which has no answer for it", () => {
    // Before December 1847 London kept local mean time; the day after 9999-12-31 has five digits.
    for (const day of ["1800-01-01", "1999-12-31", "3000-01-01", "9999-12-31", "2026-02-30", "x"])
      expect(isSiteDay(day)).toBe(false);
    expect(() => londonMidnight("1800-01-01")).toThrow("No London midnight on 1800-01-01");
    expect(() => londonMidnight(addDays("9999-12-31", 1))).toThrow("Not a calendar date: 10000-01-01");
  });
});

describe("dayRefusal", () => {
  test("says why a typed day is refused: not a date, or out of the range; null for a day in it", () => {
    const refusal = (value: string) => dayRefusal(value, "From", "Enter a real date for From");
    expect(refusal("2026-02-30")).toBe("Enter a real date for From");
    expect(refusal("1800-01-01")).toBe("From must be between 2000-01-01 and 2999-12-31");
    expect(refusal("2026-11-29")).toBeNull();
  });
});
