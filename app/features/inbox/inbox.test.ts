import { describe, expect, test } from "vitest";
import { inboxQuery, parseInboxFilters, SEARCH_MAX_LENGTH } from "./inbox";

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

  test("a date range typed backwards means the same days", () => {
    expect(parse("from=2026-07-31&to=2026-07-01")).toEqual({ from: "2026-07-01", to: "2026-07-31" });
    expect(parse("from=2026-07-31")).toEqual({ from: "2026-07-31" });
  });
});
