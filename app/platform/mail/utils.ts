import { singleLine } from "../text";

/**
 * Small, pure helpers shared by the e-mail layout and templates: slugs,
 * tracking parameters, first names, option labels and dates.
 */

export const SLUG_MAX_LENGTH = 40;

/**
 * A URL-safe slug: lower case, ASCII letters and digits joined by single
 * hyphens, at most `maxLength` characters and never ending in a hyphen.
 */
export function slugify(value: string, maxLength: number = SLUG_MAX_LENGTH): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, Math.max(0, maxLength))
    .replace(/-+$/, "");
}

export type UtmOptions = {
  /** Campaign name (the e-mail's title); slugified to at most 40 characters. */
  campaign: string;
  /** The e-mail variant (neutral, success, alert, info). */
  variant: string;
  /** The call-to-action label; slugified. */
  cta: string;
};

/**
 * Adds utm_source=email, utm_medium=transactional, utm_campaign, utm_variant
 * and utm_cta to an http(s) link. Links that already carry any utm_ parameter,
 * non-http links (mailto:, tel:) and unparseable URLs are returned untouched.
 */
export function withUtm(url: string, { campaign, variant, cta }: UtmOptions): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return url;
  for (const key of parsed.searchParams.keys()) {
    if (key.toLowerCase().startsWith("utm_")) return url;
  }
  const params = new URLSearchParams({
    utm_source: "email",
    utm_medium: "transactional",
    utm_campaign: slugify(campaign) || "email",
    utm_variant: slugify(variant) || "neutral",
    utm_cta: slugify(cta) || "link",
  }).toString();
  parsed.search = parsed.search.length > 1 ? `${parsed.search}&${params}` : `?${params}`;
  return parsed.toString();
}

/**
 * A first name: letters (any script), joined by an apostrophe or hyphen,
 * perhaps ending in a full stop ("Zoë", "O'Brien", "Jean-Luc", "Dr."). Not a
 * link, an address or a domain, which someone could type to have the site
 * send them to a stranger in a greeting.
 */
const NAME_WORD = /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*\.?$/u;

/**
 * The name up to its first space ("Ama Mensah" → "Ama"); "" when there is no
 * name, or its first word is not a name (a link, an address, a domain).
 */
export function firstName(name: string): string {
  const first = singleLine(name).split(" ")[0] ?? "";
  return first.length <= 40 && NAME_WORD.test(first) ? first : "";
}

/** The label of an option value ("ngo" → "NGO Professional"); the raw value when unknown. */
export function optionLabel(
  options: readonly { value: string; label: string }[],
  value: string | undefined,
): string | undefined {
  if (value === undefined) return undefined;
  return options.find((o) => o.value === value)?.label ?? value;
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
