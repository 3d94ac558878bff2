import { describe, expect, test } from "vitest";
import {
  activeFilterCount,
  checkInboxFilters,
  inboxQuery,
  parseInboxFilters,
  parseSelected,
  SEARCH_MAX_LENGTH,
} from "./inbox";

describe("the inbox's filters in a query string", () => {
  const parse = (query: string) => parseInboxFilters(new URLSearchParams(query));

  test("known values are kept and written back the same", () => {
    const filters = parse("kind=demo&state=handled&problem=1&q=+okafor+&from=2026-07-01&to=2026-07-31&page=3");
    expect(filters).toEqual({
      kind: "demo",
      state: "handled",
      problem: true,
      q: "okafor",
      from: "2026-07-01",
      to: "2026-07-31",
    });
    expect(parse(inboxQuery(filters, 3).slice(1))).toEqual(filters);
    expect(inboxQuery(filters, 3)).toContain("page=3");
  });

  test("anything unknown or malformed is ignored", () => {
    expect(parse("kind=gossip&state=open&problem=yes&from=2026-02-30&to=01/07/2026&q=")).toEqual({});
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(SEARCH_MAX_LENGTH);
  });

  test("a range typed backwards is not turned round: the check refuses it", () => {
    expect(parse("from=2026-07-31&to=2026-07-01")).toEqual({ from: "2026-07-31", to: "2026-07-01" });
    expect(parse("from=2026-07-31")).toEqual({ from: "2026-07-31" });
  });
});

describe("the filters checked as typed", () => {
  const check = (query: string) => checkInboxFilters(new URLSearchParams(query));
  /** Checks `from` and `to` as typed: both refused, each on its own field with its message, and kept as typed. */
  const expectBothDatesRefused = (from: string, to: string, messages: { from: string; to: string }) =>
    expect(check(`from=${from}&to=${to}`)).toEqual({
      filters: {},
      errors: [
        { field: "inbox-from", message: messages.from },
        { field: "inbox-to", message: messages.to },
      ],
      typed: { from, to, q: "" },
    });

  test("a reversed range is refused on the end date, with what was typed kept", () => {
    expect(check("from=2026-11-27&to=2026-11-01&kind=demo")).toEqual({
      filters: { kind: "demo", from: "2026-11-27", to: "2026-11-01" },
      errors: [{ field: "inbox-to", message: "‘Received to’ must be the same day as ‘Received from’ or after it" }],
      typed: { from: "2026-11-27", to: "2026-11-01", q: "" },
    });
  });

  test("a date that is not a real one is refused on its field, never dropped silently", () => {
    expectBothDatesRefused("2026-02-30", "27/11/2026", {
      from: "Enter a real date for ‘Received from’, like 2026-11-01",
      to: "Enter a real date for ‘Received to’, like 2026-11-27",
    });
  });

  test("a date London's clocks cannot place, or past the year 2999, is refused with the range allowed", () => {
    // Before 1 December 1847 London kept local mean time; 9999-12-31 has no next day of four digits.
    expectBothDatesRefused("1800-01-01", "9999-12-31", {
      from: "‘Received from’ must be between 2000-01-01 and 2999-12-31",
      to: "‘Received to’ must be between 2000-01-01 and 2999-12-31",
    });
    expect(check("from=1999-12-31&to=3000-01-01").errors).toHaveLength(2);
    // The positive controls: the first and last days allowed.
    expect(check("from=2000-01-01&to=2999-12-31")).toMatchObject({
      filters: { from: "2000-01-01", to: "2999-12-31" },
      errors: [],
    });
  });

  test("a search with a control character or a bidi override is refused, as typed, and never searched for", () => {
    for (const q of ["grace\u0000", "ada\u001b[2J", "\u202egnp.exe"]) {
      expect(check(`q=${encodeURIComponent(q)}&kind=demo`)).toEqual({
        filters: { kind: "demo" },
        errors: [{ field: "inbox-q", message: "The search contains characters that are not allowed" }],
        typed: { from: "", to: "", q },
      });
      expect(parseInboxFilters(new URLSearchParams({ q }))).toEqual({});
    }
    // The positive control: accents, apostrophes and right-to-left writing are searched for.
    expect(check("q=O%E2%80%99Sullivan%20%D8%B9%D9%84%D9%8A")).toMatchObject({
      filters: { q: "O’Sullivan علي" },
      errors: [],
    });
  });

  test("the positive controls: one day, an open range, no dates", () => {
    expect(check("from=2026-11-01&to=2026-11-01").errors).toEqual([]);
    expect(check("from=2026-11-01").errors).toEqual([]);
    expect(check("to=2026-11-01").errors).toEqual([]);
    expect(check("from=&to=").errors).toEqual([]);
  });
});

describe("the inbox's disclosure and selection", () => {
  test("the count of active filters leaves the search out (it has its own box)", () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ q: "grace" })).toBe(0);
    expect(activeFilterCount({ kind: "demo", state: "new", problem: true, assigned: "mine", from: "2026-11-01" })).toBe(
      5,
    );
  });

  test("the enquiries ticked before a change come back as ids, at most a page of them", () => {
    const id = (n: number) => `${String(n).padStart(8, "0")}-8d0f-4a53-9d7e-0d3f4a7b2c11`;
    expect(parseSelected(new URLSearchParams(`selected=${id(1)},${id(2)},nope,`))).toEqual([id(1), id(2)]);
    expect(
      parseSelected(new URLSearchParams(`selected=${Array.from({ length: 60 }, (_, n) => id(n)).join(",")}`)),
    ).toHaveLength(50);
    expect(parseSelected(new URLSearchParams(""))).toEqual([]);
  });
});
