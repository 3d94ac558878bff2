import type { ComponentProps, ReactNode } from "react";
import { ButtonForm } from "~/features/console/post-form";
import type { Button } from "~/components/ui/button";
import { isoTime, londonTime, relativeTime } from "~/platform/london-time";

/**
 * A table that stacks at phone widths: each row becomes a block and each cell
 * shows its column's name (from `data-label`) beside the value. The header row
 * stays in the markup for screen readers.
 */
export const stacked = {
  table: "w-full border-collapse text-left max-sm:block",
  caption: "mb-2 text-left text-lg font-semibold text-ink max-sm:block",
  thead: "max-sm:sr-only",
  headRow: "border-b-2 border-ink",
  th: "py-2 pr-4 align-bottom",
  tbody: "max-sm:block",
  tr: "border-b border-line align-top max-sm:block max-sm:py-3",
  td: "py-2 pr-4 max-sm:grid max-sm:grid-cols-[7rem_minmax(0,1fr)] max-sm:gap-3 max-sm:py-1 max-sm:pr-0 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]",
  /** A column of counts, aligned right (beside their column's name when stacked). */
  numeric: "sm:text-right tabular-nums",
};

type LabelledCellProps = { label: string; className?: string; children: ReactNode };

/** A cell of `base`'s table that shows `label` (its column's name, from `data-label`) beside its value on narrow screens. */
function labelledCell(base: string) {
  return function LabelledCell({ label, className, children }: LabelledCellProps) {
    return (
      <td data-label={label} className={className ? `${base} ${className}` : base}>
        {children}
      </td>
    );
  };
}

/** A stacked table's cell, which shows `label` (its column's name) beside the value at phone widths. */
export const StackedCell = labelledCell(stacked.td);

type At = Date | string | number;

/** A moment in a console table: its London time, and (smaller) how long before `now` it was. */
export function Moment({ at, now }: { at: At; now: Date | number }) {
  return (
    <span>
      <time dateTime={isoTime(at)}>{londonTime(at)}</time>{" "}
      <span className="text-sm text-muted">({relativeTime(at, now)})</span>
    </span>
  );
}

/** A stacked table's cell of a moment (Moment). */
export function StackedTimeCell({ label, at, now }: { label: string; at: At; now: Date | number }) {
  return (
    <StackedCell label={label}>
      <Moment at={at} now={now} />
    </StackedCell>
  );
}

/** A delivery's (an e-mail's, a text message's) "Sent" column: the moment it was sent, or "Not sent". */
export function SentMoment({ at, now }: { at: At | null; now: Date | number }) {
  return at ? <Moment at={at} now={now} /> : <span className="text-muted">Not sent</span>;
}

/** A delivery's "Last error" column: the error, or "None". */
export function LastError({ error }: { error: string | null }) {
  return error ?? <span className="text-muted">None</span>;
}

/**
 * A table whose rows become cards below the md breakpoint (the inbox, an
 * enquiry's e-mails): each `labelled` cell shows its column's name (from
 * `data-label`) before the value; the header row stays for screen readers.
 */
const cardCell = "px-3 py-2 align-top max-md:block max-md:px-0 max-md:py-1";
export const carded = {
  table: "w-full border-collapse text-left max-md:block",
  caption: "mb-2 text-left text-sm text-muted max-md:block",
  thead: "border-b-2 border-line max-md:sr-only",
  th: "px-3 py-2 font-semibold text-ink",
  tbody: "max-md:grid max-md:gap-3",
  tr: "border-b border-line max-md:block max-md:rounded-card max-md:border max-md:bg-white max-md:p-3",
  cell: cardCell,
  labelled: `${cardCell} max-md:before:mr-2 max-md:before:font-semibold max-md:before:content-[attr(data-label)]`,
  /** A column of counts, aligned right on wide screens. */
  numeric: "md:text-right tabular-nums",
};

/** A carded table's cell, which shows `label` (its column's name) before the value below the md breakpoint. */
export const CardedCell = labelledCell(carded.labelled);

/**
 * One column header per heading, in order, with the class given; the columns
 * of counts (`numeric`) also get their table kind's `numeric` class.
 */
export function ColumnHeads({
  headings,
  className,
  numeric,
}: {
  headings: readonly string[];
  className: string;
  numeric?: { headings: readonly string[]; className: string };
}) {
  return headings.map((heading) => (
    <th
      key={heading}
      scope="col"
      className={numeric?.headings.includes(heading) ? `${className} ${numeric.className}` : className}
    >
      {heading}
    </th>
  ));
}

/** A stacked table's header row: one column header per heading, in order; those in `numeric` align right. */
export function StackedHead({ headings, numeric = [] }: { headings: readonly string[]; numeric?: readonly string[] }) {
  return (
    <thead className={stacked.thead}>
      <tr className={stacked.headRow}>
        <ColumnHeads
          headings={headings}
          className={stacked.th}
          numeric={{ headings: numeric, className: stacked.numeric }}
        />
      </tr>
    </thead>
  );
}

/**
 * A row's one action (Retry, Resend) as a small button posting `hiddenFields`, or
 * "None" when the row has none (`available` false).
 */
export function RowAction({
  available,
  hiddenFields,
  busy,
  ...button
}: { available: boolean; hiddenFields: Record<string, string>; busy: boolean } & Omit<
  ComponentProps<typeof Button>,
  "type"
>) {
  if (!available) return <span className="text-muted">None</span>;
  return <ButtonForm hiddenFields={hiddenFields} size="sm" variant="outline" busy={busy} {...button} />;
}
