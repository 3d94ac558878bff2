import { describe, expect, it } from "vitest";
import { announcement } from "~/content/banner";
import { roadmapEntries } from "~/content/milestones";
import { addDays, londonDate, londonMidnight, monthsFrom, phaseOn, quarter } from "~/platform/calendar";
import {
  BEFORE_ALL,
  advisoryNetworkOn,
  boundaryDatesOf,
  contentDate,
  currentAnnouncement,
  eventShowing,
  highlightedRoadmapIndex,
  nationalPilotCard,
  nextBoundary,
  phasesOn,
  roadmapOn,
  statusWords,
} from "./dated";

const statuses = (today: string) => roadmapOn(today).map((item) => item.status);

describe("London calendar", () => {
  it("reads an instant's date in London: GMT in winter, BST in summer", () => {
    expect(londonDate(new Date("2026-01-15T23:59:59Z"))).toBe("2026-01-15");
    expect(londonDate(new Date("2026-01-16T00:00:00Z"))).toBe("2026-01-16");
    // 23:30 UTC on 15 July is 00:30 BST on 16 July.
    expect(londonDate(new Date("2026-07-15T23:30:00Z"))).toBe("2026-07-16");
    expect(londonDate(new Date("2026-07-15T22:59:59Z"))).toBe("2026-07-15");
  });

  it("finds London midnight on either side of a daylight-saving change", () => {
    // Clocks go forward at 01:00 GMT on Sunday 29 March 2026 and back at 02:00 BST on Sunday 25 October 2026.
    expect(londonMidnight("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(londonMidnight("2026-03-30").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(londonMidnight("2026-10-25").toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(londonMidnight("2026-10-26").toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(londonMidnight("2026-10-01").toISOString()).toBe("2026-09-30T23:00:00.000Z");
  });

  it("a day across a clock change is 23 or 25 hours long, and its dates still match", () => {
    const hours = (date: string) =>
      (londonMidnight(addDays(date, 1)).getTime() - londonMidnight(date).getTime()) / 3.6e6;
    expect(hours("2026-03-29")).toBe(23);
    expect(hours("2026-10-25")).toBe(25);
    expect(hours("2026-06-01")).toBe(24);
  });

  it("builds quarters and month spans with their real last days", () => {
    expect(quarter(2026, 1)).toEqual({ start: "2026-01-01", end: "2026-03-31" });
    expect(quarter(2024, 1)).toEqual({ start: "2024-01-01", end: "2024-03-31" });
    expect(quarter(2025, 4)).toEqual({ start: "2025-10-01", end: "2025-12-31" });
    expect(monthsFrom("2026-01-01", 9)).toEqual({ start: "2026-01-01", end: "2026-09-30" });
    expect(monthsFrom("2024-01-01", 2)).toEqual({ start: "2024-01-01", end: "2024-02-29" });
  });

  it("places a date before, during and after an inclusive period", () => {
    const period = { start: "2025-11-10", end: "2025-11-13" };
    expect(phaseOn(period, "2025-11-09")).toBe("before");
    expect(phaseOn(period, "2025-11-10")).toBe("during");
    expect(phaseOn(period, "2025-11-13")).toBe("during");
    expect(phaseOn(period, "2025-11-14")).toBe("after");
  });
});

describe("dated content", () => {
  it("on 1 June 2025 reads as the specification words it", () => {
    expect(statuses("2025-06-01")).toEqual(["upcoming", "planned", "planned"]);
    expect(highlightedRoadmapIndex(roadmapOn("2025-06-01"))).toBe(0);
    expect(currentAnnouncement("2025-06-01")).toEqual(announcement);
    expect(eventShowing("2025-06-01")).toBe(true);
    const pilot = nationalPilotCard("2025-06-01");
    expect(pilot.status).toBe("Coming Soon");
    expect(pilot.launch).toBe("Q1 2026");
    expect(pilot.ukPilotNote).toBe("Alongside it, a 9-month pilot in UK maternity services launches in Q1 2026.");
    expect(advisoryNetworkOn("2025-06-01")).toMatchObject({ status: "Coming Soon", when: "Launching Q1 2026" });
  });

  it("shows Web Summit 2025 until its last day, in London time", () => {
    expect(currentAnnouncement("2025-11-13")).not.toBeNull();
    expect(eventShowing("2025-11-13")).toBe(true);
    expect(currentAnnouncement("2025-11-14")).toBeNull();
    expect(eventShowing("2025-11-14")).toBe(false);
    // 23:59 GMT on the 13th is still the 13th; a minute later it is over.
    expect(currentAnnouncement(londonDate(new Date("2025-11-13T23:59:00Z")))).not.toBeNull();
    expect(currentAnnouncement(londonDate(new Date("2025-11-14T00:00:00Z")))).toBeNull();
  });

  it("moves the roadmap on at each boundary: upcoming, in progress, completed", () => {
    expect(statuses("2025-09-30")).toEqual(["upcoming", "planned", "planned"]);
    expect(statuses("2025-10-01")).toEqual(["current", "upcoming", "planned"]);
    expect(statuses("2025-12-31")).toEqual(["current", "upcoming", "planned"]);
    expect(statuses("2026-01-01")).toEqual(["done", "current", "upcoming"]);
    expect(statuses("2026-12-31")).toEqual(["done", "current", "upcoming"]);
    expect(statuses("2027-01-01")).toEqual(["done", "done", "current"]);
    expect(highlightedRoadmapIndex(roadmapOn("2026-06-01"))).toBe(1);
    expect(roadmapOn("2027-01-01").map((item) => statusWords[item.status])).toEqual([
      "Completed",
      "Completed",
      "In progress",
    ]);
  });

  it("moves the pilots and the advisory network on at the start and end of their periods", () => {
    expect(phasesOn("2025-12-31")).toMatchObject({ uk: "before", national: "before", network: "before" });
    expect(phasesOn("2026-01-01")).toMatchObject({ uk: "during", national: "during", network: "during" });
    expect(nationalPilotCard("2026-01-01")).toMatchObject({ status: "Launching now", launchLabel: "Launching" });
    expect(phasesOn("2026-03-31")).toMatchObject({ national: "during", network: "during" });
    expect(phasesOn("2026-04-01")).toMatchObject({ uk: "during", national: "after", network: "after" });
    expect(nationalPilotCard("2026-04-01")).toMatchObject({ status: "Launched", launchLabel: "Launched" });
    expect(advisoryNetworkOn("2026-04-01")).toMatchObject({ status: "Launched", when: "Launched Q1 2026" });
    expect(phasesOn("2026-09-30").uk).toBe("during");
    expect(phasesOn("2026-10-01").uk).toBe("after");
    expect(nationalPilotCard("2026-10-01").ukPilotNote).toBe(
      "Alongside it, a 9-month pilot in UK maternity services ran from January to September 2026.",
    );
  });

  it("the UK pilot ends at London midnight after 30 September 2026, an hour before UTC midnight (BST)", () => {
    const end = londonMidnight("2026-10-01");
    expect(end.toISOString()).toBe("2026-09-30T23:00:00.000Z");
    expect(phasesOn(londonDate(new Date(end.getTime() - 1))).uk).toBe("during");
    expect(phasesOn(londonDate(end)).uk).toBe("after");
  });
});

describe("the boundary schedule", () => {
  it("lists every date on which something changes, in order, without open ends", () => {
    const dates = boundaryDatesOf();
    expect(dates).toEqual([...dates].sort());
    expect(dates).toEqual([
      "2025-10-01",
      "2025-11-10",
      "2025-11-14",
      "2026-01-01",
      "2026-04-01",
      "2026-10-01",
      "2027-01-01",
    ]);
    expect(roadmapEntries).toHaveLength(3);
  });

  it("keys each stretch between boundaries by its first day", () => {
    expect(contentDate("2025-06-01")).toBe(BEFORE_ALL);
    expect(contentDate("2025-09-30")).toBe(BEFORE_ALL);
    expect(contentDate("2025-10-01")).toBe("2025-10-01");
    expect(contentDate("2025-11-13")).toBe("2025-11-10");
    expect(contentDate("2026-11-23")).toBe("2026-10-01");
    expect(contentDate("2030-01-01")).toBe("2027-01-01");
  });

  it("reads the same on a stretch's key as on every day of the stretch", () => {
    for (let day = "2025-01-01"; day <= "2027-03-01"; day = addDays(day, 1)) {
      const key = contentDate(day);
      expect(roadmapOn(key)).toEqual(roadmapOn(day));
      expect(phasesOn(key)).toEqual(phasesOn(day));
      expect(currentAnnouncement(key)).toEqual(currentAnnouncement(day));
    }
  });

  it("gives the instant of the next boundary, London midnight in GMT or BST", () => {
    expect(nextBoundary(new Date("2025-06-01T12:00:00Z"))?.toISOString()).toBe("2025-09-30T23:00:00.000Z");
    expect(nextBoundary(new Date("2025-11-13T12:00:00Z"))?.toISOString()).toBe("2025-11-14T00:00:00.000Z");
    // 23:30 UTC on 31 March 2026 is already 1 April in London: the next one is 1 October.
    expect(nextBoundary(new Date("2026-03-31T23:30:00Z"))?.toISOString()).toBe("2026-09-30T23:00:00.000Z");
    expect(nextBoundary(new Date("2026-03-31T22:30:00Z"))?.toISOString()).toBe("2026-03-31T23:00:00.000Z");
    expect(nextBoundary(new Date("2027-06-01T00:00:00Z"))).toBeNull();
  });
});
