/**
 * Valid fields for each enquiry form, and what its success looks like: one
 * entry per kind of the registry (TypeScript asks for a new kind's).
 */
import { enquiryKindNames, type EnquiryKind } from "../../app/lib/enquiry-kinds";

export type FormKind = EnquiryKind;

export const formKinds: readonly FormKind[] = enquiryKindNames;

/** Valid fields for a `kind` form from `email`; `n` makes each submission's text distinct. */
export function validFields(kind: FormKind, email: string, n = 0): Record<string, string> {
  switch (kind) {
    case "contact":
      return {
        name: `Ada Tester ${n}`,
        email,
        organization: "Fault Lab",
        role: "Engineer",
        interest: "general",
        message: `Crash test message ${n}`,
      };
    case "demo":
      return {
        fullName: `Grace Tester ${n}`,
        organization: "Fault Lab",
        email,
        role: "healthcare",
        preferredDate: "2031-05-17",
        message: `Demo ${n}`,
      };
    case "advisory":
      return { fullName: `Mary Tester ${n}`, email, role: "midwife", country: "Kenya", reason: `Reason ${n}` };
  }
}

/** The heading of each form's success panel (app/content/*.ts), to tell success from a re-rendered form. */
export const successMarkers: Record<FormKind, string> = {
  contact: "Thank you! Your message has been sent.",
  demo: "Demo Request Received!",
  advisory: "Welcome to the Advisory Network!",
};

/** The GOV.UK-style error summary of a form re-rendered with errors. */
export const ERROR_SUMMARY = "There is a problem";
