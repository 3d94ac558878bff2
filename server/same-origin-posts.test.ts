import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { EnvError } from "~/platform/env-values.server";
import { rawRequest, serveOnLoopback } from "../test/support/raw-http";
import { hostMatches } from "~/platform/env-values.server";
import { sameOriginPosts } from "./security";

/**
 * ALLOWED_ACTION_ORIGINS: the schema takes hosts as an Origin header carries
 * them and React Router's "*." and "**." patterns, and refuses, naming it, an
 * entry that would never match (a URL, a path, upper case kept as typed) or
 * one that would match too much ("*.com", "**"). The site's own check of form
 * posts reads the patterns as React Router does (hostMatches, which
 * INTEGRATION_HOSTS shares; faults/refusals.test.ts posts through both).
 */
describe("ALLOWED_ACTION_ORIGINS", () => {
  test("takes hosts, hosts with a port and wildcard patterns, lower-cased", () => {
    expect(
      parseEnv({ ALLOWED_ACTION_ORIGINS: "Admin.Maternis.Health, localhost:5173,*.partner.example **.deep.example" })
        .ALLOWED_ACTION_ORIGINS,
    ).toEqual(["admin.maternis.health", "localhost:5173", "*.partner.example", "**.deep.example"]);
    expect(parseEnv({}).ALLOWED_ACTION_ORIGINS).toEqual([]);
  });

  test("refuses, naming the entry, what no Origin carries and patterns that take a whole top-level domain", () => {
    for (const entry of [
      "https://admin.maternis.health",
      "admin.maternis.health/forms",
      "*.com",
      "**",
      "*",
      "forms.*.example",
      "***.partner.example",
      "admin.maternis.health:https",
      "-admin.maternis.health",
    ]) {
      const parse = () => parseEnv({ ALLOWED_ACTION_ORIGINS: `localhost:5173, ${entry}` });
      expect(parse, entry).toThrow(EnvError);
      expect(parse, entry).toThrow(`ALLOWED_ACTION_ORIGINS: "${entry}" is not a host as the Origin header carries it`);
    }
  });
});

describe("hostMatches, as the list reads it", () => {
  const listed = ["admin.maternis.health", "localhost:5173", "*.partner.example", "**.deep.example"];
  test.each([
    ["admin.maternis.health", true],
    ["localhost:5173", true],
    ["forms.partner.example", true],
    ["a.b.deep.example", true],
    ["b.deep.example", true],
    // The positive controls above differ from these only in what is refused.
    ["maternis.health", false],
    ["localhost:5174", false],
    ["partner.example", false],
    ["a.forms.partner.example", false],
    ["evilpartner.example", false],
    ["deep.example", false],
    ["x.deep.example.evil", false],
  ])("%s: %s", (host, expected) => {
    expect(listed.some((pattern) => hostMatches(host, pattern))).toBe(expected);
  });
});

describe("sameOriginPosts", () => {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(sameOriginPosts(["*.partner.example"]));
    app.post("/form", (_req, res) => void res.type("text/plain").send("reached the action"));
    ({ base, close } = await serveOnLoopback(app));
  });
  afterAll(() => close());

  const post = (headers: Record<string, string>) => rawRequest(base, { method: "POST", path: "/form", headers });

  test("a post from this host or a listed one reaches the action; any other is refused with 403", async () => {
    const own = new URL(base).host;
    const accepted: Record<string, string>[] = [
      {},
      { Origin: base },
      { Origin: base, "Sec-Fetch-Site": "same-origin" },
      { Origin: "https://forms.partner.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "http://forms.partner.example" },
    ];
    for (const headers of accepted) {
      const response = await post(headers);
      expect(response.body, `${JSON.stringify(headers)} to ${own}`).toBe("reached the action");
    }
    const refused: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "https://partner.example" },
      { Origin: "https://a.forms.partner.example" },
      { Origin: "https://forms.partner.example:8443" },
      { Origin: "null" },
      { Origin: "not a url" },
      { Origin: base, "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of refused) {
      const response = await post(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toBe("Cross-site form submissions are not accepted.");
    }
  });
});
