import { describe, expect, test } from "vitest";
import { fromLondonInput, toLondonInput } from "./wall-time";

describe("London wall times for the console's date-time inputs", () => {
  test("winter is UTC and summer is UTC+1", () => {
    expect(fromLondonInput("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(fromLondonInput("2026-07-01T09:00")?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(toLondonInput(new Date("2026-07-01T08:00:00Z"))).toBe("2026-07-01T09:00");
    expect(toLondonInput(new Date("2026-12-01T09:00:00Z"))).toBe("2026-12-01T09:00");
  });

  test("across the spring change, a skipped time is read as the clocks would show it", () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(fromLondonInput("2026-03-29T00:59")?.toISOString()).toBe("2026-03-29T00:59:00.000Z");
    expect(fromLondonInput("2026-03-29T02:00")?.toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(fromLondonInput("2026-03-29T01:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  test("in the repeated autumn hour, the first is meant", () => {
    // 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:30 happens twice.
    expect(fromLondonInput("2026-10-25T01:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(fromLondonInput("2026-10-25T02:30")?.toISOString()).toBe("2026-10-25T02:30:00.000Z");
  });

  test("round-trips and refuses malformed values", () => {
    const value = "2027-01-15T17:45";
    expect(toLondonInput(fromLondonInput(value)!)).toBe(value);
    for (const bad of ["", "2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01 10:00", "2026-01-01T24:00", "soon"]) {
      expect(fromLondonInput(bad)).toBeNull();
    }
  });
});
