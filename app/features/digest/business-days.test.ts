import { describe, expect, test } from "vitest";
import { isOverdue, overdueCutoff } from "./business-days";

/** A London wall-clock time, given with its UTC offset. */
const at = (iso: string) => new Date(iso);

describe("one business day, Europe/London", () => {
  test("an enquiry from Friday 10:00 is overdue on Monday 10:00, not before", () => {
    const friday = at("2026-11-20T10:00:00Z"); // GMT in November
    expect(isOverdue(friday, at("2026-11-23T09:59:59Z"))).toBe(false);
    expect(isOverdue(friday, at("2026-11-23T10:00:00Z"))).toBe(true);
    // Not over the weekend either.
    expect(isOverdue(friday, at("2026-11-22T23:00:00Z"))).toBe(false);
  });

  test("midweek it is the next day at the same time", () => {
    const tuesday = at("2026-11-17T15:30:00Z");
    expect(isOverdue(tuesday, at("2026-11-18T15:29:00Z"))).toBe(false);
    expect(isOverdue(tuesday, at("2026-11-18T15:30:00Z"))).toBe(true);
  });

  test("one received at a weekend counts from Monday 00:00, so is overdue on Tuesday 00:00", () => {
    const saturday = at("2026-11-21T10:00:00Z");
    const sunday = at("2026-11-22T23:59:00Z");
    for (const received of [saturday, sunday]) {
      expect(isOverdue(received, at("2026-11-23T23:59:00Z"))).toBe(false);
      expect(isOverdue(received, at("2026-11-24T00:00:00Z"))).toBe(true);
    }
  });

  test("at a weekend, only what fell due by the end of Friday is overdue", () => {
    const saturdayMorning = at("2026-11-21T08:00:00Z");
    expect(isOverdue(at("2026-11-19T23:59:00Z"), saturdayMorning)).toBe(true); // Thursday night: due Friday night
    expect(isOverdue(at("2026-11-20T00:00:00Z"), saturdayMorning)).toBe(false); // Friday: due Monday
    expect(overdueCutoff(saturdayMorning).toISOString()).toBe("2026-11-19T23:59:59.999Z");
  });

  test("across the autumn clock change: Friday 10:00 BST is overdue at Monday 10:00 GMT (73 hours)", () => {
    const friday = at("2026-10-23T09:00:00Z"); // 10:00 BST
    expect(isOverdue(friday, at("2026-10-26T09:59:00Z"))).toBe(false); // 09:59 GMT
    expect(isOverdue(friday, at("2026-10-26T10:00:00Z"))).toBe(true); // 10:00 GMT
  });

  test("across the spring clock change: Friday 10:00 GMT is overdue at Monday 10:00 BST (71 hours)", () => {
    const friday = at("2026-03-27T10:00:00Z"); // 10:00 GMT
    expect(isOverdue(friday, at("2026-03-30T08:59:00Z"))).toBe(false); // 09:59 BST
    expect(isOverdue(friday, at("2026-03-30T09:00:00Z"))).toBe(true); // 10:00 BST
  });

  test("the digest's Monday 08:00 run lists what came before Friday 08:00", () => {
    expect(overdueCutoff(at("2026-11-23T08:00:00Z")).toISOString()).toBe("2026-11-20T08:00:00.000Z");
    // Summer time: 08:00 BST is 07:00 UTC.
    expect(overdueCutoff(at("2026-06-15T07:00:00Z")).toISOString()).toBe("2026-06-12T07:00:00.000Z");
  });

  test("agrees with counting 24 hours of weekday time, for moments across a year (both clock changes)", () => {
    // An independent reference: walk forward in quarter hours, counting only time on a London weekday.
    const weekdayInLondon = (t: number) =>
      !["Sat", "Sun"].includes(
        new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "short" }).format(t),
      );
    const QUARTER = 15 * 60_000;
    const dueByCounting = (received: number) => {
      let t = received;
      let counted = 0;
      while (counted < 24 * 3_600_000) {
        if (weekdayInLondon(t)) counted += QUARTER;
        t += QUARTER;
      }
      // Nothing falls due at a weekend (Friday 00:00 is due on Monday 00:00, not at Friday's last moment).
      while (!weekdayInLondon(t)) t += QUARTER;
      return t;
    };
    const start = Date.parse("2026-01-02T00:00:00Z");
    for (let i = 0; i < 200; i++) {
      const received = start + i * 43 * 3_600_000 + (i % 4) * QUARTER;
      const due = dueByCounting(received);
      expect(isOverdue(new Date(received), new Date(due - 1)), new Date(received).toISOString()).toBe(false);
      expect(isOverdue(new Date(received), new Date(due)), new Date(received).toISOString()).toBe(true);
    }
  });
});
