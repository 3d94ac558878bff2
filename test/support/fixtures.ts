/**
 * Valid fields for each enquiry form, from its registry entry's field specs
 * (app/features/enquiries/kinds.ts): a new kind's come with it.
 */
import type { FieldSpec } from "../../app/features/enquiries/fields";
import { enquiryKindNames, fieldsOf, type EnquiryKind } from "../../app/features/enquiries/kinds";

export type FormKind = EnquiryKind;

export const formKinds: readonly FormKind[] = enquiryKindNames;

/** A valid value for one field: `n` makes each enquiry's text distinct. */
function validValue(spec: FieldSpec, email: string, n: number): string {
  switch (spec.kind) {
    case "email":
      return email;
    case "select":
      return spec.options![0]!.value;
    case "date":
      return "2031-05-17";
    case "text":
    case "textarea":
      return `${spec.label} of tester ${n}`.slice(0, spec.maxLength);
  }
}

/** Valid fields for a `kind` form from `email`; `n` makes each enquiry's text distinct. */
export function validFields(kind: FormKind, email: string, n = 0): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldsOf(kind)).map(([name, spec]) => [name, validValue(spec, email, n)]));
}

/** The GOV.UK-style error summary of a form re-rendered with errors. */
export const ERROR_SUMMARY = "There is a problem";

/** A demo request the integration tests send: a government official in Ghana (Message-ID, subject and greeting follow from it). */
export const kwameDemo = {
  fullName: "Kwame Boateng",
  email: "kwame@example.org",
  organization: "Ghana Health Service",
  role: "government",
};
