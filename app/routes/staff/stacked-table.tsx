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
  numeric: "sm:text-right",
};

/** A stacked table's header row: one column header per heading, in order; those in `numeric` align right. */
export function StackedHead({ headings, numeric = [] }: { headings: readonly string[]; numeric?: readonly string[] }) {
  return (
    <thead className={stacked.thead}>
      <tr className={stacked.headRow}>
        {headings.map((heading) => (
          <th
            key={heading}
            scope="col"
            className={numeric.includes(heading) ? `${stacked.th} ${stacked.numeric}` : stacked.th}
          >
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
