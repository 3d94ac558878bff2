/**
 * Which template renders each e-mail of each enquiry kind: the e-mail half of
 * the enquiry registry (~/features/enquiries/kinds.ts). A kind's e-mails are declared
 * in its own file, `./<kind>.tsx`; typed against the registry, so
 * a kind's deliveries without a template do not compile.
 */
import type { DeliveryKind, EnquiryKind, EnquiryPayload } from "~/features/enquiries/kinds";
import * as advisory from "./advisory";
import * as contact from "./contact";
import type { EmailTemplate, RenderedEmail } from "~/platform/mail/define";
import type { EnquiryEmails } from "./enquiry-emails";
import * as demo from "./demo";

/** Each kind's e-mails file, `./<kind>.tsx`: a new kind's line goes here. */
const kinds = { contact, demo, advisory } satisfies { [K in EnquiryKind]: { emails: EnquiryEmails<K> } };

/** Every template the kinds' files declare, by export name (`demoWelcome`): previews.ts shows them all. */
export const enquiryTemplates: [string, EmailTemplate<object>][] = Object.values(kinds).flatMap((module) =>
  Object.entries(module).filter((entry): entry is [string, EmailTemplate<object>] => isTemplate(entry[1])),
);

function isTemplate(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && "subject" in value && "Email" in value && "PreviewProps" in value
  );
}

/** Renders one e-mail of an enquiry; throws if the registry has no template for it. */
export function renderEnquiryEmail(
  kind: EnquiryKind,
  delivery: DeliveryKind,
  payload: Record<string, string | undefined>,
  opts: { welcomeFailed: boolean; today?: string },
): Promise<RenderedEmail> {
  const render = (kinds[kind].emails as EnquiryEmails<EnquiryKind>)[delivery];
  if (!render) throw new Error(`No e-mail for a ${delivery} of a ${kind} enquiry`);
  return render(payload as EnquiryPayload<EnquiryKind>, opts);
}
