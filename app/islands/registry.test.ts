import { describe, expect, it } from "vitest";
import { enquiryKindNames } from "~/features/enquiries/kinds";
import { islandForm } from "./registry";

describe("the form islands", () => {
  it("finds every kind's form by where it lives (app/routes/<kind>/<kind>-form.tsx), and nothing for an unknown kind", () => {
    for (const kind of enquiryKindNames) expect(islandForm(kind), kind).toBeTypeOf("function");
    expect(islandForm("feedback")).toBeUndefined();
    expect(islandForm("")).toBeUndefined();
  });
});
