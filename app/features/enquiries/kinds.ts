/**
 * The enquiry registry: every kind of enquiry the site accepts, declared once.
 * An entry says which page's form posts it, its fields (which set the
 * controls' attributes and the server's validation), what is stored, which
 * e-mails it causes and in which order, and what the success response
 * carries. The route action, the delivery pipeline, the e-mail templates
 * (app/features/enquiries/emails/registry.ts, keyed by the same kinds), the operator CLI and
 * the tests all read it. docs/decisions/007-enquiry-registry.md explains.
 *
 * Client-safe plain data and pure functions: the forms import their fields
 * from here.
 */
import {
  advisoryRoleOptions,
  defaultInterest,
  demoRoleOptions,
  emailField,
  fullNameField,
  interestOptions,
  isInterest,
  limits,
  type FieldSpec,
  type FormFields,
  type FormValuesOf,
  type Interest,
} from "./fields";

/** The e-mails an enquiry can cause. A notification goes to the company's enquiries mailbox; the others to the person who wrote. */
export const deliveryKinds = ["welcome", "notification", "acknowledgement"] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

export type EnquiryDefinition<F extends FormFields, P extends Record<string, string | undefined>> = {
  /** How staff and logs name it. */
  label: string;
  /** The page whose form posts it. */
  path: string;
  fields: F;
  /** The field the inbox shows as what the enquiry is about. */
  topic: keyof F & string;
  /** What is stored, and what its e-mails are rendered from, made from the validated form. */
  toPayload: (form: FormValuesOf<F>) => P;
  /** The deliveries stored with the enquiry, queued in this order. */
  first: readonly DeliveryKind[];
  /**
   * A delivery that waits for another: created once that one was sent, or,
   * so the company never loses a lead, once it was given up (dead-lettered).
   */
  after?: Partial<Record<DeliveryKind, DeliveryKind>>;
  /** Extra fields of the success response, from the submitted text (the same for a bot). */
  success?: (values: Record<string, string>) => { interest?: Interest };
};

/** Declares a kind, typed by its own fields and payload. */
export function defineEnquiry<F extends FormFields, P extends Record<string, string | undefined>>(
  definition: EnquiryDefinition<F, P>,
) {
  return definition;
}

const contact = defineEnquiry({
  label: "Contact",
  path: "/contact",
  topic: "interest",
  fields: {
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
  },
  toPayload: (form) => form,
  // The company hears first; the acknowledgement keeps the promise of the success message.
  first: ["notification", "acknowledgement"],
  success: (values) => ({ interest: isInterest(values.interest) ? values.interest : defaultInterest }),
});

const demo = defineEnquiry({
  label: "Demo request",
  path: "/demo",
  topic: "role",
  fields: {
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
  },
  // The notification treats organisation and role as optional, as the original payload did.
  toPayload: (
    form,
  ): { [K in "organization" | "role" | "preferredTime" | "message"]?: string } & {
    name: string;
    email: string;
  } => ({
    name: form.fullName,
    email: form.email,
    organization: form.organization,
    role: form.role,
    preferredTime: form.preferredDate,
    message: form.message,
  }),
  // The welcome first; the company's notification once it was sent.
  first: ["welcome"],
  after: { welcome: "notification" },
});

const advisory = defineEnquiry({
  label: "Advisory network",
  path: "/advisory",
  topic: "role",
  fields: {
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
  },
  toPayload: (form) => ({
    name: form.fullName,
    email: form.email,
    role: form.role,
    country: form.country,
    reason: form.reason,
  }),
  first: ["welcome"],
  after: { welcome: "notification" },
});

type AnyDefinition = EnquiryDefinition<FormFields, Record<string, string | undefined>>;

/**
 * Everything the rest of the code reads of the registry, derived from its
 * entries: their names, the enquiry pages, and lookups by kind. The module
 * exports it for the three kinds below; app/features/enquiries/fourth-kind.test.ts
 * builds it with a throwaway fourth kind to prove nothing else needs to change.
 */
export function registryOf<K extends Record<string, unknown>>(kinds: K) {
  type Kind = keyof K & string;
  const names = Object.keys(kinds) as Kind[];
  const entry = (kind: Kind) => kinds[kind] as unknown as AnyDefinition;
  return {
    enquiryKinds: kinds,
    enquiryKindNames: names,
    /**
     * The enquiry pages, one per kind: not hydrated, but each carries a form
     * island, the one part of the page React runs in the browser
     * (docs/decisions/015-form-islands.md). Every other public page is a
     * content page that ships no React runtime (app/components/ui/hydration.ts).
     */
    islandPaths: names.map((kind) => entry(kind).path) as readonly string[],
    isEnquiryKind: (value: unknown): value is Kind => typeof value === "string" && Object.hasOwn(kinds, value),
    /** A kind's entry, for code that handles every kind alike. */
    enquiryKind: entry,
    /** A kind's fields, for code that handles every kind alike. */
    fieldsOf: (kind: Kind): Record<string, FieldSpec> => entry(kind).fields,
  };
}

export const { enquiryKinds, enquiryKindNames, islandPaths, isEnquiryKind, enquiryKind, fieldsOf } = registryOf({
  contact,
  demo,
  advisory,
});

export type EnquiryKind = keyof typeof enquiryKinds;

/** The validated form of a kind, by its field names. */
export type EnquiryForm<K extends EnquiryKind> = FormValuesOf<(typeof enquiryKinds)[K]["fields"]>;
/** What is stored for a kind (and what its e-mails are rendered from). */
export type EnquiryPayload<K extends EnquiryKind> = ReturnType<(typeof enquiryKinds)[K]["toPayload"]>;

export type ContactPayload = EnquiryPayload<"contact">;
export type DemoPayload = EnquiryPayload<"demo">;
export type AdvisoryPayload = EnquiryPayload<"advisory">;

/** Whether a delivery goes to the company's enquiries mailbox (a notification) rather than to the person who wrote. */
export function isCompanyDelivery(delivery: DeliveryKind): boolean {
  return delivery === "notification";
}

/** Who receives a delivery: the company's enquiries mailbox for a notification, otherwise the person who wrote. */
export function recipientOf(delivery: DeliveryKind, addresses: { enquiries: string; submitter: string }): string {
  return isCompanyDelivery(delivery) ? addresses.enquiries : addresses.submitter;
}

/**
 * Whether an enquiry's e-mails (their kinds) all go to the company: one
 * stored past its address's daily limit (companyDeliveries). Every other
 * enquiry has one to its writer, except one in spam (kept by the form guard,
 * it has none; moved there by staff, what it had not sent is withdrawn), so
 * ask only of enquiries outside spam.
 */
export function sentToCompanyOnly(deliveries: readonly DeliveryKind[]): boolean {
  return deliveries.length > 0 && deliveries.every(isCompanyDelivery);
}

/**
 * The deliveries stored with an enquiry whose writer's address has had every
 * e-mail a day allows it (ENQUIRY_LIMIT_PER_RECIPIENT_PER_DAY): the company's
 * own, at once (a notification that would have waited for the welcome
 * included), and nothing to the writer.
 */
export function companyDeliveries(kind: EnquiryKind): DeliveryKind[] {
  const first: readonly DeliveryKind[] = enquiryKinds[kind].first;
  const after: Partial<Record<DeliveryKind, DeliveryKind>> = enquiryKinds[kind].after ?? {};
  const toCompany = (delivery: DeliveryKind | undefined): DeliveryKind[] =>
    !delivery ? [] : isCompanyDelivery(delivery) ? [delivery] : toCompany(after[delivery]);
  return first.flatMap(toCompany);
}
