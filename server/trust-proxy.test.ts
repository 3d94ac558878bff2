import express from "express";
import { describe, expect, test } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { EnvError } from "~/platform/env-values.server";
import { parseTrustProxy } from "./app";

/**
 * TRUST_PROXY is checked when the environment is parsed, against what
 * Express's own "trust proxy" accepts: a typo stops the start with one line
 * naming it (it was a stack trace from Express, after the worker had started).
 */
const accepts = (value: string) => {
  try {
    express().set("trust proxy", parseTrustProxy(value));
    return true;
  } catch {
    return false;
  }
};

describe("TRUST_PROXY", () => {
  test("what the schema takes, Express takes; what it refuses, Express refuses too (each value checked both ways)", () => {
    for (const value of [
      "false",
      "true",
      "2",
      "loopback",
      "loopback, 10.0.0.0/8",
      "127.0.0.1,::1",
      "linklocal, uniquelocal, 192.168.0.0/255.255.0.0",
      "fd00::/8",
    ]) {
      expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY, value).toBe(value);
      expect(accepts(value), value).toBe(true);
    }
    for (const value of ["???", "localhost", "10.0.0.0/33", "loopback, proxy.internal", "1.2.3.4/8/9", "::1/129"]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(EnvError);
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be false, true, a hop count/);
      expect(accepts(value), value).toBe(false);
    }
  });
});
