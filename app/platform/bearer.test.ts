import { describe, expect, it } from "vitest";
import { bearerKeyOf, bearerKeys } from "./bearer.server";

const CURRENT = "current-key-0123456789abcdefgh";
const PREVIOUS = "previous-key-0123456789abcdefg";

describe("bearerKeyOf", () => {
  it("names the key a request carries: the current one, or the previous one during a rotation", () => {
    const keys = { current: CURRENT, previous: PREVIOUS };
    expect(bearerKeyOf(`Bearer ${CURRENT}`, keys)).toBe("current");
    expect(bearerKeyOf(`Bearer ${PREVIOUS}`, keys)).toBe("previous");
    // The scheme's case does not matter (RFC 9110); trailing space is forgiven.
    expect(bearerKeyOf(`bearer ${CURRENT} `, keys)).toBe("current");
  });

  it("refuses no key, another key, another scheme, and the previous key once the rotation is over", () => {
    const keys = { current: CURRENT, previous: PREVIOUS };
    for (const header of [
      undefined,
      "",
      "Bearer ",
      "Bearer wrong",
      `Basic ${CURRENT}`,
      `Bearer ${CURRENT}x`,
      CURRENT,
    ]) {
      expect(bearerKeyOf(header, keys), String(header)).toBeNull();
    }
    expect(bearerKeyOf(`Bearer ${PREVIOUS}`, { current: CURRENT })).toBeNull();
  });
});

describe("bearerKeys", () => {
  it("is none while the setting is unset (the endpoint is off), whatever the previous key", () => {
    expect(bearerKeys(undefined, PREVIOUS)).toBeUndefined();
    expect(bearerKeys(CURRENT, undefined)).toEqual({ current: CURRENT });
    expect(bearerKeys(CURRENT, PREVIOUS)).toEqual({ current: CURRENT, previous: PREVIOUS });
  });
});
