/**
 * What an enquiry form's field is: each spec drives the HTML attributes of its
 * control (required, type, maxlength) and the check the server makes
 * (./schemas.ts), so the browser and the server can never disagree.
 * Plain data: the forms import it without bringing the validation library to
 * the browser. Each form's fields are declared in its registry entry
 * (./kinds.ts).
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

type Option = { value: string; label: string };

/** The contact form's interests (values and labels: the contact page's copy, ~/content/contact). */
export { defaultInterest, interestOptions, isInterest, type Interest } from "~/content/contact";

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

/** Full Name and Email Address are the same on every form. */
export const fullNameField = {
  label: "Full Name",
  kind: "text",
  required: true,
  maxLength: limits.name,
  missing: "Enter your full name",
  autoComplete: "name",
} as const satisfies FieldSpec;

export const emailField = {
  label: "Email Address",
  kind: "email",
  required: true,
  maxLength: limits.email,
  missing: "Enter your email address",
  autoComplete: "email",
} as const satisfies FieldSpec;

/** A form's fields, in the order they appear. */
export type FormFields = Record<string, FieldSpec>;

type RequiredKeys<F extends FormFields> = { [K in keyof F]: F[K]["required"] extends true ? K : never }[keyof F];

/** What a form's validation yields: required fields are strings, optional ones may be missing. */
export type FormValuesOf<F extends FormFields> = { [K in RequiredKeys<F>]: string } & {
  [K in Exclude<keyof F, RequiredKeys<F>>]?: string;
};

export type FieldErrors = Record<string, string>;
