/**
 * The inbox's search and filters (issue 43): one GET form, so a view is a
 * URL and works without JavaScript. The search box is always in view; the
 * other filters are in a disclosure, folded on a phone (the enquiries come
 * first) with the number in use on its summary, and unfolded from tablet
 * width up. A date range that is not one, or a search with a control
 * character, is refused with an error summary above the form, the
 * disclosure open (for a date) and what was typed kept.
 */
import { ChevronRightIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input, Select } from "~/components/ui/field";
import { enquiryKindNames } from "~/features/enquiries/kinds";
import { kindLabels } from "~/features/enquiries/labels";
import {
  activeFilterCount,
  SEARCH_MAX_LENGTH,
  UNASSIGN,
  type Assignee,
  type FilterError,
  type InboxFilters,
  type TypedFilters,
} from "~/features/inbox/inbox";

/** The search box's id: the `/` shortcut's target. */
export const SEARCH_FIELD_ID = "inbox-q";

export function FilterForm({
  filters,
  typed,
  errors,
  assignees,
  me,
}: {
  filters: InboxFilters;
  /** The search and the dates as typed (kept when refused). */
  typed: TypedFilters;
  errors: readonly FilterError[];
  assignees: readonly Assignee[];
  me: string;
}) {
  const active = activeFilterCount(filters);
  const errorOf = (field: FilterError["field"]) => errors.find((error) => error.field === field)?.message;
  return (
    <>
      {errors.length > 0 ? (
        <div className="mt-6">
          <ErrorSummary errors={errors.map((error) => ({ field: error.field, message: error.message }))} />
        </div>
      ) : null}
      <Form
        method="get"
        action="/staff"
        role="search"
        aria-label="Filter enquiries"
        className="mt-4 rounded-card border border-line bg-white p-3 sm:p-4"
      >
        <Field name="q" id={SEARCH_FIELD_ID} error={errorOf(SEARCH_FIELD_ID)}>
          <FieldLabel>Search name, e-mail or organisation</FieldLabel>
          <FieldError />
          <div className="flex items-center gap-2">
            <Input type="search" defaultValue={typed.q} maxLength={SEARCH_MAX_LENGTH} className="min-w-0 flex-1" />
            <Button type="submit" variant="outline" className="px-4">
              Search
            </Button>
          </div>
        </Field>
        <details
          className="fold-until-md group mt-3 md:mt-4"
          open={errors.some((error) => error.field !== SEARCH_FIELD_ID) || undefined}
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 font-semibold text-primary-800 underline underline-offset-2 [&::-webkit-details-marker]:hidden">
            <ChevronRightIcon aria-hidden="true" className="size-5 transition-transform group-open:rotate-90" />
            Filters
            <span className="font-normal text-ink no-underline">
              {active === 0 ? "(none in use)" : `(${active} in use)`}
            </span>
          </summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 md:mt-0 lg:grid-cols-4 lg:items-end">
            <Field name="kind" id="inbox-kind">
              <FieldLabel>Form</FieldLabel>
              <Select defaultValue={filters.kind ?? ""}>
                <option value="">All forms</option>
                {enquiryKindNames.map((kind) => (
                  <option key={kind} value={kind}>
                    {kindLabels[kind]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field name="state" id="inbox-state">
              <FieldLabel>State</FieldLabel>
              <Select defaultValue={filters.state ?? ""}>
                <option value="">New and handled</option>
                <option value="new">New</option>
                <option value="handled">Handled</option>
              </Select>
            </Field>
            <Field name="assigned" id="inbox-assigned">
              <FieldLabel>Assigned to</FieldLabel>
              <Select defaultValue={filters.assigned === me ? "mine" : (filters.assigned ?? "")}>
                <option value="">Anyone or nobody</option>
                <option value="mine">Mine</option>
                <option value={UNASSIGN}>Nobody</option>
                {assignees
                  .filter((member) => member.id !== me)
                  .map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.label}
                    </option>
                  ))}
              </Select>
            </Field>
            <div className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                id="inbox-problem"
                name="problem"
                value="1"
                defaultChecked={filters.problem ?? false}
                className="size-5 accent-primary-700"
              />
              <label htmlFor="inbox-problem" className="font-semibold text-ink">
                Only delivery problems
              </label>
            </div>
            <DayField name="from" label="Received from" value={typed.from} error={errorOf("inbox-from")} />
            <DayField name="to" label="Received to" value={typed.to} error={errorOf("inbox-to")} />
            <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
              <Button type="submit">Apply filters</Button>
              <Link to="/staff" className="font-semibold text-primary-800 underline underline-offset-2">
                Clear filters
              </Link>
            </div>
          </div>
        </details>
      </Form>
    </>
  );
}

/** One end of the received range: a London day, kept as typed when it is refused. */
function DayField({
  name,
  label,
  value,
  error,
}: {
  name: "from" | "to";
  label: string;
  value: string | undefined;
  error: string | undefined;
}) {
  return (
    <Field name={name} id={`inbox-${name}`} hint="A day in London time, included." error={error}>
      <FieldLabel>{label}</FieldLabel>
      <FieldHint />
      <FieldError />
      <Input type="date" defaultValue={value} />
    </Field>
  );
}
