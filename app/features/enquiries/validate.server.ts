import { enquiryKind, isEnquiryKind, type EnquiryKind } from "~/features/enquiries/kinds";
import { formSchema } from "~/features/enquiries/schemas";

/** submitEnquiry was given a form its kind's schema refuses (or a kind the registry does not know). */
export class InvalidEnquiryError extends Error {
  override name = "InvalidEnquiryError";
  constructor(
    readonly kind: string,
    /** The first message per field. */
    readonly fieldErrors: Record<string, string>,
  ) {
    super(
      `Invalid ${kind} enquiry: ${Object.entries(fieldErrors)
        .map(([field, message]) => `${field}: ${message}`)
        .join("; ")}`,
    );
  }
}

/**
 * Checks a form against its kind's schema (the action has already done so;
 * the service does not trust its callers) and returns what is stored: the
 * registry's payload for that kind. Unknown fields are dropped.
 */
export function validateEnquiry(kind: EnquiryKind, form: Record<string, unknown>): Record<string, string | undefined> {
  if (!isEnquiryKind(kind)) throw new InvalidEnquiryError(String(kind), { kind: "Unknown enquiry kind" });
  const result = formSchema(kind).safeParse(form);
  if (!result.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of result.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    throw new InvalidEnquiryError(kind, fieldErrors);
  }
  return enquiryKind(kind).toPayload(result.data as Record<string, string | undefined>);
}
