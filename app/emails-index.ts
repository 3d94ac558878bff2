/**
 * The Maternis e-mails. Each template has one shape (subject, component,
 * sample props); `renderEmail(template, props)` turns it into a subject, an
 * HTML part and a plain-text part. The enquiry delivery pipeline uses these.
 */
export { advisoryNotification, advisoryWelcome } from "./features/enquiries/emails/advisory";
export { contactAcknowledgement, contactNotification } from "./features/enquiries/emails/contact";
export { defineEmail, renderEmail, type EmailTemplate, type RenderedEmail } from "./platform/mail/define";
export { demoNotification, demoWelcome } from "./features/enquiries/emails/demo";
export { staffDigest } from "./features/digest/emails/digest";
export { firstName, slugify, withUtm } from "./platform/mail/utils";
