/**
 * Which template renders each e-mail of each enquiry kind: the e-mail half of
 * the enquiry registry (~/lib/enquiry-kinds.ts). Typed against the registry,
 * so a kind's deliveries without a template do not compile.
 */
import type { DeliveryKind, EnquiryKind, EnquiryPayload } from "~/lib/enquiry-kinds";
import * as emails from "./index";

export type RenderedEmail = { subject: string; html: string; text: string };

/** What a template is given: the enquiry's payload, and for a notification whether the welcome it waited for was given up. */
type Render<K extends EnquiryKind> = (
  payload: EnquiryPayload<K>,
  opts: { welcomeFailed: boolean },
) => Promise<RenderedEmail>;

export const enquiryEmails: { [K in EnquiryKind]: Partial<Record<DeliveryKind, Render<K>>> } = {
  contact: {
    notification: (payload) => emails.renderContactNotification(payload),
    acknowledgement: (payload) => emails.renderContactAcknowledgement(payload),
  },
  demo: {
    welcome: (payload) => emails.renderDemoWelcome(payload),
    notification: (payload, opts) => emails.renderDemoNotification(payload, opts),
  },
  advisory: {
    welcome: (payload) => emails.renderAdvisoryWelcome(payload),
    notification: (payload, opts) => emails.renderAdvisoryNotification(payload, opts),
  },
};

/** Renders one e-mail of an enquiry; throws if the registry has no template for it. */
export function renderEnquiryEmail(
  kind: EnquiryKind,
  delivery: DeliveryKind,
  payload: Record<string, string | undefined>,
  opts: { welcomeFailed: boolean },
): Promise<RenderedEmail> {
  const render = enquiryEmails[kind][delivery] as Render<EnquiryKind> | undefined;
  if (!render) throw new Error(`No e-mail for a ${delivery} of a ${kind} enquiry`);
  return render(payload as EnquiryPayload<EnquiryKind>, opts);
}
