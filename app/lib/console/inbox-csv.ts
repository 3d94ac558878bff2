/**
 * The inbox's CSV export: one row per enquiry, every field of every form,
 * its state and the state of each of its e-mails. Pure (app/lib/csv.ts does
 * the quoting, the byte-order mark and the formula neutralising).
 */
import { SITE_TIME_ZONE } from "../calendar";
import { toCsv } from "../csv";
import { deliveryKinds } from "../enquiry-kinds";
import type { ExportRow } from "./inbox";

const payloadColumns = [
  "name",
  "email",
  "organization",
  "role",
  "interest",
  "preferredTime",
  "country",
  "reason",
  "message",
] as const;

export const exportHeader = [
  "id",
  "received_at",
  "form",
  "state",
  "handled_at",
  ...payloadColumns,
  ...deliveryKinds.map((kind) => `${kind}_email`),
];

export function inboxCsv(rows: readonly ExportRow[]): string {
  return toCsv(
    exportHeader,
    rows.map((row) => [
      row.id,
      row.receivedAt,
      row.kind,
      row.handledAt ? "handled" : "new",
      row.handledAt,
      ...payloadColumns.map((key) => row.payload[key]),
      ...deliveryKinds.map((kind) => row.deliveries[kind] ?? ""),
    ]),
  );
}

/** `enquiries-2026-11-23.csv`: the day of the export in Europe/London. */
export function exportFileName(now: Date): string {
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: SITE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return `enquiries-${day}.csv`;
}
