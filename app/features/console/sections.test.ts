import { describe, expect, it } from "vitest";
import { consoleMenu, consoleSections } from "./sections";

describe("the console's sections", () => {
  it("give the menu: every section to an admin, the others' to a member of staff", () => {
    expect(consoleMenu("admin").map((item) => item.label)).toEqual([
      "Inbox",
      "Spam",
      "Traffic",
      "Data requests",
      "Audit log",
      "Members",
      "Banner",
      "Text messages",
      "Integrations",
      "Account",
    ]);
    expect(consoleMenu("staff")).toEqual([
      { to: "/staff", label: "Inbox", end: true },
      { to: "/staff/spam", label: "Spam", end: false },
      { to: "/staff/traffic", label: "Traffic", end: false },
      { to: "/staff/account", label: "Account", end: false },
    ]);
  });

  it("each menu item goes to its section's first page", () => {
    for (const section of consoleSections) {
      expect(Object.keys(section.pages)[0], section.label).toBe(section.path);
    }
  });
});
