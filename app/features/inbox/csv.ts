/**
 * The inbox's CSV export: one row per enquiry, every field of every form,
 * its state, who it is assigned to and the state of each of its e-mails.
 * Values read as the console shows them (labels, London times with their
 * offset), each coded value's code in a column of its own beside it; every
 * header in one style (sentence case, as the console's headings). Pure
 * (app/platform/csv.ts does the quoting, the byte-order mark and the formula
 * neutralising).
 */
import { partsOf } from "~/platform/calendar";
import { csvLines, toCsv } from "~/platform/csv";
import {
  deliveryKindLabels,
  deliveryKinds,
  enquiryKindNames,
  fieldsOf,
  kindLabels,
  payloadKeyOf,
  payloadLabel,
  payloadValue,
  sourceExportColumns,
  type EnquiryKind,
} from "~/features/enquiries";
import { deliveryStateLabels, type ExportBatches, type ExportRow, type InboxFilters } from "./inbox";

/** One column: its header, a stable key (tests and tools find it by), and its cell for a row. */
export type ExportColumn = { key: string; header: string; cell: (row: ExportRow) => unknown };

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** An instant as London's clocks read it, with the offset: "2026-07-01T10:00:00+01:00" (ISO 8601). */
export function londonIso(instant: Date | null): string {
  if (!instant) return "";
  const p = partsOf(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** "Full Name" → "Full name": the forms' labels in the export's one header style (acronyms kept). */
export function sentenceCase(label: string): string {
  return label
    .split(" ")
    .map((word, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(" ");
}

/** Every stored field of every form, from the registry, in its order; long texts (the message) last. */
const payloadKeys = (() => {
  const fields = enquiryKindNames.flatMap((kind) => Object.entries(fieldsOf(kind)));
  const long = new Set(fields.filter(([, spec]) => spec.kind === "textarea").map(([field]) => payloadKeyOf(field)));
  const keys = [...new Set(fields.map(([field]) => payloadKeyOf(field)))];
  return [...keys.filter((key) => !long.has(key)), ...keys.filter((key) => long.has(key))];
})();

/** The kinds whose form has a field stored under `key`, and those where it is a choice (its code stored). */
function kindsWith(key: string) {
  const has = enquiryKindNames.filter((kind) =>
    Object.keys(fieldsOf(kind)).some((field) => payloadKeyOf(field) === key),
  );
  const choice = has.filter((kind) =>
    Object.entries(fieldsOf(kind)).some(([field, spec]) => payloadKeyOf(field) === key && spec.options),
  );
  return { has, choice: new Set<EnquiryKind>(choice) };
}

/** A stored field's columns: its value as the form showed it and, for a choice, its code beside it. */
function payloadColumns(key: string): ExportColumn[] {
  const { has, choice } = kindsWith(key);
  const header = sentenceCase(payloadLabel([...choice][0] ?? has[0]!, key));
  const shown: ExportColumn = {
    key,
    header,
    cell: (row) => {
      const value = row.payload[key];
      return value === undefined ? "" : payloadValue(row.kind, key, value);
    },
  };
  if (choice.size === 0) return [shown];
  return [
    shown,
    { key: `${key}_code`, header: `${header} (code)`, cell: (row) => (choice.has(row.kind) ? row.payload[key] : "") },
  ];
}

/**
 * The export's columns, in order: the one list the header and every row are
 * written from. A new column goes here (and into ExportRow, read by
 * ./export.server.ts).
 */
export const exportColumns: readonly ExportColumn[] = [
  { key: "id", header: "ID", cell: (row) => row.id },
  { key: "received", header: "Received (London time)", cell: (row) => londonIso(row.receivedAt) },
  { key: "form", header: "Form", cell: (row) => kindLabels[row.kind] ?? row.kind },
  { key: "form_code", header: "Form (code)", cell: (row) => row.kind },
  { key: "state", header: "State", cell: (row) => (row.handledAt ? "Handled" : "New") },
  { key: "state_code", header: "State (code)", cell: (row) => (row.handledAt ? "handled" : "new") },
  { key: "handled", header: "Handled (London time)", cell: (row) => londonIso(row.handledAt) },
  { key: "assigned_to", header: "Assigned to", cell: (row) => row.assignee?.name ?? "" },
  { key: "assigned_to_email", header: "Assigned to (e-mail)", cell: (row) => row.assignee?.email ?? "" },
  ...payloadKeys.flatMap(payloadColumns),
  ...deliveryKinds.flatMap((kind): ExportColumn[] => {
    const header = `${deliveryKindLabels[kind]} e-mail`;
    return [
      {
        key: `${kind}_email`,
        header,
        cell: (row) => (row.deliveries[kind] ? deliveryStateLabels[row.deliveries[kind]] : ""),
      },
      { key: `${kind}_email_code`, header: `${header} (code)`, cell: (row) => row.deliveries[kind] ?? "" },
    ];
  }),
  // Where the visitor came from (issue 44), after every other column: empty when the enquiry kept none.
  ...sourceExportColumns.map(({ key, header, value }): ExportColumn => ({
    key,
    header,
    cell: (row) => value(row.source),
  })),
];

export const exportHeader = exportColumns.map((column) => column.header);

const exportCells = (row: ExportRow): unknown[] => exportColumns.map((column) => column.cell(row));

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

/**
 * The file's name: the days it covers and the filters it was made with,
 * never the search text (a name or an address, kept in download lists):
 * `enquiries-2026-11-01-to-2026-11-27-demo-new.csv`. Without a start, "up
 * to" the end; without an end, up to `today` (London's date of the export).
 * `assignee` names the member of an "assigned to" filter (their id otherwise).
 */
export function exportFileName(filters: InboxFilters, today: string, assignee?: string): string {
  const range = filters.from ? `${filters.from}-to-${filters.to ?? today}` : `up-to-${filters.to ?? today}`;
  const assigned =
    filters.assigned === "mine"
      ? "mine"
      : filters.assigned === "nobody"
        ? "unassigned"
        : filters.assigned
          ? `assigned-to-${assignee ?? "member"}`
          : null;
  const parts = [
    "enquiries",
    range,
    filters.kind ?? null,
    filters.state ?? null,
    filters.problem ? "delivery-problems" : null,
    assigned,
    filters.q ? "search" : null,
  ];
  const name = parts
    .filter((part): part is string => Boolean(part))
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-{2,}/g, "-");
  return `${name}.csv`;
}
