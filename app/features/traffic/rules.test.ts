import { describe, expect, it } from "vitest";
import { agentOf, countedPath, USER_AGENT_KEPT, whyNotCounted } from "./rules";

/** Which requests count: each refusal beside the same request that counts (the positive control). */
const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const person = { "user-agent": chrome, "sec-fetch-dest": "document" };
const pages = (path: string) => (["/", "/about", "/contact"].includes(path) ? path : null);

describe("which requests may count", () => {
  it("a person's GET of a public page may", () => {
    expect(whyNotCounted("GET", "/about", person)).toBeNull();
    expect(whyNotCounted("GET", "/", { "user-agent": chrome })).toBeNull();
  });

  it.each([
    ["HEAD", "/about", person, "method"],
    ["POST", "/contact", person, "method"],
    ["GET", "/staff", person, "console"],
    ["GET", "/staff/traffic", person, "console"],
    ["GET", "/assets/enhance-abc123.js", person, "path"],
    ["GET", "/favicon.ico", person, "path"],
    ["GET", "/contact.data", person, "path"],
    ["GET", "/healthz", person, "path"],
    ["GET", "/metrics", person, "path"],
    ["GET", "/about", { ...person, "sec-gpc": "1" }, "opted-out"],
    ["GET", "/about", { ...person, dnt: "1" }, "opted-out"],
    ["GET", "/about", { ...person, "sec-purpose": "prefetch" }, "speculative"],
    ["GET", "/about", { ...person, "sec-purpose": "prefetch;prerender" }, "speculative"],
    ["GET", "/about", { ...person, purpose: "prefetch" }, "speculative"],
    ["GET", "/about", { ...person, "x-moz": "prefetch" }, "speculative"],
    ["GET", "/about", { ...person, "sec-fetch-dest": "empty" }, "not-a-document"],
    ["GET", "/about", { ...person, "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }, "bot"],
    ["GET", "/about", { ...person, "user-agent": chrome.replace("Chrome/", "HeadlessChrome/") }, "bot"],
    ["GET", "/about", { ...person, "user-agent": "curl/8.5.0" }, "bot"],
    ["GET", "/about", { "sec-fetch-dest": "document" }, "bot"],
  ] as const)("%s %s with %o is not counted (%s)", (method, path, headers, why) => {
    expect(whyNotCounted(method, path, headers)).toBe(why);
  });

  it("opting out means exactly 1: `Sec-GPC: 0` and `DNT: 0` are counted", () => {
    expect(whyNotCounted("GET", "/about", { ...person, "sec-gpc": "0", dnt: "0" })).toBeNull();
  });

  it("reads a user agent's first 512 characters: a bot's name there is a bot, after them it is not read", () => {
    const padded = (agent: string) => agent.padEnd(USER_AGENT_KEPT, " ");
    expect(agentOf(`${padded("Googlebot/2.1")}x`)).toEqual({ bot: true, device: "desktop" });
    expect(agentOf(`${padded(chrome)}Googlebot/2.1`)).toEqual({ bot: false, device: "desktop" });
    expect(agentOf(`${chrome} Googlebot/2.1`).bot).toBe(true);
  });
});

describe("what a response counts as", () => {
  it.each([
    [200, "text/html; charset=utf-8", "/about", "/about"],
    [304, "text/html; charset=utf-8", "/about", "/about"],
    [404, "text/html; charset=utf-8", "/no-such-page", "404"],
    [200, "text/html", "/not-a-page", null],
    [500, "text/html; charset=utf-8", "/about", null],
    [301, "text/html; charset=utf-8", "/about", null],
    [404, "text/plain; charset=utf-8", "/no-such-page", null],
    [200, "application/json", "/about", null],
    [200, undefined, "/about", null],
  ])("%s %s for %s: %s", (status, type, path, expected) => {
    expect(countedPath(status, type, path, pages)).toBe(expected);
  });
});
