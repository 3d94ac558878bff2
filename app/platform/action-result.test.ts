import { describe, expect, it } from "vitest";
import { encodeActionData } from "../../test/support/enquiry-pages";
import { decodeActionData } from "./action-result";

describe("decodeActionData (an action's answer from its .data endpoint)", () => {
  it("reads React Router's single-fetch body of an action's plain data", () => {
    // An invalid contact form's answer, in the shape of React Router 8.4's turbo-stream (the e2e tests post to the real endpoint).
    const body =
      '[{"_1":2},"data",{"_3":4,"_5":6,"_12":13,"_15":16},"status","invalid","errors",{"_7":8,"_9":10},"name","Enter your full name","message","Enter your message","x","values",{"_7":14},"","token","abc"]\n';
    expect(decodeActionData(body)).toEqual({
      status: "invalid",
      errors: { name: "Enter your full name", message: "Enter your message" },
      values: { name: "" },
      token: "abc",
    });
  });

  it("round-trips every result the enquiry actions return", () => {
    for (const result of [
      { status: "success" },
      { status: "success", interest: "pricing" },
      { status: "failed", reason: "rate-limited", values: { a: "b" }, token: "t", retryAfterSeconds: 60 },
      { status: "failed", reason: "unavailable", values: { a: "b" }, token: "t" },
      { status: "expired", values: {}, token: "t", list: [1, null, "b"] },
    ])
      expect(decodeActionData(encodeActionData(result))).toEqual(result);
  });

  it("refuses what is not plain data (the form then posts itself)", () => {
    expect(() => decodeActionData('[{"_1":2},"redirect",["SingleFetchRedirect",3],"/x"]\n')).toThrow();
    expect(() => decodeActionData('[{"_1":2},"data",["D",0]]\n')).toThrow();
    expect(() => decodeActionData('[{"_1":2},"error",3,"boom"]\n')).toThrow();
    expect(() => decodeActionData("<!doctype html>")).toThrow();
  });
});
