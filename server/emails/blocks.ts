/**
 * HTML building blocks for template content. Every value that may come from a
 * user goes through escapeHtml (or textToHtml, which calls it) here, so the
 * templates only assemble fixed copy and these blocks.
 */
import { company } from "~/content/company";
import type { EmailSection } from "./layout";
import { escapeHtml, firstName, textToHtml } from "./utils";

export const notProvided = "Not provided";

/** An absolute link to a page of the site, e.g. sitePage("/product"). */
export function sitePage(path: string): string {
  return new URL(path, company.siteUrl).toString();
}

/** A mailto: URL for a (validated) address, with an optional subject. */
export function mailtoUrl(email: string, subject?: string): string {
  const address = encodeURIComponent(email.trim()).replace(/%40/g, "@");
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}

/** "Hi Ama," for "Ama Mensah"; "Hello," when there is no usable name. Returns HTML. */
export function greetingHtml(name: string): string {
  const first = firstName(name);
  return `<p>${first ? `Hi ${escapeHtml(first)},` : "Hello,"}</p>`;
}

/** A paragraph of user-written text, line breaks kept. */
export function userTextHtml(text: string | undefined, empty = notProvided): string {
  return `<p>${text ? textToHtml(text) : escapeHtml(empty)}</p>`;
}

export type DetailRow = {
  label: string;
  value: string | undefined;
  /** Makes the value a link (e.g. a mailto: URL). */
  href?: string;
};

/** Labelled values, one per line: "<strong>Name:</strong> Ama Mensah<br>…". */
export function detailsHtml(rows: readonly DetailRow[]): string {
  const lines = rows.map(({ label, value, href }) => {
    const shown = value ? escapeHtml(value) : escapeHtml(notProvided);
    const linked = value && href ? `<a href="${escapeHtml(href)}">${shown}</a>` : shown;
    return `<strong>${escapeHtml(label)}:</strong> ${linked}`;
  });
  return `<p>${lines.join("<br>")}</p>`;
}

/** The alert section shown when the requester's welcome e-mail could not be delivered. */
export function welcomeFailedSection(name: string, email: string): EmailSection {
  return {
    heading: "Welcome e-mail not delivered",
    html:
      `<p><strong>The welcome e-mail to the requester could not be delivered.</strong> ` +
      `${escapeHtml(name)} has not received a confirmation from us. ` +
      `Please contact them directly at <a href="${escapeHtml(mailtoUrl(email))}">${escapeHtml(email)}</a>.</p>`,
  };
}

/** "Saturday 14 March 2026" for "2026-03-14"; the raw value when it is not a date. */
export function formatDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  })
    .format(date)
    .replace(",", "");
}
