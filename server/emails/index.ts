/**
 * The Maternis e-mails. Each template has one shape (subject, component,
 * sample props); `renderEmail(template, props)` turns it into a subject, an
 * HTML part and a plain-text part. The enquiry delivery pipeline uses these.
 */
export { advisoryNotification, advisoryWelcome } from "./advisory";
export { contactAcknowledgement, contactNotification } from "./contact";
export { defineEmail, renderEmail, type EmailTemplate, type RenderedEmail } from "./define";
export { demoNotification, demoWelcome } from "./demo";
export { staffDigest } from "./staff-digest";
export { firstName, slugify, withUtm } from "./utils";
