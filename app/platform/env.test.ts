import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

/** Settings that are security limits are bounded where the environment is parsed, so no deployment can loosen them. */
describe("the environment's security bounds", () => {
  it("an e-mailed sign-in code lives 10 minutes at most (ASVS 6.5.5): STAFF_CODE_TTL_SECONDS over 600 stops start-up", () => {
    expect(parseEnv({}).STAFF_CODE_TTL_SECONDS).toBe(600);
    expect(parseEnv({ STAFF_CODE_TTL_SECONDS: "600" }).STAFF_CODE_TTL_SECONDS).toBe(600);
    expect(parseEnv({ STAFF_CODE_TTL_SECONDS: "120" }).STAFF_CODE_TTL_SECONDS).toBe(120);
    expect(() => parseEnv({ STAFF_CODE_TTL_SECONDS: "601" })).toThrow(EnvError);
    expect(() => parseEnv({ STAFF_CODE_TTL_SECONDS: "601" })).toThrow(/STAFF_CODE_TTL_SECONDS/);
  });
});
