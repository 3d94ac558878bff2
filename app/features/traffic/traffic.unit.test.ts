import { describe, expect, it } from "vitest";
import { dayText } from "~/platform/calendar";
import { axisTicks, axisTop } from "./chart";
import {
  conversion,
  daysBetween,
  defaultRange,
  monthsAndDays,
  NOT_RECORDED,
  OTHER_SOURCES,
  parseRange,
  sourceText,
} from "./traffic";

describe("the Traffic page's range", () => {
  const today = "2026-11-27";
  const parse = (query: string) => parseRange(new URLSearchParams(query), today);

  it("is the last 7 London days by default, today included", () => {
    expect(defaultRange(today)).toEqual({ from: "2026-11-21", to: "2026-11-27" });
    expect(parse("")).toEqual({ range: defaultRange(today), asked: defaultRange(today), errors: [] });
  });

  it("counts days across months and the clocks' change", () => {
    expect(daysBetween({ from: "2026-10-29", to: "2026-11-27" })).toBe(30);
    expect(daysBetween({ from: "2026-03-28", to: "2026-03-30" })).toBe(3);
    expect(daysBetween({ from: "2024-02-28", to: "2024-03-01" })).toBe(3);
  });

  it("takes a range asked for, and refuses a reversed, impossible or too long one (showing the default)", () => {
    expect(parse("from=2026-11-01&to=2026-11-10").range).toEqual({ from: "2026-11-01", to: "2026-11-10" });
    expect(parse("from=2026-11-10&to=2026-11-01").errors).toEqual([
      { field: "to", message: "To must be the same day as From or after it" },
    ]);
    expect(parse("from=2026-02-30&to=2026-11-01").errors).toEqual([
      { field: "from", message: "Enter a real date for From" },
    ]);
    expect(parse("from=2020-01-01&to=2026-11-01").errors[0]?.message).toBe("Choose a range of at most 800 days");
    // Days London's midnight has no answer for (local mean time; a five-digit next day) once made the page fail.
    expect(parse("from=1800-01-01&to=1800-01-02").errors).toEqual([
      { field: "from", message: "From must be between 2000-01-01 and 2999-12-31" },
      { field: "to", message: "To must be between 2000-01-01 and 2999-12-31" },
    ]);
    expect(parse("from=9999-12-30&to=9999-12-31").range).toEqual(defaultRange(today));
    for (const refused of ["from=2026-11-10&to=2026-11-01", "from=x"]) {
      expect(parse(refused).range).toEqual(defaultRange(today));
    }
  });
});

describe("the Traffic page's words and numbers", () => {
  it("writes days the same on the server and in the browser", () => {
    expect(dayText("2026-11-23")).toBe("Mon 23 Nov 2026");
    expect(dayText("2026-11-22", { year: false })).toBe("Sun 22 Nov");
    expect(dayText("2026-01-05", { year: false, weekday: false })).toBe("5 Jan");
    expect(dayText("2026-09-01", { weekday: false })).toBe("1 Sep 2026");
  });

  it("gives conversion with one decimal, or a dash without visitors", () => {
    expect(conversion(1, 3)).toBe("33.3%");
    expect(conversion(0, 10)).toBe("0.0%");
    expect(conversion(2, 0)).toBe("–");
  });

  it("names the sources no referrer says: not recorded, and the ones over a day's limit", () => {
    expect(sourceText(NOT_RECORDED)).toBe("Not recorded");
    expect(sourceText(OTHER_SOURCES)).toBe("Other sources (over the day's limit)");
    expect(sourceText("google.com")).toBe("google.com");
  });

  it("tops the chart's axis at a round number", () => {
    expect([0, 1, 3, 7, 10, 11, 180, 2345].map(axisTop)).toEqual([1, 1, 5, 10, 10, 20, 200, 5000]);
    expect([1, 2, 5, 10, 50].map(axisTicks)).toEqual([
      [0, 1],
      [0, 1, 2],
      [0, 5],
      [0, 5, 10],
      [0, 25, 50],
    ]);
  });
});

describe("a range in whole months and days", () => {
  it("reads whole months from the month totals and the days at either end from the day totals", () => {
    expect(monthsAndDays({ from: "2026-11-21", to: "2026-11-27" })).toEqual({
      months: null,
      days: [{ from: "2026-11-21", to: "2026-11-27" }],
    });
    expect(monthsAndDays({ from: "2025-11-28", to: "2026-11-27" })).toEqual({
      months: { from: "2025-12-01", to: "2026-10-01" },
      days: [
        { from: "2025-11-28", to: "2025-11-30" },
        { from: "2026-11-01", to: "2026-11-27" },
      ],
    });
    expect(monthsAndDays({ from: "2026-02-01", to: "2026-02-28" })).toEqual({
      months: { from: "2026-02-01", to: "2026-02-01" },
      days: [],
    });
    expect(monthsAndDays({ from: "2026-01-31", to: "2026-03-01" })).toEqual({
      months: { from: "2026-02-01", to: "2026-02-01" },
      days: [
        { from: "2026-01-31", to: "2026-01-31" },
        { from: "2026-03-01", to: "2026-03-01" },
      ],
    });
    expect(monthsAndDays({ from: "2026-01-02", to: "2026-01-30" }).months).toBeNull();
  });
});
