/**
 * Issue 7, malformed requests: 1,000 generated bad requests (seeded, so a
 * failure reproduces; FAULTS_SEED overrides the seed) against the three form
 * actions and the communication endpoint, with valid controls among them.
 *
 * Proves: no request gets a 5xx and the server never exits; every refusal
 * says why; nothing malformed is stored (the operator CLI lists exactly the
 * controls) and the endpoint sends nothing it refused.
 *
 * What a refusal looks like:
 * - form actions, invalid fields: 400 with the form's error summary ("There is
 *   a problem") naming the problem;
 * - form actions, anti-spam failures (honeypot filled, token missing, forged
 *   or malformed) and bodies that are not a form at all (wrong content type,
 *   broken multipart): a 200 that looks exactly like success, as for a person,
 *   so a bot learns nothing; nothing is stored or sent;
 * - an expired token (over a day old): 400 asking to send the form again;
 * - a form body over 128 KiB: 413 (411 when it has no Content-Length);
 * - paths without an action: 405 or 404 pages (404 data for *.data
 *   requests); methods other than GET, HEAD and POST: 405;
 * - the communication endpoint: a 4xx with JSON `{ "error": "…" }`.
 * Invalid percent-escapes such as "%zz" are kept literally (the URL standard,
 * as browsers do), so every generated case also carries a real error: an
 * escape that is not UTF-8 (decoded to U+FFFD, which no field accepts).
 * The endpoint's JSON parser likewise decodes bytes that are not UTF-8 inside
 * a string as U+FFFD; its cases put them where they break the JSON instead.
 */
import { expect, test } from "vitest";
import { enquiryKindNames, fieldsOf } from "~/features/enquiries/kinds";
import { multipartBody } from "../test/support/form-posts";
import { exportEnquiries } from "../test/support/enquiries-cli";
import {
  COMMUNICATION_API_KEY,
  deliveryCounts,
  formBody,
  formToken,
  faultEnvironment,
  startFaultServer,
  waitForAllSent,
} from "../test/support/faults";
import { ERROR_SUMMARY, validFields, type FormKind } from "../test/support/fixtures";
import { pool, prng } from "../test/support/load";
import { isSuccessPage, rawRequest, type RawRequest, type RawResponse } from "../test/support/raw-http";

const SEED = Number(process.env.FAULTS_SEED ?? 20260707);
const TOTAL = 1000;
const API = "/functions/v1/azure-communication";
const MAX_FORM_BODY = 128 * 1024;
const MAX_API_BODY = 64 * 1024;

type Outcome =
  | "invalid" // 400 + error summary
  | "expired" // 400 + "send the form again"
  | "spam" // 200 that looks like success
  | "too-large" // 413 with a message
  | "length-required" // 411 with a message
  | "not-found" // 404 page
  | "no-action" // 405 page
  | "api-error"; // 4xx JSON { error }

type Case = {
  name: string;
  request: RawRequest;
  accept: Outcome[];
  kind?: FormKind;
  status?: number[];
  mentions?: string;
};

const kinds: FormKind[] = enquiryKindNames;

const env = faultEnvironment("malformed");

/** A form-encoded body from raw (already encoded) pairs. */
const encodedPairs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${v}`).join("&");
const enc = (value: string) => encodeURIComponent(value);

function generate(seed: number, origin: string): Case[] {
  const r = prng(seed);
  const cases: Case[] = [];
  const formHeaders = (extra: Record<string, string> = {}) => ({
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: origin,
    ...extra,
  });
  const post = (
    kind: FormKind,
    body: string | Buffer,
    headers: Record<string, string> = formHeaders(),
  ): RawRequest => ({ path: `/${kind}`, headers, body });
  const randomText = (length: number) => {
    const alphabet = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éß漢字🙂.,-'";
    return Array.from({ length }, () => r.pick([...alphabet])).join("");
  };
  const requiredOf = (kind: FormKind) =>
    Object.entries(fieldsOf(kind))
      .filter(([, spec]) => spec.required)
      .map(([name]) => name);
  const pairsOf = (fields: Record<string, string>, token = formToken()) =>
    [...Object.entries(fields), ["website", ""], ["formStartedAt", token]] as [string, string][];
  const crlf = ["\r\n", "\n", "\r", "\r\nBcc: victim@evil.example\r\n"];
  const badUtf8Escapes = ["%E0%A4%A", "%C3%28", "%FF%FE", "%ED%A0%80", "%C0%AF", "%F8%88%80%80%80", "%80"];
  const badUtf8Bytes = [
    Buffer.from([0xff, 0xfe]),
    Buffer.from([0xc3, 0x28]),
    Buffer.from([0xed, 0xa0, 0x80]),
    Buffer.from([0x80, 0x80]),
    Buffer.from([0xf5, 0x80, 0x80, 0x80]),
  ];

  const formGenerators: (() => Case)[] = [
    // Missing required fields (a valid token: the schema must refuse).
    () => {
      const kind = r.pick(kinds);
      const fields = validFields(kind, `missing-${r.int(0, 1e9)}@faults.example`);
      const required = requiredOf(kind);
      const drop = required.filter(() => r.chance(0.5));
      if (drop.length === 0) drop.push(r.pick(required));
      for (const name of drop)
        if (r.chance(0.5)) delete fields[name];
        else fields[name] = r.pick(["", "   ", "\t"]);
      return { name: `missing ${drop.join(",")}`, kind, request: post(kind, formBody(fields)), accept: ["invalid"] };
    },
    // Fields beyond their limits (still a small body).
    () => {
      const kind = r.pick(kinds);
      const fields = validFields(kind, `long-${r.int(0, 1e9)}@faults.example`);
      const limited = Object.entries(fieldsOf(kind)).filter(([, spec]) => spec.maxLength);
      const [name, spec] = r.pick(limited);
      fields[name] =
        name === "email"
          ? `${"a".repeat(spec.maxLength! + r.int(1, 500))}@faults.example`
          : randomText(spec.maxLength! + r.int(1, 3000));
      return { name: `too long ${name}`, kind, request: post(kind, formBody(fields)), accept: ["invalid"] };
    },
    // CR/LF (and header injection) in every field.
    () => {
      const kind = r.pick(kinds);
      const fields = validFields(kind, `crlf-${r.int(0, 1e9)}@faults.example`);
      for (const name of Object.keys(fields)) {
        const at = r.int(0, fields[name]!.length);
        fields[name] = fields[name]!.slice(0, at) + r.pick(crlf) + fields[name]!.slice(at);
      }
      return { name: "CR/LF in every field", kind, request: post(kind, formBody(fields)), accept: ["invalid"] };
    },
    // Broken percent-encoding: a non-UTF-8 escape in some field, maybe with literal junk escapes.
    () => {
      const kind = r.pick(kinds);
      const pairs = pairsOf(validFields(kind, `pct-${r.int(0, 1e9)}@faults.example`)).map(
        ([k, v]) => [k, enc(v)] as [string, string],
      );
      const targets = pairs.filter(([k]) => k !== "website" && k !== "formStartedAt");
      const target = r.pick(targets);
      target[1] = `${target[1]}${r.pick(badUtf8Escapes)}${r.pick(["", "%zz", "%", "%4", "%%"])}`;
      return {
        name: `bad escape in ${target[0]}`,
        kind,
        request: post(kind, encodedPairs(pairs)),
        accept: ["invalid"],
      };
    },
    // Raw bytes that are not UTF-8.
    () => {
      const kind = r.pick(kinds);
      const pairs = pairsOf(validFields(kind, `bytes-${r.int(0, 1e9)}@faults.example`));
      const at = r.int(0, pairs.length - 3);
      const chunks = pairs.map(([k, v], i) =>
        i === at ? Buffer.concat([Buffer.from(`${k}=${enc(v)}`), r.pick(badUtf8Bytes)]) : Buffer.from(`${k}=${enc(v)}`),
      );
      const body = Buffer.concat(chunks.flatMap((chunk, i) => (i === 0 ? [chunk] : [Buffer.from("&"), chunk])));
      return { name: `invalid UTF-8 bytes in ${pairs[at]![0]}`, kind, request: post(kind, body), accept: ["invalid"] };
    },
    // Wrong types: a file where text belongs, a select value that is not an option, an impossible date.
    () => {
      const kind = r.pick(kinds);
      const fields = validFields(kind, `type-${r.int(0, 1e9)}@faults.example`);
      const variant = r.int(0, 3);
      if (variant === 0) {
        const name = r.pick(Object.keys(fields));
        const boundary = `----faults${r.int(0, 1e9)}`;
        const parts = Object.entries({ ...fields, website: "", formStartedAt: formToken() }).map(([k, v]) =>
          k === name
            ? { name: k, value: Buffer.from("%PDF-1.7 not text"), filename: "x.pdf", type: "application/pdf" }
            : { name: k, value: v },
        );
        return {
          name: `file for ${name}`,
          kind,
          request: post(
            kind,
            multipartBody(parts, boundary),
            formHeaders({ "Content-Type": `multipart/form-data; boundary=${boundary}` }),
          ),
          accept: ["invalid"],
        };
      }
      if (variant === 1) {
        const select = kind === "contact" ? "interest" : "role";
        fields[select] = r.pick(["admin", "GENERAL", "1", "[object Object]", "general;drop table", "__proto__"]);
        return {
          name: `unknown option for ${select}`,
          kind,
          request: post(kind, formBody(fields)),
          accept: ["invalid"],
        };
      }
      if (variant === 2) {
        fields.email = r.pick(["not-an-email", "a@", "@b.c", "a b@c.d", "a@b..c", "<a@b.c>", "a@b.c, d@e.f"]);
        return { name: `bad email ${fields.email}`, kind, request: post(kind, formBody(fields)), accept: ["invalid"] };
      }
      if (kind === "demo") {
        fields.preferredDate = r.pick(["2031-02-30", "31/12/2031", "tomorrow", "2031-13-01", "0000-00-00"]);
        return {
          name: `bad date ${fields.preferredDate}`,
          kind,
          request: post(kind, formBody(fields)),
          accept: ["invalid"],
        };
      }
      // The same required field twice, the second empty: the first wins, so also drop another.
      const required = requiredOf(kind);
      const dropped = r.pick(required);
      delete fields[dropped];
      return {
        name: `duplicate fields, ${dropped} missing`,
        kind,
        request: post(kind, `${formBody(fields)}&${enc(required[0]!)}=&${enc(required[0]!)}=x`),
        accept: ["invalid"],
      };
    },
    // Anti-spam: honeypot, missing/forged/malformed/future token (looks like success, nothing sent; a filled
    // honeypot with a genuine token is kept as suspected spam for the console, never as an enquiry).
    () => {
      const kind = r.pick(kinds);
      const fields = validFields(kind, `spam-${r.int(0, 1e9)}@faults.example`);
      const variant = r.int(0, 4);
      const token = formToken();
      const body =
        variant === 0
          ? new URLSearchParams({
              ...fields,
              website: r.pick(["http://spam.example", "x", " buy "]),
              formStartedAt: token,
            }).toString()
          : variant === 1
            ? new URLSearchParams({ ...fields, website: "" }).toString()
            : variant === 2
              ? new URLSearchParams({
                  ...fields,
                  website: "",
                  formStartedAt: `${token.split(".")[0]}.${"A".repeat(43)}`,
                }).toString()
              : variant === 3
                ? new URLSearchParams({
                    ...fields,
                    website: "",
                    formStartedAt: r.pick(["1", "abc", `${Date.now()}`, `${Date.now()}.x`, "-1.AAAA", token + "x"]),
                  }).toString()
                : new URLSearchParams({
                    ...fields,
                    website: "",
                    formStartedAt: formToken(Date.now() + 10 * 60_000),
                  }).toString();
      return { name: `spam guard variant ${variant}`, kind, request: post(kind, body), accept: ["spam"] };
    },
    // An expired (but genuine) token: asked to send again.
    () => {
      const kind = r.pick(kinds);
      const fields = validFields(kind, `expired-${r.int(0, 1e9)}@faults.example`);
      return {
        name: "expired token",
        kind,
        request: post(kind, formBody(fields, formToken(Date.now() - 2 * 86_400_000))),
        accept: ["expired"],
      };
    },
    // Wrong content types and broken multipart: not a form at all.
    () => {
      const kind = r.pick(kinds);
      const form = formBody(validFields(kind, `ctype-${r.int(0, 1e9)}@faults.example`));
      const variant = r.int(0, 6);
      const [type, body]: [string | undefined, string] =
        variant === 0
          ? ["text/plain", form]
          : variant === 1
            ? [
                "application/xml",
                `<?xml version="1.0"?><form><name>x</name><formStartedAt>${formToken()}</formStartedAt></form>`,
              ]
            : variant === 2
              ? [
                  "application/json",
                  JSON.stringify({ ...validFields(kind, "j@faults.example"), formStartedAt: formToken() }),
                ]
              : variant === 3
                ? ["multipart/form-data", form] // no boundary
                : variant === 4
                  ? [
                      "multipart/form-data; boundary=zzz",
                      `--zzz\r\nContent-Disposition: form-data; name="formStartedAt"\r\n\r\n${formToken()}\r\n--zzz\r\njunk without end`,
                    ]
                  : variant === 5
                    ? [
                        "application/x-www-form-urlencoded",
                        JSON.stringify({ ...validFields(kind, "j@faults.example"), formStartedAt: formToken() }),
                      ]
                    : [undefined, form];
      const headers: Record<string, string> = { Origin: origin };
      if (type) headers["Content-Type"] = type;
      return {
        name: `content type ${type ?? "(none)"} variant ${variant}`,
        kind,
        request: post(kind, body, headers),
        accept: ["spam"],
      };
    },
    // Bodies over the size limit.
    () => {
      const kind = r.pick(kinds);
      const size = MAX_FORM_BODY + r.int(1, 512 * 1024);
      const chunked = r.chance(0.2);
      const body = `${formBody(validFields(kind, `huge-${r.int(0, 1e9)}@faults.example`))}&message=${"m".repeat(size)}`;
      return {
        name: `${chunked ? "chunked " : ""}body of ${body.length} bytes`,
        kind,
        request: { ...post(kind, body), chunked: chunked ? 16 * 1024 : undefined },
        accept: [chunked ? "length-required" : "too-large"],
      };
    },
    // Paths and methods without an action.
    () => {
      const variant = r.int(0, 3);
      const body = formBody(validFields("contact", `path-${r.int(0, 1e9)}@faults.example`));
      if (variant === 0)
        return {
          name: "post to a page without an action",
          request: {
            path: r.pick(["/about", "/product", "/team", "/privacy", "/?index"]),
            headers: formHeaders(),
            body,
          },
          accept: ["no-action"],
        };
      if (variant === 1)
        return {
          name: "post to an unknown path",
          request: {
            path: r.pick([
              "/contact/extra",
              "/nope",
              "/functions/v1/unknown",
              "/contact%00",
              "/..%2f..%2fetc%2fpasswd",
            ]),
            headers: formHeaders(),
            body,
          },
          accept: ["not-found"],
        };
      if (variant === 2)
        return {
          name: "other method on a form",
          kind: "contact",
          request: {
            method: r.pick(["PUT", "PATCH", "DELETE"]),
            path: `/${r.pick(kinds)}`,
            headers: formHeaders(),
            body,
          },
          accept: ["no-action"],
        };
      return {
        name: "post to the root data route",
        request: { path: r.pick(["/_root.data", "/about.data"]), headers: formHeaders(), body },
        accept: ["no-action", "not-found"],
      };
    },
  ];

  const bearer = { Authorization: `Bearer ${COMMUNICATION_API_KEY}` };
  const api = (
    body: string | Buffer,
    headers: Record<string, string> = {},
    extra: Partial<RawRequest> = {},
  ): RawRequest => ({
    path: API,
    headers: { "Content-Type": "application/json", ...bearer, ...headers },
    body,
    ...extra,
  });
  const email = (data: Record<string, unknown>) =>
    JSON.stringify({
      action: "send_email",
      data: { to: "ops@faults.example", subject: "Hello", textContent: "Hi", ...data },
    });
  const apiGenerators: (() => Case)[] = [
    // Refused before parsing: credentials, method, content type, size.
    () => {
      const variant = r.int(0, 9);
      const body = email({});
      const requests: RawRequest[] = [
        api(body, { Authorization: "" }),
        api(body, { Authorization: `Bearer ${COMMUNICATION_API_KEY}x` }),
        api(body, { Authorization: `Basic ${Buffer.from(`api:${COMMUNICATION_API_KEY}`).toString("base64")}` }),
        { ...api(body, { Authorization: "" }), path: `${API}?key=${COMMUNICATION_API_KEY}` },
        api(JSON.stringify({ ...JSON.parse(body), apiKey: COMMUNICATION_API_KEY }), { Authorization: "" }),
        api(body, {}, { method: r.pick(["GET", "PUT", "DELETE", "PATCH"]) }),
        api(body, {
          "Content-Type": r.pick([
            "text/plain",
            "application/xml",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
          ]),
        }),
        api(
          `{"action":"send_email","data":{"to":"ops@faults.example","subject":"x","textContent":"${"x".repeat(MAX_API_BODY)}"}}`,
        ),
        api(
          `{"action":"send_email","data":{"textContent":"${"x".repeat(MAX_API_BODY + r.int(1, 100_000))}"}}`,
          {},
          { chunked: 8192 },
        ),
        api(body, {
          "Content-Type": r.pick(["application/json; charset=latin1", "application/json; charset=shift_jis"]),
        }),
      ];
      return { name: `api refusal ${variant}`, request: requests[variant]!, accept: ["api-error"] };
    },
    // Not JSON.
    () => {
      const bodies: (string | Buffer)[] = [
        "",
        "{",
        '{"action":"send_email",}',
        "{'action':'send_email'}",
        '{"action":NaN}',
        "null",
        "42",
        '"send_email"',
        "<xml/>",
        Buffer.concat([Buffer.from('{"action":"send_email","data":'), r.pick(badUtf8Bytes), Buffer.from("}")]),
        Buffer.from([0xef, 0xbb, 0xbf, 0x7b]),
        `{"action":"send_email","data":{"to":"a@b.c"}}${"}".repeat(r.int(1, 5))}`,
      ];
      return { name: "api invalid JSON", request: api(r.pick(bodies)), accept: ["api-error"] };
    },
    // JSON of the wrong shape or with bad values.
    () => {
      const bodies = [
        "[]",
        "{}",
        JSON.stringify({ action: "send_fax", data: {} }),
        JSON.stringify({ action: 1, data: {} }),
        JSON.stringify({ action: "send_email" }),
        JSON.stringify({ action: "send_email", data: [] }),
        JSON.stringify({ action: "send_email", data: "to=a@b.c" }),
        email({ to: 42 }),
        email({ to: {} }),
        email({ to: [] }),
        email({ to: Array.from({ length: 51 }, (_, i) => `r${i}@faults.example`) }),
        email({ to: `ops@faults.example${r.pick(crlf)}` }),
        email({ to: "ops@faults.example\r\nBcc: victim@evil.example" }),
        email({ to: "not an email" }),
        email({ subject: undefined }),
        email({ subject: "" }),
        email({ subject: 7 }),
        email({ subject: `Hello${r.pick(crlf)}Bcc: victim@evil.example` }),
        email({ subject: "x".repeat(999) }),
        email({ textContent: undefined }),
        email({ textContent: "   " }),
        email({ textContent: { html: "<b>x</b>" } }),
        email({ htmlContent: "x".repeat(60_001), textContent: undefined }),
        JSON.stringify({ action: "send_sms", data: { to: "07700900123", message: "x" } }),
        JSON.stringify({ action: "send_sms", data: { to: "+447700900123", message: "" } }),
        JSON.stringify({ action: "send_sms", data: { to: "+447700900123", message: "x".repeat(1601) } }),
        JSON.stringify({ action: "send_sms", data: { to: ["+447700900123\n"], message: "x" } }),
        JSON.stringify({
          action: "send_email",
          data: { to: "ops@faults.example", subject: "x", textContent: "x" },
          __proto__: { admin: true },
          constructor: { prototype: {} },
        }).replace('"action":"send_email"', '"action":"send_email","action":"nope"'),
      ];
      return { name: "api bad shape", request: api(r.pick(bodies)), accept: ["api-error"] };
    },
  ];

  for (let i = 0; i < TOTAL; i++) {
    const c = r.chance(0.72) ? r.pick(formGenerators)() : r.pick(apiGenerators)();
    // Some requests without an Origin header (allowed: not cross-site), as simple clients send them.
    if (c.request.headers && "Origin" in c.request.headers && r.chance(0.1)) delete c.request.headers.Origin;
    cases.push(c);
  }
  return cases;
}

function check(c: Case, res: RawResponse): string | null {
  if (res.status >= 500) return `server error ${res.status}: ${res.body.slice(0, 200)}`;
  const text = res.body;
  const contentType = String(res.headers["content-type"] ?? "");
  const matches: Record<Outcome, () => boolean> = {
    invalid: () => res.status === 400 && text.includes(ERROR_SUMMARY),
    expired: () => res.status === 400 && text.includes("Please send the form again"),
    spam: () => c.kind !== undefined && isSuccessPage(c.kind, res),
    "too-large": () => res.status === 413 && /too large/i.test(text),
    "length-required": () => res.status === 411 && /Content-Length/i.test(text),
    // The 404 page, or for a React Router data request (*.data) its 404 data.
    "not-found": () =>
      res.status === 404 &&
      (/Page Not Found/i.test(text) || (contentType.includes("text/x-script") && text.length > 0)),
    "no-action": () => res.status === 405 && /405|Method Not Allowed/i.test(text),
    "api-error": () => {
      if (res.status < 400 || res.status >= 500 || !contentType.includes("application/json")) return false;
      try {
        const body = JSON.parse(text) as { error?: unknown };
        return typeof body.error === "string" && body.error.trim().length > 0;
      } catch {
        return false;
      }
    },
  };
  return c.accept.some((outcome) => matches[outcome]())
    ? null
    : `expected ${c.accept.join(" or ")}, got ${res.status} ${contentType}: ${text.replace(/\s+/g, " ").slice(0, 160)}`;
}

test(`${TOTAL} malformed requests: no 5xx, no crash, a clear refusal each, nothing stored`, async () => {
  env.server = await startFaultServer({
    DATA_DIR: env.data.dir,
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: env.smtp.url,
    COMMUNICATION_API_KEY,
  });
  const running = env.server;
  const cases = generate(SEED, running.url);

  // Valid controls among the junk: they must be stored and sent, so "nothing stored" means something.
  const controls: { kind: FormKind; email: string }[] = [];
  const apiControls: string[] = [];
  const all: (Case | { control: FormKind | "api"; at: number })[] = [...cases];
  for (let i = 0; i < 12; i++)
    all.splice(Math.floor(((i + 0.5) * all.length) / 12), 0, { control: kinds[i % 3]!, at: i });
  for (let i = 0; i < 3; i++) all.splice(Math.floor(((i + 0.3) * all.length) / 3), 0, { control: "api", at: i });

  const problems: string[] = [];
  const statuses = new Map<number, number>();
  const started = Date.now();
  const results = await pool(all.length, 6, async (i) => {
    const item = all[i]!;
    if ("control" in item) {
      if (item.control === "api") {
        const subject = `API control ${item.at}`;
        const res = await rawRequest(running.url, {
          path: API,
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${COMMUNICATION_API_KEY}` },
          body: JSON.stringify({
            action: "send_email",
            data: { to: `api-control-${item.at}@faults.example`, subject, textContent: "control" },
          }),
        });
        if (res.status !== 200) problems.push(`API control ${item.at}: ${res.status} ${res.body}`);
        apiControls.push(subject);
        return;
      }
      const email = `control-${item.at}@faults.example`;
      const res = await rawRequest(running.url, {
        path: `/${item.control}`,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: running.url },
        body: formBody(validFields(item.control, email, item.at)),
      });
      if (!isSuccessPage(item.control, res)) problems.push(`control ${item.control} ${email}: ${res.status}`);
      controls.push({ kind: item.control, email });
      return;
    }
    const res = await rawRequest(running.url, item.request);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const problem = check(item, res);
    if (problem) problems.push(`#${i} ${item.name}: ${problem}`);
  });
  const networkErrors = results.flatMap((result, i) =>
    result.status === "rejected"
      ? [`#${i} ${"name" in all[i]! ? (all[i] as Case).name : "control"}: ${String(result.reason)}`]
      : [],
  );
  const elapsed = Date.now() - started;

  expect(networkErrors).toEqual([]);
  expect(running.process.exitCode).toBeNull();
  expect(running.process.signalCode).toBeNull();
  expect(problems).toEqual([]);
  expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
  // Still healthy after all that.
  expect((await fetch(`${running.url}/healthz`)).status).toBe(200);

  // Only the controls' e-mails (two per enquiry) and the API controls are sent. A last control
  // enquiry goes through the same form, queue, worker and SMTP server after all the junk: once the
  // database records its e-mails sent (after their SMTP exchange), anything the junk had queued
  // would have been sent or still be waiting, and both show in the counts.
  const last = { kind: "contact" as const, email: "control-last@faults.example" };
  const lastResponse = await rawRequest(running.url, {
    path: `/${last.kind}`,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: running.url },
    body: formBody(validFields(last.kind, last.email, 99)),
  });
  expect(isSuccessPage(last.kind, lastResponse), `the last control: ${lastResponse.status}`).toBe(true);
  controls.push(last);
  const expectedMail = controls.length * 2 + apiControls.length;
  await waitForAllSent(running, controls.length * 2, { timeoutMs: 60_000, what: "every control's deliveries sent" });
  expect(await deliveryCounts(running)).toEqual({ queued: 0, sent: controls.length * 2, failed: 0, dead: 0 });
  await running.stop();
  expect(running.process.exitCode).toBe(0);

  const rows = await exportEnquiries(env.data.dir);
  expect(rows.map((row) => row.email).sort()).toEqual(controls.map((c) => c.email).sort());
  const allowedRecipients = new Set([
    "enquiries@maternis.test",
    ...controls.map((c) => c.email),
    ...apiControls.map((_, i) => `api-control-${i}@faults.example`),
  ]);
  expect(env.smtp.received.flatMap((mail) => mail.envelopeTo).filter((to) => !allowedRecipients.has(to))).toEqual([]);
  expect(env.smtp.received).toHaveLength(expectedMail);
  expect(
    env.smtp.received
      .filter((mail) => mail.subject?.startsWith("API control"))
      .map((mail) => mail.subject)
      .sort(),
  ).toEqual([...apiControls].sort());

  const summary = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
  console.info(
    `malformed: seed ${SEED}, ${cases.length} requests + ${controls.length + apiControls.length} controls in ${elapsed} ms; statuses ${summary}; ${rows.length} stored`,
  );
}, 240_000);
