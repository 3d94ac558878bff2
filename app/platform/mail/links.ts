/** The links of an e-mail: site pages, mailto: URLs and call-to-action tracking. */
import { company, type SiteLink } from "~/platform/company";
import type { EmailVariant } from "./tokens";
import { withUtm } from "./utils";

export type EmailLink = { label: string; url: string };

/** An absolute link to a page of the site, e.g. sitePage("/product"). */
export function sitePage(path: string): string {
  return new URL(path, company.siteUrl).toString();
}

/** A call to action of the site (like one of `sharedCtas`) as an e-mail's button: the same label, an absolute link. */
export function emailCta(link: SiteLink): EmailLink {
  return { label: link.label, url: sitePage(link.to) };
}

/** A mailto: URL for a (validated) address, with an optional subject. */
export function mailtoUrl(email: string, subject?: string): string {
  const address = encodeURIComponent(email.trim()).replace(/%40/g, "@");
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}

export type TrackingOptions = {
  /** The e-mail's title, used as the campaign. */
  title: string;
  variant: EmailVariant;
  /** Adds tracking parameters when true; returns the links as they are otherwise. */
  addUtm: boolean;
};

/** Call-to-action links with UTM parameters naming the e-mail, its variant and the link's label. */
export function trackLinks(links: readonly EmailLink[], { title, variant, addUtm }: TrackingOptions): EmailLink[] {
  if (!addUtm) return [...links];
  return links.map((link) => ({
    label: link.label,
    url: withUtm(link.url, { campaign: title, variant, cta: link.label }),
  }));
}
