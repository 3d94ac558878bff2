/**
 * The three enquiry forms' fields, defined once: each spec drives the HTML
 * attributes of its control (required, type, maxlength) here, and the zod
 * schema the server checks in ./enquiry-schemas.ts, so the browser and the
 * server can never disagree. Plain data: the forms import this without
 * bringing the validation library to the browser.
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

export type FieldErrors = Record<string, string>;
