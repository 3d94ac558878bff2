/**
 * The malformed form posts of faults/malformed.test.ts, each kind's fields
 * from its registry entry: missing, too long or CR/LF fields, broken
 * percent-encoding and bytes that are not UTF-8, wrong types, the anti-spam
 * guard's refusals, an expired token, bodies that are not a form or too
 * large, and paths and methods without an action.
 */
import { enquiryKindNames, fieldsOf } from "~/features/enquiries/kinds";
import { SITE_URL, formBody, formToken } from "../../test/support/faults";
import { validFields, type FormKind } from "../../test/support/fixtures";
import { multipartBody } from "../../test/support/form-posts";
import type { RawRequest } from "../../test/support/raw-http";
import { badUtf8Bytes, crlf, type Case, type Outcome, type Random } from "./case";

const MAX_FORM_BODY = 128 * 1024;
const kinds: FormKind[] = enquiryKindNames;

/** Posts of a valid form to paths with no action behind them, by variant (variant 2 is another method on a form). */
const postsWithoutAction: Partial<
  Record<number, { name: string; paths: string[]; accept: Outcome[]; headers?: Record<string, string> }>
> = {
  0: {
    name: "post to a page without an action",
    paths: ["/about", "/product", "/team", "/privacy", "/?index"],
    accept: ["no-action"],
  },
  1: {
    name: "post to an unknown path",
    paths: ["/contact/extra", "/nope", "/functions/v1/unknown", "/contact%00", "/..%2f..%2fetc%2fpasswd"],
    accept: ["not-found"],
  },
  3: { name: "post to the root data route", paths: ["/_root.data", "/about.data"], accept: ["no-action", "not-found"] },
  // A broken escape is no page: the 404 page, never an error from decoding it.
  4: {
    name: "post to a path with a broken escape",
    paths: ["/%ZZ", "/contact%ZZ", "/%E0%A4%A"],
    accept: ["not-found"],
  },
  // better-auth's endpoints take the rest of the path as a parameter, which Express decodes: 400.
  // (From the console's own host and origin, or the request gets 421 or 403 before that.)
  5: {
    name: "post to a sign-in endpoint with a broken escape",
    paths: ["/staff/auth/%ZZ", "/staff/auth/passkey/%E0%A4%A"],
    accept: ["bad-request"],
    headers: { Host: new URL(SITE_URL).host, Origin: new URL(SITE_URL).origin },
  },
};

/** A form-encoded body from raw (already encoded) pairs. */
const encodedPairs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${v}`).join("&");
const enc = (value: string) => encodeURIComponent(value);

/** The form cases' generators, drawing from `r`, posted as from `origin`. */
export function formCaseGenerators(r: Random, origin: string): (() => Case)[] {
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
  const badUtf8Escapes = ["%E0%A4%A", "%C3%28", "%FF%FE", "%ED%A0%80", "%C0%AF", "%F8%88%80%80%80", "%80"];

  return [
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
      const variant = r.int(0, 5);
      const body = formBody(validFields("contact", `path-${r.int(0, 1e9)}@faults.example`));
      const withoutAction = postsWithoutAction[variant];
      if (withoutAction) {
        const { name, paths, accept, headers } = withoutAction;
        return { name, request: { path: r.pick(paths), headers: formHeaders(headers), body }, accept: [...accept] };
      }
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
    },
  ];
}
