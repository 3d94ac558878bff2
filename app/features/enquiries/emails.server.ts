import { londonDate } from "~/platform/calendar";
import type { DeliveryKind, EnquiryKind } from "~/features/enquiries/kinds";
import type { OutgoingEmail } from "~/platform/mail/transport.server";

/**
 * The Message-ID of one delivery: derived from the enquiry and the kind of
 * e-mail, so every retry of it carries the same ID and a receiving server (or
 * a person) can tell a repeat from a new message.
 */
export function deliveryMessageId(enquiryId: string, kind: DeliveryKind, siteUrl: string): string {
  const host = new URL(siteUrl).hostname;
  return `<${enquiryId}.${kind}@${host}>`;
}

type DeliveryContext = {
  /** The enquiry (an enquiries row, or the access export's copy of one). */
  enquiry: { id: string; kind: EnquiryKind; payload: Record<string, string | undefined> };
  delivery: { kind: DeliveryKind; recipient: string };
  /** A delivery that waited for another (a notification for its welcome): that one was given up. */
  welcomeFailed: boolean;
  siteUrl: string;
  /** When it is sent, for dated wording (default: now). */
  now?: Date;
};

/**
 * The templates (React Email): loaded by the worker as it starts
 * (./worker.server.ts), not by a web process whose worker runs elsewhere.
 * Loading them takes the thread for a while (React Email loads all its
 * components, Prism's languages among them): at start, not in the middle of
 * the first enquiry's e-mails while requests wait.
 */
export const loadEnquiryEmails = () => import("./emails/registry");

/** Renders one delivery's e-mail with the template the registry names (app/features/enquiries/emails/registry.ts). */
export async function buildEmail(context: DeliveryContext): Promise<OutgoingEmail> {
  const { enquiry, delivery } = context;
  const { payload } = enquiry;
  const submitter = { name: payload.name ?? "", email: payload.email ?? "" };
  const { renderEnquiryEmail } = await loadEnquiryEmails();
  const rendered = await renderEnquiryEmail(enquiry.kind, delivery.kind, payload, {
    welcomeFailed: context.welcomeFailed,
    today: londonDate(context.now ?? new Date()),
  });
  return {
    to: [delivery.recipient],
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    // Notifications go to the company: a reply goes straight to the person who wrote.
    replyTo: delivery.kind === "notification" ? { name: submitter.name, address: submitter.email } : undefined,
    messageId: deliveryMessageId(enquiry.id, delivery.kind, context.siteUrl),
  };
}
