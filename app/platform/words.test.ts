import { describe, expect, it } from "vitest";
import { plural } from "./words";

describe("plural", () => {
  it("takes the singular for exactly one, the plural otherwise, zero included", () => {
    expect(plural(1, "note")).toBe("1 note");
    expect(plural(0, "note")).toBe("0 notes");
    expect(plural(2, "note")).toBe("2 notes");
  });

  it("takes an irregular plural when given one", () => {
    expect(plural(1, "enquiry", "enquiries")).toBe("1 enquiry");
    expect(plural(3, "enquiry", "enquiries")).toBe("3 enquiries");
    expect(plural(2, "enquiry has", "enquiries have")).toBe("2 enquiries have");
  });

  it("groups thousands as in en-GB", () => {
    expect(plural(1250, "visitor")).toBe("1,250 visitors");
  });
});
