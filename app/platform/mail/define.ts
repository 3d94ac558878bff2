/**
 * The one shape every e-mail template has, and the function that renders a
 * template to a subject, an HTML part and a plain-text part.
 */
import { compile } from "html-to-text";
import { createElement, type ComponentType } from "react";
import { plainTextSelectors, render } from "react-email";
import { plainTextOptions } from "./plain-text";

/**
 * React Email's plain-text conversion (its `toPlainText(html, plainTextOptions)`:
 * html-to-text with its selectors, then ours), compiled once. Its `convert`
 * compiles the options on every call, nine tenths of an e-mail's conversion
 * (docs/decisions/025-memory-recovery-and-load.md); a test checks the text is the same.
 */
export const toPlainText = compile({
  wordwrap: false,
  ...plainTextOptions,
  selectors: [...plainTextSelectors, ...(plainTextOptions.selectors ?? [])],
});

export type EmailTemplate<P> = {
  subject: (props: P) => string;
  Email: ComponentType<P>;
  /** Sample props for previews and tests. */
  PreviewProps: P;
};

/**
 * Declares a template, so a registry can hold templates alike. Its component
 * also carries the sample props, where React Email's own preview looks for them.
 */
export function defineEmail<P extends object>(template: EmailTemplate<P>): EmailTemplate<P> {
  Object.assign(template.Email, { PreviewProps: template.PreviewProps });
  return template;
}

export type RenderedEmail = { subject: string; html: string; text: string };

/** Renders the HTML once with React Email and takes the plain-text part from that HTML. */
export async function renderEmail<P extends object>(template: EmailTemplate<P>, props: P): Promise<RenderedEmail> {
  const html = await render(createElement(template.Email, props), { pretty: false });
  return { subject: template.subject(props), html, text: toPlainText(html) };
}
