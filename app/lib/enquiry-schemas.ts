import { z } from "zod";

import { advisoryFields, contactFields, demoFields, type FieldErrors, type FieldSpec } from "./enquiry-fields";

/**
 * The validation of the three enquiry forms, built from their field specs
 * (./enquiry-fields.ts). Used by the form actions and the delivery pipeline;
 * the browser only needs the specs.
 */
export * from "./enquiry-fields";

// Control characters other than tab/newline never belong in a field; CR/LF are
// refused in single-line fields so nothing can smuggle a header into an e-mail.
// U+FFFD (the replacement character) is what bytes that are not UTF-8 decode
// to: a browser never sends them, so the post was corrupted or forged.
const singleLineBad = /[\u0000-\u001f\u007f\ufffd]/;
const multiLineBad = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;

/** Checks a present, non-empty value against its spec; returns an error message or null. */
function formatError(spec: FieldSpec, value: string): string | null {
  if (spec.maxLength && value.length > spec.maxLength)
    return `${spec.label} must be ${spec.maxLength} characters or fewer`;
  if ((spec.kind === "textarea" ? multiLineBad : singleLineBad).test(value)) {
    return `${spec.label} contains characters that are not allowed`;
  }
  if (spec.kind === "email" && !z.email().safeParse(value).success) {
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
export function checkField(spec: FieldSpec, raw: unknown): { value: string | undefined } | { error: string } {
  if (raw !== undefined && raw !== null && typeof raw !== "string") return { error: `${spec.label} must be text` };
  let value = typeof raw === "string" ? raw : "";
  if (spec.kind === "textarea") value = value.replace(/\r\n?/g, "\n");
  value = value.trim();
  if (value === "") return spec.required ? { error: spec.missing } : { value: undefined };
  const error = formatError(spec, value);
  return error ? { error } : { value };
}

function buildSchema<T extends Record<string, FieldSpec>>(fields: T) {
  type Output = { [K in keyof T]: T[K]["required"] extends true ? string : string | undefined };
  return z.record(z.string(), z.unknown(), { error: "Expected an object of form fields" }).transform((input, ctx) => {
    const output: Record<string, string | undefined> = {};
    for (const [name, spec] of Object.entries(fields)) {
      const result = checkField(spec, input[name]);
      if ("error" in result) ctx.addIssue({ code: "custom", path: [name], message: result.error });
      else output[name] = result.value;
    }
    return output as Output;
  });
}

/** Form schemas: what each form posts. */
export const contactFormSchema = buildSchema(contactFields);
export const demoFormSchema = buildSchema(demoFields);
export const advisoryFormSchema = buildSchema(advisoryFields);

export type ContactForm = z.infer<typeof contactFormSchema>;
export type DemoForm = z.infer<typeof demoFormSchema>;
export type AdvisoryForm = z.infer<typeof advisoryFormSchema>;

/**
 * Payload schemas (SPEC section 3): what the delivery pipeline stores and
 * e-mails. The contact payload is the contact form; demo and advisory rename
 * fullName → name (and preferredDate → preferredTime).
 */
export const contactPayloadSchema = contactFormSchema;
export const demoPayloadSchema = buildSchema({
  name: demoFields.fullName,
  email: demoFields.email,
  organization: { ...demoFields.organization, required: false },
  role: { ...demoFields.role, required: false },
  preferredTime: demoFields.preferredDate,
  message: demoFields.message,
});
export const advisoryPayloadSchema = buildSchema({
  name: advisoryFields.fullName,
  email: advisoryFields.email,
  role: advisoryFields.role,
  country: advisoryFields.country,
  reason: advisoryFields.reason,
});

export type ContactPayload = z.infer<typeof contactPayloadSchema>;
export type DemoPayload = z.infer<typeof demoPayloadSchema>;
export type AdvisoryPayload = z.infer<typeof advisoryPayloadSchema>;

export function demoPayloadFromForm(form: DemoForm): DemoPayload {
  return {
    name: form.fullName,
    email: form.email,
    organization: form.organization,
    role: form.role,
    preferredTime: form.preferredDate,
    message: form.message,
  };
}

export function advisoryPayloadFromForm(form: AdvisoryForm): AdvisoryPayload {
  return { name: form.fullName, email: form.email, role: form.role, country: form.country, reason: form.reason };
}

/** Parses form data; on failure returns the first message per field, in field order. */
export function parseForm<T>(
  schema: z.ZodType<T>,
  fields: Record<string, FieldSpec>,
  data: Record<string, unknown>,
): { ok: true; value: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const name of Object.keys(fields)) {
    const issue = result.error.issues.find((i) => i.path[0] === name);
    if (issue) errors[name] = issue.message;
  }
  return { ok: false, errors };
}
