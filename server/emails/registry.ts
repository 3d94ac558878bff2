/**
 * Which template renders each e-mail of each enquiry kind: the e-mail half of
 * the enquiry registry (~/lib/enquiry-kinds.ts). Typed against the registry,
 * so a kind's deliveries without a template do not compile.
 */
import type { DeliveryKind, EnquiryKind, EnquiryPayload } from "~/lib/enquiry-kinds";
import { advisoryNotification } from "./advisory-notification";
import { advisoryWelcome } from "./advisory-welcome";
import { contactAcknowledgement } from "./contact-acknowledgement";
import { contactNotification } from "./contact-notification";
import { renderEmail, type RenderedEmail } from "./define";
import { demoNotification } from "./demo-notification";
import { demoWelcome } from "./demo-welcome";

/** What a template is given: the enquiry's payload, and for a notification whether the welcome it waited for was given up. */
type Render<K extends EnquiryKind> = (
  payload: EnquiryPayload<K>,
  opts: { welcomeFailed: boolean; today?: string },
) => Promise<RenderedEmail>;

const enquiryEmails: { [K in EnquiryKind]: Partial<Record<DeliveryKind, Render<K>>> } = {
  contact: {
    notification: (payload) => renderEmail(contactNotification, payload),
    acknowledgement: (payload) => renderEmail(contactAcknowledgement, payload),
  },
  demo: {
    welcome: ({ name, email }) => renderEmail(demoWelcome, { name, email }),
    notification: (payload, { welcomeFailed }) => renderEmail(demoNotification, { ...payload, welcomeFailed }),
  },
  advisory: {
    welcome: ({ name, email }, { today }) => renderEmail(advisoryWelcome, { name, email, today }),
    notification: (payload, { welcomeFailed }) => renderEmail(advisoryNotification, { ...payload, welcomeFailed }),
  },
};

/** Renders one e-mail of an enquiry; throws if the registry has no template for it. */
export function renderEnquiryEmail(
  kind: EnquiryKind,
  delivery: DeliveryKind,
  payload: Record<string, string | undefined>,
  opts: { welcomeFailed: boolean; today?: string },
): Promise<RenderedEmail> {
  const render = enquiryEmails[kind][delivery] as Render<EnquiryKind> | undefined;
  if (!render) throw new Error(`No e-mail for a ${delivery} of a ${kind} enquiry`);
  return render(payload as EnquiryPayload<EnquiryKind>, opts);
}
