import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, test } from "vitest";
import { enquiryShouldRevalidate } from "./use-enquiry";

function args(overrides: Partial<ShouldRevalidateFunctionArgs>): ShouldRevalidateFunctionArgs {
  return {
    currentUrl: new URL("https://www.maternis.health/contact?interest=pricing"),
    currentParams: {},
    nextUrl: new URL("https://www.maternis.health/contact?interest=pricing"),
    nextParams: {},
    defaultShouldRevalidate: true,
    ...overrides,
  };
}

describe("enquiryShouldRevalidate", () => {
  test("the page's own form post reloads no loader (the action returns the next token)", () => {
    expect(enquiryShouldRevalidate(args({ formMethod: "POST", formAction: "/contact?interest=pricing" }))).toBe(false);
    expect(enquiryShouldRevalidate(args({ formMethod: "POST", formAction: "/contact" }))).toBe(false);
  });

  test("anything else keeps React Router's default", () => {
    expect(enquiryShouldRevalidate(args({}))).toBe(true);
    expect(enquiryShouldRevalidate(args({ defaultShouldRevalidate: false }))).toBe(false);
    expect(enquiryShouldRevalidate(args({ formMethod: "POST", formAction: "/demo" }))).toBe(true);
    expect(enquiryShouldRevalidate(args({ formMethod: "GET", formAction: "/contact" }))).toBe(true);
  });
});
