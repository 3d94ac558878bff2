/**
 * Renders every Maternis e-mail to a subject, an HTML part and a plain-text
 * part. The enquiry delivery pipeline calls these functions; the templates and
 * their sample props live one per file beside this module.
 */
import { createElement, type ComponentType } from "react";
import { render } from "react-email";
import type { AdvisoryPayload, ContactPayload, DemoPayload } from "~/lib/enquiry-kinds";
import {
  AdvisoryNotificationEmail,
  advisoryNotificationLayout,
  advisoryNotificationSubject,
} from "./advisory-notification";
import { AdvisoryWelcomeEmail, advisoryWelcomeLayout, advisoryWelcomeSubject } from "./advisory-welcome";
import {
  ContactAcknowledgementEmail,
  contactAcknowledgementLayout,
  contactAcknowledgementSubject,
} from "./contact-acknowledgement";
import {
  ContactNotificationEmail,
  contactNotificationLayout,
  contactNotificationSubject,
} from "./contact-notification";
import { DemoNotificationEmail, demoNotificationLayout, demoNotificationSubject } from "./demo-notification";
import { DemoWelcomeEmail, demoWelcomeLayout, demoWelcomeSubject } from "./demo-welcome";
import { layoutToText, type EmailLayoutProps } from "./layout";

export { escapeHtml, firstName, slugify, withUtm } from "./utils";

export type RenderedEmail = { subject: string; html: string; text: string };

async function renderEmail<P extends object>(
  Component: ComponentType<P>,
  props: P,
  subject: (props: P) => string,
  layout: (props: P) => EmailLayoutProps,
): Promise<RenderedEmail> {
  const html = await render(createElement(Component, props), { pretty: false });
  return { subject: subject(props), html, text: layoutToText(layout(props)) };
}

export function renderContactNotification(payload: ContactPayload): Promise<RenderedEmail> {
  return renderEmail(ContactNotificationEmail, payload, contactNotificationSubject, contactNotificationLayout);
}

export function renderContactAcknowledgement(payload: ContactPayload): Promise<RenderedEmail> {
  return renderEmail(ContactAcknowledgementEmail, payload, contactAcknowledgementSubject, contactAcknowledgementLayout);
}

export function renderDemoWelcome(p: { name: string; email: string }): Promise<RenderedEmail> {
  return renderEmail(DemoWelcomeEmail, { name: p.name, email: p.email }, demoWelcomeSubject, demoWelcomeLayout);
}

export function renderDemoNotification(payload: DemoPayload, opts: { welcomeFailed: boolean }): Promise<RenderedEmail> {
  const props = { ...payload, welcomeFailed: opts.welcomeFailed };
  return renderEmail(DemoNotificationEmail, props, demoNotificationSubject, demoNotificationLayout);
}

export function renderAdvisoryWelcome(p: { name: string; email: string }): Promise<RenderedEmail> {
  return renderEmail(
    AdvisoryWelcomeEmail,
    { name: p.name, email: p.email },
    advisoryWelcomeSubject,
    advisoryWelcomeLayout,
  );
}

export function renderAdvisoryNotification(
  payload: AdvisoryPayload,
  opts: { welcomeFailed: boolean },
): Promise<RenderedEmail> {
  const props = { ...payload, welcomeFailed: opts.welcomeFailed };
  return renderEmail(AdvisoryNotificationEmail, props, advisoryNotificationSubject, advisoryNotificationLayout);
}
