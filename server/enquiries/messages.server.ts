import type { AdvisoryPayload, ContactPayload, DemoPayload } from "~/lib/enquiry-schemas";
import * as emails from "../emails";
import type { DeliveryKind, SubmissionKind } from "./schema.server";
import type { OutgoingEmail } from "./transport.server";

/**
 * The Message-ID of one delivery: derived from the submission and the kind of
 * e-mail, so every retry of it carries the same ID and a receiving server (or
 * a person) can tell a repeat from a new message.
 */
export function deliveryMessageId(submissionId: string, kind: DeliveryKind, siteUrl: string): string {
  const host = new URL(siteUrl).hostname;
  return `<${submissionId}.${kind}@${host}>`;
}

/** The first name: everything up to the first space (SPEC section 7). */
export function firstName(name: string): string {
  return name.trim().split(" ")[0] ?? "";
}

export type DeliveryContext = {
  submissionId: string;
  submissionKind: SubmissionKind;
  deliveryKind: DeliveryKind;
  recipient: string;
  payload: Record<string, string | undefined>;
  /** Demo and advisory notifications: the welcome ended in the dead-letter queue. */
  welcomeFailed: boolean;
  siteUrl: string;
};

/** Which deliveries a submission starts with, in the order they are queued. */
export function initialDeliveries(kind: SubmissionKind): DeliveryKind[] {
  return kind === "contact" ? ["notification", "acknowledgement"] : ["welcome"];
}

/** Renders one delivery's e-mail with the templates in server/emails. */
export async function buildEmail(context: DeliveryContext): Promise<OutgoingEmail> {
  const { payload, submissionKind, deliveryKind } = context;
  const submitter = { name: payload.name ?? "", email: payload.email ?? "" };
  let rendered: { subject: string; html: string; text: string };
  switch (`${submissionKind}/${deliveryKind}`) {
    case "contact/notification":
      rendered = await emails.renderEmail(emails.contactNotification, payload as ContactPayload);
      break;
    case "contact/acknowledgement":
      rendered = await emails.renderEmail(emails.contactAcknowledgement, payload as ContactPayload);
      break;
    case "demo/welcome":
      rendered = await emails.renderEmail(emails.demoWelcome, submitter);
      break;
    case "demo/notification":
      rendered = await emails.renderEmail(emails.demoNotification, {
        ...(payload as DemoPayload),
        welcomeFailed: context.welcomeFailed,
      });
      break;
    case "advisory/welcome":
      rendered = await emails.renderEmail(emails.advisoryWelcome, submitter);
      break;
    case "advisory/notification":
      rendered = await emails.renderEmail(emails.advisoryNotification, {
        ...(payload as AdvisoryPayload),
        welcomeFailed: context.welcomeFailed,
      });
      break;
    default:
      throw new Error(`No e-mail for a ${deliveryKind} of a ${submissionKind} enquiry`);
  }
  return {
    to: [context.recipient],
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    // Notifications go to the company: a reply goes straight to the person who wrote.
    replyTo: deliveryKind === "notification" ? { name: submitter.name, address: submitter.email } : undefined,
    messageId: deliveryMessageId(context.submissionId, deliveryKind, context.siteUrl),
  };
}
