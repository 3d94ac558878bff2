/**
 * Issue 7, refusals: what the server must turn away, and that turning it away
 * has no side effects.
 *
 * Proves: cross-site form posts (a foreign Origin, Sec-Fetch-Site:
 * cross-site, Origin: null) get 403 and store nothing, while hosts that
 * ALLOWED_ACTION_ORIGINS lists or matches get through; a client cannot escape
 * the form-post rate limit with a forged X-Forwarded-For, neither with
 * TRUST_PROXY=false (the header is ignored) nor with TRUST_PROXY=loopback
 * (only the address the trusted hop appended counts, never the client's
 * left-most values), and the 429 carries Retry-After; the communication
 * endpoint refuses calls without the key, with a wrong key, or with the key
 * anywhere but `Authorization: Bearer`, with 401 and no e-mail sent.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { preparedDataDir } from "../test/support/pglite";
import { startSmtpServer, type TestSmtpServer } from "../test/support/smtp";
import { waitFor } from "../test/support/wait";
import { exportEnquiries } from "../test/support/enquiries-cli";
import { COMMUNICATION_API_KEY, formBody, saveOutput, startFaultServer } from "../test/support/faults";
import { formKinds, validFields } from "../test/support/fixtures";
import { isSuccessPage, postForm, rawRequest } from "../test/support/raw-http";
import { type RunningServer } from "../test/support/server-process";

const POST_LIMIT = 5;
/** The proxied server's ALLOWED_ACTION_ORIGINS. */
const LISTED_ORIGINS = "*.partner.example, **.deep.example";
const API = "/functions/v1/azure-communication";
const kinds = formKinds;

let smtp: TestSmtpServer;
const dataDirs: { dir: string; remove(): void }[] = [];
/** TRUST_PROXY=false, and TRUST_PROXY=loopback (the test client plays the proxy). */
let direct: RunningServer;
let proxied: RunningServer;
/** Which e-mail addresses each server should have stored, and which never. */
const shouldStore = new Map<RunningServer, string[]>();
const mustNotStore: string[] = [];

beforeAll(async () => {
  const [mail, a, b] = await Promise.all([
    startSmtpServer({ closeTimeoutMs: 200 }),
    preparedDataDir("maternis-faults-refusals-"),
    preparedDataDir("maternis-faults-refusals-"),
  ]);
  smtp = mail;
  dataDirs.push(a, b);
  const common = {
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: smtp.url,
    COMMUNICATION_API_KEY,
    POST_RATE_LIMIT_PER_MINUTE: String(POST_LIMIT),
  };
  [direct, proxied] = await Promise.all([
    startFaultServer({ ...common, DATA_DIR: a.dir, TRUST_PROXY: "false" }),
    startFaultServer({ ...common, DATA_DIR: b.dir, TRUST_PROXY: "loopback", ALLOWED_ACTION_ORIGINS: LISTED_ORIGINS }),
  ]);
  shouldStore.set(direct, []);
  shouldStore.set(proxied, []);
});

afterAll(async () => {
  for (const [name, server] of [
    ["refusals-direct", direct],
    ["refusals-proxied", proxied],
  ] as const) {
    await server?.kill("SIGKILL");
    saveOutput(server, name);
  }
  await smtp?.stop();
  for (const data of dataDirs) data.remove();
});

let counter = 0;
const nextEmail = (what: string) => `${what}-${counter++}@faults.example`;

async function expectRateLimited(server: RunningServer, headers: () => Record<string, string>) {
  for (let i = 0; i < POST_LIMIT; i++) {
    const kind = kinds[i % kinds.length]!;
    const email = nextEmail("limit");
    const response = await postForm(server.url, kind, formBody(validFields(kind, email, i)), headers());
    expect(isSuccessPage(kind, response), `post ${i + 1}: ${response.status}`).toBe(true);
    shouldStore.get(server)!.push(email);
  }
  const email = nextEmail("limited");
  const limited = await postForm(server.url, "contact", formBody(validFields("contact", email)), headers());
  mustNotStore.push(email);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
  expect(limited.body).toMatch(/Too many submissions/);
}

const octet = () => Math.floor(Math.random() * 254) + 1;
const forged = () => `${octet()}.${octet()}.${octet()}.${octet()}`;

describe("the form-post rate limit holds against forged X-Forwarded-For", () => {
  test("TRUST_PROXY=false: a different forged address on every post changes nothing", async () => {
    await expectRateLimited(direct, () => ({ "X-Forwarded-For": forged() }));
    // Still limited whatever the header says: it is not read at all.
    const again = await postForm(direct.url, "demo", formBody(validFields("demo", nextEmail("limited"))), {
      "X-Forwarded-For": "198.51.100.77",
    });
    expect(again.status).toBe(429);
  });

  test("TRUST_PROXY=loopback: only the address the trusted hop appended counts", async () => {
    // The client forges the left of the chain; the trusted proxy (loopback) appends what it saw.
    const realClient = "203.0.113.7";
    await expectRateLimited(proxied, () => ({ "X-Forwarded-For": `${forged()}, ${forged()}, ${realClient}` }));
    // Another real client behind the same proxy has its own budget: the header is honoured at the trusted hop.
    const email = nextEmail("other-client");
    const other = await postForm(proxied.url, "advisory", formBody(validFields("advisory", email)), {
      "X-Forwarded-For": `${realClient}, 198.51.100.9`,
    });
    expect(isSuccessPage("advisory", other), `other client: ${other.status}`).toBe(true);
    shouldStore.get(proxied)!.push(email);
  });
});

describe("cross-site form posts are refused", () => {
  const crossSite: { name: string; headers: Record<string, string> }[] = [
    { name: "a foreign Origin", headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } },
    {
      name: "a foreign Origin without fetch metadata",
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "" },
    },
    { name: "a foreign http Origin", headers: { Origin: "http://evil.example", "Sec-Fetch-Site": "" } },
    { name: "Sec-Fetch-Site: cross-site with our Origin", headers: { "Sec-Fetch-Site": "cross-site" } },
    { name: "Sec-Fetch-Site: cross-site without Origin", headers: { Origin: "", "Sec-Fetch-Site": "cross-site" } },
    { name: "Origin: null (a sandboxed or data: page)", headers: { Origin: "null", "Sec-Fetch-Site": "" } },
  ];
  for (const { name, headers } of crossSite) {
    test.each(kinds)(`${name}: 403 on /%s`, async (kind) => {
      const email = nextEmail("cross-site");
      mustNotStore.push(email);
      // Each from its own (proxied) client address, so the form-post limit never answers first.
      // An empty value here means the header is not sent at all.
      const all: Record<string, string> = {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: proxied.url,
        "X-Forwarded-For": forged(),
        ...headers,
      };
      const sent = Object.fromEntries(Object.entries(all).filter(([, value]) => value !== ""));
      const response = await rawRequest(proxied.url, {
        path: `/${kind}`,
        headers: sent,
        body: formBody(validFields(kind, email)),
      });
      expect(response.status).toBe(403);
      expect(response.body).toBe("Cross-site form submissions are not accepted.");
    });
  }

  test("ALLOWED_ACTION_ORIGINS: a listed host, or one its patterns match, gets through both checks (the site's and React Router's); its neighbours do not", async () => {
    for (const origin of ["https://forms.partner.example", "https://a.b.deep.example"]) {
      const email = nextEmail("listed");
      const response = await postForm(proxied.url, "contact", formBody(validFields("contact", email)), {
        Origin: origin,
        "Sec-Fetch-Site": "cross-site",
        "X-Forwarded-For": forged(),
      });
      expect(isSuccessPage("contact", response), `${origin}: ${response.status}`).toBe(true);
      shouldStore.get(proxied)!.push(email);
    }
    for (const origin of ["https://partner.example", "https://a.forms.partner.example", "https://deep.example"]) {
      const email = nextEmail("not-listed");
      mustNotStore.push(email);
      const response = await postForm(proxied.url, "contact", formBody(validFields("contact", email)), {
        Origin: origin,
        "X-Forwarded-For": forged(),
      });
      expect(response.status, origin).toBe(403);
    }
  });

  test("the same post from our own origin is accepted (the refusals above are about the origin)", async () => {
    const email = nextEmail("same-site");
    const response = await postForm(proxied.url, "contact", formBody(validFields("contact", email)), {
      "X-Forwarded-For": forged(),
    });
    expect(isSuccessPage("contact", response)).toBe(true);
    shouldStore.get(proxied)!.push(email);
  });
});

describe("the communication endpoint refuses calls without its key", () => {
  const body = (to: string) =>
    JSON.stringify({
      action: "send_email",
      data: { to, subject: "Refusal check", textContent: "Should never be sent" },
    });
  const key = COMMUNICATION_API_KEY;
  const refusals: { name: string; path?: string; headers: Record<string, string>; body?: (to: string) => string }[] = [
    { name: "no credentials", headers: {} },
    { name: "an empty bearer", headers: { Authorization: "Bearer " } },
    { name: "a wrong key", headers: { Authorization: "Bearer faults-wrong-key-0123456789abcdef0123" } },
    { name: "the key with a suffix", headers: { Authorization: `Bearer ${key}0` } },
    { name: "a prefix of the key", headers: { Authorization: `Bearer ${key.slice(0, -1)}` } },
    { name: "the key without the Bearer scheme", headers: { Authorization: key } },
    {
      name: "the key as Basic credentials",
      headers: { Authorization: `Basic ${Buffer.from(`api:${key}`).toString("base64")}` },
    },
    { name: "the key in X-Api-Key", headers: { "X-Api-Key": key } },
    { name: "the key in x-functions-key", headers: { "x-functions-key": key } },
    { name: "the key in a cookie", headers: { Cookie: `Authorization=Bearer ${key}; key=${key}` } },
    { name: "the key in the query string (?code=)", path: `${API}?code=${key}`, headers: {} },
    { name: "the key in the query string (?key=)", path: `${API}?key=${key}&access_token=${key}`, headers: {} },
    {
      name: "the key in the body",
      headers: {},
      body: (to) => JSON.stringify({ ...JSON.parse(body(to)), apiKey: key, key, authorization: `Bearer ${key}` }),
    },
  ];
  test.each(refusals.map((r, i) => ({ ...r, i })))("$name: 401", async ({ path, headers, body: makeBody, i }) => {
    const response = await rawRequest(direct.url, {
      path: path ?? API,
      headers: { "Content-Type": "application/json", ...headers },
      body: (makeBody ?? body)(`refused-${i}@faults.example`),
    });
    expect(response.status).toBe(401);
    expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(JSON.parse(response.body)).toEqual({ error: "Unauthorized" });
  });

  test("nothing refused was sent; the right key in the right place is", async () => {
    // Every refusal once more, then the accepted call, in this order and through the same
    // endpoint and SMTP server: the accepted call is the positive control that what is
    // sent does arrive, after everything that must not.
    for (const [i, refusal] of refusals.entries()) {
      const response = await rawRequest(direct.url, {
        path: refusal.path ?? API,
        headers: { "Content-Type": "application/json", ...refusal.headers },
        body: (refusal.body ?? body)(`refused-again-${i}@faults.example`),
      });
      expect(response.status, refusal.name).toBe(401);
    }
    const ok = await rawRequest(direct.url, {
      path: API,
      headers: { "Content-Type": "application/json", Authorization: `bearer ${key}` },
      body: body("accepted@faults.example"),
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ success: true });
    // The endpoint answers 200 once the SMTP server accepted the message (it sends before it
    // replies), so it is there already; waited for all the same.
    await waitFor(() => smtp.received.some((mail) => mail.envelopeTo.includes("accepted@faults.example")), {
      what: "the accepted call's e-mail",
    });
    expect(smtp.received.filter((mail) => mail.subject === "Refusal check").flatMap((mail) => mail.envelopeTo)).toEqual(
      ["accepted@faults.example"],
    );
  });
});

test("only the accepted posts were stored", async () => {
  for (const server of [direct, proxied]) {
    await server.stop();
    expect(server.process.exitCode).toBe(0);
    const stored = (await exportEnquiries(server.dataDir)).map((row) => row.email);
    expect(stored.sort()).toEqual([...shouldStore.get(server)!].sort());
    expect(stored.filter((email) => mustNotStore.includes(email!))).toEqual([]);
  }
});
