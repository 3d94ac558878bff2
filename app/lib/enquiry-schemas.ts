import { z } from "zod";

/**
 * The three enquiry forms, defined once. Each field spec drives both the HTML
 * attributes of its control (required, type, maxlength) and the zod schema the
 * server checks, so the browser and the server can never disagree.
 * Client-safe: no server imports.
 */

/** Length limits for every stored field. */
export const limits = {
  name: 100,
  email: 254,
  organization: 200,
  role: 100,
  country: 100,
  reason: 500,
  message: 5000,
  preferredDate: 10,
} as const;

export type Option = { value: string; label: string };

export const interestOptions = [
  { value: "general", label: "General Information" },
  { value: "demo", label: "Demo" },
  { value: "partnership", label: "Partnership Opportunities" },
  { value: "implementation", label: "Implementation Services" },
  { value: "pricing", label: "Pricing & Plans" },
] as const satisfies readonly Option[];

export type Interest = (typeof interestOptions)[number]["value"];
export const interestValues = interestOptions.map((o) => o.value) as [Interest, ...Interest[]];
export const defaultInterest: Interest = "general";

export function isInterest(value: unknown): value is Interest {
  return typeof value === "string" && (interestValues as string[]).includes(value);
}

export const demoRoleOptions = [
  { value: "investor", label: "Investor" },
  { value: "healthcare", label: "Healthcare Provider" },
  { value: "government", label: "Government Official" },
  { value: "ngo", label: "NGO Professional" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];

export const advisoryRoleOptions = [
  { value: "midwife", label: "Midwife" },
  { value: "doctor", label: "Doctor" },
  { value: "policy", label: "Policy Maker" },
  { value: "ngo", label: "NGO Professional" },
  { value: "other", label: "Other" },
] as const satisfies readonly Option[];

export type FieldSpec = {
  label: string;
  kind: "text" | "email" | "date" | "textarea" | "select";
  required: boolean;
  maxLength?: number;
  options?: readonly Option[];
  /** Error shown when the field is required and empty (GOV.UK style: "Enter …"/"Select …"). */
  missing: string;
  /** Error shown when the value is present but not acceptable. */
  invalid?: string;
  autoComplete?: string;
};

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

/** HTML attributes for a field's control, from its spec. */
export function controlAttributes(spec: FieldSpec) {
  return {
    required: spec.required,
    maxLength: spec.maxLength,
    autoComplete: spec.autoComplete,
    ...(spec.kind === "email"
      ? { type: "email" }
      : spec.kind === "date"
        ? { type: "date" }
        : spec.kind === "text"
          ? { type: "text" }
          : {}),
  };
}

/** Full Name and Email Address are the same on all three forms. */
const fullNameField = {
  label: "Full Name",
  kind: "text",
  required: true,
  maxLength: limits.name,
  missing: "Enter your full name",
  autoComplete: "name",
} as const satisfies FieldSpec;

const emailField = {
  label: "Email Address",
  kind: "email",
  required: true,
  maxLength: limits.email,
  missing: "Enter your email address",
  autoComplete: "email",
} as const satisfies FieldSpec;

export const contactFields = {
  name: fullNameField,
  email: emailField,
  organization: {
    label: "Organization",
    kind: "text",
    required: false,
    maxLength: limits.organization,
    missing: "",
    autoComplete: "organization",
  },
  role: {
    label: "Role/Title",
    kind: "text",
    required: false,
    maxLength: limits.role,
    missing: "",
    autoComplete: "organization-title",
  },
  interest: {
    label: "Area of Interest",
    kind: "select",
    required: true,
    options: interestOptions,
    missing: "Select what your enquiry is about",
  },
  message: {
    label: "Message",
    kind: "textarea",
    required: true,
    maxLength: limits.message,
    missing: "Enter your message",
  },
} as const satisfies Record<string, FieldSpec>;

export const demoFields = {
  fullName: fullNameField,
  organization: {
    label: "Organization / Institution",
    kind: "text",
    required: true,
    maxLength: limits.organization,
    missing: "Enter your organisation or institution",
    autoComplete: "organization",
  },
  email: emailField,
  role: { label: "Role", kind: "select", required: true, options: demoRoleOptions, missing: "Select your role" },
  preferredDate: {
    label: "Preferred Date",
    kind: "date",
    required: false,
    maxLength: limits.preferredDate,
    missing: "",
    invalid: "Enter a real date for your preferred date",
  },
  message: { label: "Message", kind: "textarea", required: false, maxLength: limits.message, missing: "" },
} as const satisfies Record<string, FieldSpec>;

export const advisoryFields = {
  fullName: fullNameField,
  email: emailField,
  role: { label: "Role", kind: "select", required: true, options: advisoryRoleOptions, missing: "Select your role" },
  country: {
    label: "Country",
    kind: "text",
    required: true,
    maxLength: limits.country,
    missing: "Enter your country",
    autoComplete: "country-name",
  },
  reason: {
    label: "Why do you want to join?",
    kind: "text",
    required: true,
    maxLength: limits.reason,
    missing: "Tell us why you want to join",
  },
} as const satisfies Record<string, FieldSpec>;

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

export type FieldErrors = Record<string, string>;

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
