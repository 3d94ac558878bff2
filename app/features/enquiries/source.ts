/**
 * Where an enquiry's visitor came from (issue 44, docs/decisions/024-traffic-figures.md):
 * the utm_* parameters of the form page's URL, and the page or other site
 * that led to the form page (its Referer: a host, a path of this site, or
 * "direct"), in the terms of ~/platform/visit-source. The form page's loader
 * works it out and the form carries it back in one hidden field, so the
 * JavaScript and the no-JavaScript posts both store it. Kept in the enquiry's
 * own columns, shown on its page and in the CSV, and erased with it.
 * Client-safe.
 */
import { isReferrerLabel, referrerText, utmOf, UTM_KEYS, type Utm } from "~/platform/visit-source";

/** The hidden field the enquiry forms carry their source in. */
export const SOURCE_FIELD = "_source";

export type EnquirySource = { referrer: string; utm: Utm };

/** The source as the hidden field carries it: `referrer=google.com&utm_source=email…`. */
export function encodeSource(source: EnquirySource): string {
  const params = new URLSearchParams({ referrer: source.referrer });
  for (const key of UTM_KEYS) {
    const value = source.utm[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The source a form post carried, checked as if it came from anyone (it may): null when absent or malformed. */
export function decodeSource(text: unknown): EnquirySource | null {
  if (typeof text !== "string" || text.length === 0 || text.length > 1000) return null;
  const params = new URLSearchParams(text);
  const referrer = params.get("referrer") ?? "";
  if (!isReferrerLabel(referrer)) return null;
  return { referrer, utm: utmOf(params) };
}

/** The enquiries table's source columns (./tables.server.ts), as one value: null for an enquiry stored without one. */
export type SourceColumns = {
  sourceReferrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmVariant: string | null;
  utmCta: string | null;
};

export function sourceColumns(source: EnquirySource | null | undefined): SourceColumns {
  return {
    sourceReferrer: source?.referrer ?? null,
    utmSource: source?.utm.utm_source ?? null,
    utmMedium: source?.utm.utm_medium ?? null,
    utmCampaign: source?.utm.utm_campaign ?? null,
    utmVariant: source?.utm.utm_variant ?? null,
    utmCta: source?.utm.utm_cta ?? null,
  };
}

export function sourceOfColumns(row: SourceColumns): EnquirySource | null {
  if (row.sourceReferrer === null) return null;
  const utm: Utm = {};
  const values = [row.utmSource, row.utmMedium, row.utmCampaign, row.utmVariant, row.utmCta];
  UTM_KEYS.forEach((key, i) => {
    if (values[i]) utm[key] = values[i]!;
  });
  return { referrer: row.sourceReferrer, utm };
}

/** What the enquiry's page shows: "Came from", then each utm_* value it had. */
export function sourceLines(source: EnquirySource): { label: string; value: string }[] {
  return [
    { label: "Came from", value: referrerText(source.referrer) },
    ...UTM_KEYS.filter((key) => source.utm[key]).map((key) => ({ label: key, value: source.utm[key]! })),
  ];
}

/**
 * The CSV export's source columns (app/features/inbox/csv.ts): "Came from" as
 * the enquiry's page reads it, its code (the stored label) beside it, then
 * each utm_* value as it came, under a header in the export's style.
 */
const utmHeaders: Record<(typeof UTM_KEYS)[number], string> = {
  utm_source: "Campaign source",
  utm_medium: "Campaign medium",
  utm_campaign: "Campaign",
  utm_variant: "Campaign variant",
  utm_cta: "Campaign call to action",
};

export const sourceExportColumns: readonly {
  key: string;
  header: string;
  value: (source: EnquirySource | null | undefined) => string;
}[] = [
  { key: "source_referrer", header: "Came from", value: (source) => (source ? referrerText(source.referrer) : "") },
  { key: "source_referrer_code", header: "Came from (code)", value: (source) => source?.referrer ?? "" },
  ...UTM_KEYS.map((key) => ({
    key,
    header: utmHeaders[key],
    value: (source: EnquirySource | null | undefined) => source?.utm[key] ?? "",
  })),
];
