/**
 * Every template with its sample PreviewProps (and variants of them), rendered
 * through renderEmail as the pipeline does. Used by `npm run email:dev` and the tests.
 */
import { renderEmail, type EmailTemplate, type RenderedEmail } from "./define";
import {
  advisoryNotification,
  advisoryWelcome,
  contactAcknowledgement,
  contactNotification,
  demoNotification,
  demoWelcome,
  staffDigest,
} from "./index";

export type EmailPreview = { name: string; render: () => Promise<RenderedEmail> };

/** A preview of `template` with its PreviewProps, changed by `overrides`. */
function preview<P extends object>(name: string, template: EmailTemplate<P>, overrides: Partial<P> = {}): EmailPreview {
  return { name, render: () => renderEmail(template, { ...template.PreviewProps, ...overrides }) };
}

export const emailPreviews: readonly EmailPreview[] = [
  preview("contact-notification", contactNotification),
  preview("contact-acknowledgement", contactAcknowledgement),
  preview("demo-welcome", demoWelcome),
  preview("demo-notification", demoNotification),
  preview("demo-notification-welcome-failed", demoNotification, { welcomeFailed: true }),
  preview("advisory-welcome", advisoryWelcome),
  preview("advisory-notification", advisoryNotification),
  preview("advisory-notification-delivered", advisoryNotification, { welcomeFailed: false }),
  preview("staff-digest", staffDigest),
  preview("staff-digest-overdue-only", staffDigest, { deadLetters: [], deadTotal: 0 }),
];
