import { describe, expect, test } from "vitest";
import { isStaffPath, safeReturnTo, signInUrl } from "./paths";

describe("console paths", () => {
  test("only /staff and below are console paths", () => {
    expect(isStaffPath("/staff")).toBe(true);
    expect(isStaffPath("/staff.data")).toBe(true);
    expect(isStaffPath("/staff/members")).toBe(true);
    expect(isStaffPath("/staffing")).toBe(false);
    // As the router reads a path: in any case, and percent-decoded.
    expect(isStaffPath("/STAFF/banner")).toBe(true);
    expect(isStaffPath("/Staff.data")).toBe(true);
    expect(isStaffPath("/%73taff/banner")).toBe(true);
    expect(isStaffPath("/%53TAFFING")).toBe(false);
    expect(isStaffPath("/contact")).toBe(false);
  });

  test.each([
    ["/staff/members", "/staff/members"],
    ["/staff/enquiries/1?page=2", "/staff/enquiries/1?page=2"],
    ["/staff/members.data?_routes=x", "/staff/members"],
    ["https://evil.example/staff", "/staff"],
    ["//evil.example/staff", "/staff"],
    ["/\\evil.example", "/staff"],
    ["/contact", "/staff"],
    ["/staffing", "/staff"],
    ["/STAFF/sign-in", "/staff"],
    ["/staff/sign-in?returnTo=/staff/x", "/staff"],
    ["/staff/auth/sign-in/passkey", "/staff"],
    ["/staff/../contact", "/staff"],
    ["javascript:alert(1)", "/staff"],
    [null, "/staff"],
  ])("returnTo %s → %s", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  test("the sign-in URL carries reauth and a safe returnTo", () => {
    expect(signInUrl("/staff")).toBe("/staff/sign-in");
    expect(signInUrl("/staff/members", true)).toBe("/staff/sign-in?reauth=1&returnTo=%2Fstaff%2Fmembers");
    expect(signInUrl("https://evil.example")).toBe("/staff/sign-in");
  });
});
