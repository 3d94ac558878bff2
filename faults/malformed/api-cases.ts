/**
 * The malformed requests to the communication endpoint of
 * faults/malformed.test.ts: refused before parsing (credentials, method,
 * content type, size), not JSON, and JSON of the wrong shape or with bad
 * values. Each is a 4xx with JSON `{ "error": "…" }`.
 */
import { COMMUNICATION_API_KEY } from "../../test/support/faults";
import type { RawRequest } from "../../test/support/raw-http";
import { badUtf8Bytes, crlf, type Case, type Random } from "./case";

export const API = "/functions/v1/azure-communication";
const MAX_API_BODY = 64 * 1024;
const bearer = { Authorization: `Bearer ${COMMUNICATION_API_KEY}` };

/** A request to the endpoint: JSON, with the key, unless `headers` or `extra` say otherwise. */
export const apiRequest = (
  body: string | Buffer,
  headers: Record<string, string> = {},
  extra: Partial<RawRequest> = {},
): RawRequest => ({
  path: API,
  headers: { "Content-Type": "application/json", ...bearer, ...headers },
  body,
  ...extra,
});

/** A send_email body with valid data, `data` changed. */
const email = (data: Record<string, unknown>) =>
  JSON.stringify({
    action: "send_email",
    data: { to: "ops@faults.example", subject: "Hello", textContent: "Hi", ...data },
  });

/** The endpoint cases' generators, drawing from `r`. */
export function apiCaseGenerators(r: Random): (() => Case)[] {
  return [
    // Refused before parsing: credentials, method, content type, size.
    () => {
      const variant = r.int(0, 9);
      const body = email({});
      const requests: RawRequest[] = [
        apiRequest(body, { Authorization: "" }),
        apiRequest(body, { Authorization: `Bearer ${COMMUNICATION_API_KEY}x` }),
        apiRequest(body, { Authorization: `Basic ${Buffer.from(`api:${COMMUNICATION_API_KEY}`).toString("base64")}` }),
        { ...apiRequest(body, { Authorization: "" }), path: `${API}?key=${COMMUNICATION_API_KEY}` },
        apiRequest(JSON.stringify({ ...JSON.parse(body), apiKey: COMMUNICATION_API_KEY }), { Authorization: "" }),
        apiRequest(body, {}, { method: r.pick(["GET", "PUT", "DELETE", "PATCH"]) }),
        apiRequest(body, {
          "Content-Type": r.pick([
            "text/plain",
            "application/xml",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
          ]),
        }),
        apiRequest(
          `{"action":"send_email","data":{"to":"ops@faults.example","subject":"x","textContent":"${"x".repeat(MAX_API_BODY)}"}}`,
        ),
        apiRequest(
          `{"action":"send_email","data":{"textContent":"${"x".repeat(MAX_API_BODY + r.int(1, 100_000))}"}}`,
          {},
          { chunked: 8192 },
        ),
        apiRequest(body, {
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
      return { name: "api invalid JSON", request: apiRequest(r.pick(bodies)), accept: ["api-error"] };
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
      return { name: "api bad shape", request: apiRequest(r.pick(bodies)), accept: ["api-error"] };
    },
  ];
}
