/**
 * Every template with its sample PreviewProps (and variants of them), rendered
 * through renderEmail as the pipeline does. Used by `npm run email:dev` and the tests.
 */
import { renderEmail, type EmailTemplate, type RenderedEmail } from "./platform/mail/define";
import { advisoryNotification } from "./features/enquiries/emails/advisory";
import { demoNotification } from "./features/enquiries/emails/demo";
import { staffDigest } from "./features/digest/emails/digest";
import { enquiryTemplates } from "./features/enquiries/emails/registry";
import { staffAssigned } from "./features/inbox/emails/assigned";
import { staffInvitation } from "./features/members/emails/invitation";
import { staffSignInCode } from "./features/sign-in/emails/sign-in-code";
import { staffSignInLocked } from "./features/sign-in/emails/sign-in-locked";

export type EmailPreview = { name: string; render: () => Promise<RenderedEmail> };

/** A preview of `template` with its PreviewProps, changed by `overrides`. */
function preview<P extends object>(name: string, template: EmailTemplate<P>, overrides: Partial<P> = {}): EmailPreview {
  return { name, render: () => renderEmail(template, { ...template.PreviewProps, ...overrides }) };
}

/** `demoWelcome` → `demo-welcome`. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export const emailPreviews: readonly EmailPreview[] = [
  // Every enquiry kind's templates (app/features/enquiries/emails/<kind>.tsx), then variants of some.
  ...enquiryTemplates.map(([name, template]) => preview(kebab(name), template)),
  preview("demo-notification-welcome-failed", demoNotification, { welcomeFailed: true }),
  preview("advisory-notification-delivered", advisoryNotification, { welcomeFailed: false }),
  preview("staff-digest", staffDigest),
  preview("staff-digest-overdue-only", staffDigest, { deadLetters: [], deadTotal: 0 }),
  preview("staff-assigned", staffAssigned),
  preview("staff-invitation", staffInvitation),
  preview("staff-sign-in-code", staffSignInCode),
  preview("staff-sign-in-locked", staffSignInLocked),
];
