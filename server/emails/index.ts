/**
 * The Maternis e-mails. Each template has one shape (subject, component,
 * sample props); `renderEmail(template, props)` turns it into a subject, an
 * HTML part and a plain-text part. The enquiry delivery pipeline uses these.
 */
export { advisoryNotification } from "./advisory-notification";
export { advisoryWelcome } from "./advisory-welcome";
export { contactAcknowledgement } from "./contact-acknowledgement";
export { contactNotification } from "./contact-notification";
export { defineEmail, renderEmail, type EmailTemplate, type RenderedEmail } from "./define";
export { demoNotification } from "./demo-notification";
export { demoWelcome } from "./demo-welcome";
export { staffDigest } from "./staff-digest";
export { firstName, slugify, withUtm } from "./utils";
