import { z } from "zod";
import { hasDisallowedCharacters } from "~/platform/text";

import type { FieldErrors, FieldSpec, FormFields, FormValuesOf } from "./fields";
import { enquiryKindNames, fieldsOf, type EnquiryForm, type EnquiryKind } from "./kinds";

/**
 * The server's validation of the enquiry forms, built from the field specs of
 * the registry (./kinds.ts). Used by the form actions and the
 * delivery pipeline; the browser only needs the specs.
 */

/**
 * What no field holds (~/platform/text, hasDisallowedCharacters): CR and LF in a
 * single-line field, so nothing can smuggle a header into an e-mail; control
 * characters other than tab and line breaks anywhere; the characters that
 * reorder a line (a name shown backwards). Nor U+FFFD, the replacement
 * character: what bytes that are not UTF-8 decode to, which a browser never
 * sends, so the post was corrupted or forged.
 */
function notAllowed(spec: FieldSpec, value: string): boolean {
  return hasDisallowedCharacters(value, { lines: spec.kind === "textarea" }) || value.includes("\ufffd");
}

/**
 * An e-mail address as a visitor may type it: zod's own rule (`z.regexes.email`), but for the
 * top-level domain, which may also be an internationalised one as browsers send it, in punycode
 * ("xn--p1ai" for .рф, "xn--fiqs8s" for .中国): zod's rule takes letters only, and refused them.
 */
const VISITOR_EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;

/** Checks a present, non-empty value against its spec; returns an error message or null. */
function formatError(spec: FieldSpec, value: string): string | null {
  if (spec.maxLength && value.length > spec.maxLength)
    return `${spec.label} must be ${spec.maxLength} characters or fewer`;
  if (notAllowed(spec, value)) {
    return `${spec.label} contains characters that are not allowed`;
  }
  if (spec.kind === "email" && !VISITOR_EMAIL.test(value)) {
    return spec.invalid ?? "Enter an email address in the correct format, like name@example.com";
  }
  if (spec.kind === "select" && spec.options && !spec.options.some((o) => o.value === value)) {
    return spec.invalid ?? spec.missing;
  }
  if (spec.kind === "date") {
    const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
    const valid = !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    if (!valid) return spec.invalid ?? "Enter a real date";
  }
  return null;
}

/**
 * Validates one raw value: strings are trimmed (and newlines normalised in
 * multi-line fields); empty optional fields become undefined; anything that is
 * not a string is refused with a message rather than a crash.
 */
function checkField(spec: FieldSpec, raw: unknown): { value: string | undefined } | { error: string } {
  if (raw !== undefined && raw !== null && typeof raw !== "string") return { error: `${spec.label} must be text` };
  let value = typeof raw === "string" ? raw : "";
  if (spec.kind === "textarea") value = value.replace(/\r\n?/g, "\n");
  // A tab in one line (a name pasted from a spreadsheet) is a space: no one could see what was refused.
  else value = value.replace(/\t/g, " ");
  value = value.trim();
  if (value === "") return spec.required ? { error: spec.missing } : { value: undefined };
  const error = formatError(spec, value);
  return error ? { error } : { value };
}

/** A zod schema that checks every field of a form with `checkField`, reporting each bad field. */
function buildSchema<T extends FormFields>(fields: T) {
  return z.record(z.string(), z.unknown(), { error: "Expected an object of form fields" }).transform((input, ctx) => {
    const output: Record<string, string | undefined> = {};
    for (const [name, spec] of Object.entries(fields)) {
      const result = checkField(spec, input[name]);
      if ("error" in result) ctx.addIssue({ code: "custom", path: [name], message: result.error });
      else output[name] = result.value;
    }
    return output as FormValuesOf<T>;
  });
}

/** Each kind's schema, built once from its fields. */
const schemas = Object.fromEntries(enquiryKindNames.map((kind) => [kind, buildSchema(fieldsOf(kind))])) as unknown as {
  [K in EnquiryKind]: z.ZodType<EnquiryForm<K>>;
};

/** The schema of a kind's form: what its page posts. */
export function formSchema<K extends EnquiryKind>(kind: K): z.ZodType<EnquiryForm<K>> {
  return schemas[kind];
}

/** Parses a kind's form; on failure returns the first message per field, in field order. */
export function parseEnquiryForm<K extends EnquiryKind>(
  kind: K,
  data: Record<string, unknown>,
): { ok: true; value: EnquiryForm<K> } | { ok: false; errors: FieldErrors } {
  const result = schemas[kind].safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const name of Object.keys(fieldsOf(kind))) {
    const issue = result.error.issues.find((i) => i.path[0] === name);
    if (issue) errors[name] = issue.message;
  }
  return { ok: false, errors };
}
