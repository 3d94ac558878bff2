/**
 * The inbox's CSV export: one row per enquiry, every field of every form,
 * its state and the state of each of its e-mails. Pure (app/platform/csv.ts does
 * the quoting, the byte-order mark and the formula neutralising).
 */
import { SITE_TIME_ZONE } from "~/platform/calendar";
import { csvLines, toCsv } from "~/platform/csv";
import { deliveryKinds, enquiryKindNames, fieldsOf } from "~/features/enquiries";
import { type ExportBatches, type ExportRow } from "./inbox";
import { payloadKeyOf } from "~/features/enquiries";
import { sourceCsvCells, sourceCsvHeader } from "~/features/enquiries"; // issue 44

/** Every stored field of every form, from the registry, in its order; long texts (the message) last. */
const payloadColumns = (() => {
  const fields = enquiryKindNames.flatMap((kind) => Object.entries(fieldsOf(kind)));
  const long = new Set(fields.filter(([, spec]) => spec.kind === "textarea").map(([field]) => payloadKeyOf(field)));
  const keys = [...new Set(fields.map(([field]) => payloadKeyOf(field)))];
  return [...keys.filter((key) => !long.has(key)), ...keys.filter((key) => long.has(key))];
})();

export const exportHeader = [
  "id",
  "received_at",
  "form",
  "state",
  "handled_at",
  ...payloadColumns,
  ...deliveryKinds.map((kind) => `${kind}_email`),
  // Issue 44: where the visitor came from, after every other column.
  ...sourceCsvHeader,
];

function exportCells(row: ExportRow): unknown[] {
  return [
    row.id,
    row.receivedAt,
    row.kind,
    row.handledAt ? "handled" : "new",
    row.handledAt,
    ...payloadColumns.map((key) => row.payload[key]),
    ...deliveryKinds.map((kind) => row.deliveries[kind] ?? ""),
    // Issue 44: where the visitor came from, after every other column.
    ...sourceCsvCells(row.source),
  ];
}

/** A whole export as one string (small exports, tests). */
export function inboxCsv(rows: readonly ExportRow[]): string {
  return toCsv(exportHeader, rows.map(exportCells));
}

/**
 * The same CSV, written as it is read: the header (with the byte-order
 * mark), then each batch's lines, so no more than one batch is ever held.
 */
export async function* inboxCsvChunks(batches: ExportBatches): AsyncGenerator<string> {
  yield toCsv(exportHeader, []);
  for await (const batch of batches) if (batch.length > 0) yield csvLines(batch.map(exportCells));
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
