/**
 * The inbox's bulk triage (issue 30; the bar issue 43): a checkbox per row,
 * "select all on this page", and the changes for the ticked rows (mark
 * handled, reopen, move to spam, assign) on a selection bar that stays in
 * view while the list scrolls, with the number ticked. On a phone the
 * changes fold under "Actions". All of it is one plain form posted to the
 * inbox's action, so it works without JavaScript; the ticks survive a change
 * (the page after it ticks the same rows), so marking then assigning needs
 * no ticking twice.
 */
import { ChevronDownIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/features/console/console-shell";
import { Button } from "~/components/ui/button";
import { Field, FieldError, FieldLabel, Select } from "~/components/ui/field";
import { UNASSIGN, type Assignee } from "~/features/inbox/inbox";
import { plural } from "~/platform/words";

export const BULK_FORM_ID = "inbox-bulk";
export const ASSIGNEE_FIELD_ID = "inbox-bulk-assignee";
/** The first row's checkbox: where an error about the selection leads. */
export const FIRST_TICK_ID = "inbox-tick-first";
/** The bulk actions' disclosure (folded on a phone): the shortcuts open it. */
export const ACTIONS_ID = "inbox-bulk-actions";

export type Ticked = { count: number; of: number } | null;

const ticks = (form: HTMLFormElement) => [...form.querySelectorAll<HTMLInputElement>('input[name="id"]')];
const bulkForm = () => document.getElementById(BULK_FORM_ID) as HTMLFormElement | null;

/**
 * How many rows are ticked, read from the form (the checkboxes are the
 * browser's own, ticked perhaps before the page hydrated). Each time the
 * page's data is loaded again (`page`: after a change, a filter, another
 * page) the ticks become what the server says is `selected`: after a change,
 * the rows it was made to; otherwise none. A refused change loads nothing,
 * so the ticks stay as they were.
 */
export function useTickedCount(page: unknown, selected: readonly string[] | "all") {
  const [ticked, setTicked] = useState<Ticked>(null);
  const recount = () => {
    const form = bulkForm();
    if (!form) return;
    const all = ticks(form);
    setTicked({ count: all.filter((tick) => tick.checked).length, of: all.length });
  };
  const first = useRef(true);
  useEffect(() => {
    const form = bulkForm();
    // The first render keeps what the browser has (ticked before hydration, or as the server rendered it).
    if (form && !first.current)
      for (const tick of ticks(form)) tick.checked = selected === "all" || selected.includes(tick.value);
    first.current = false;
    recount();
    // `selected` comes with `page`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);
  return { ticked, recount };
}

/** "Select all on this page": a checkbox that ticks the page (with JavaScript), or a link that reloads it ticked (without). */
export function SelectAll({
  ticked,
  recount,
  selectAllHref,
}: {
  ticked: Ticked;
  recount: () => void;
  selectAllHref: string;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLInputElement>(null);
  const all = ticked !== null && ticked.of > 0 && ticked.count === ticked.of;
  const some = ticked !== null && ticked.count > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  if (!hydrated) {
    return (
      <Link
        to={selectAllHref}
        className="inline-flex min-h-11 items-center font-semibold text-primary-800 underline underline-offset-2"
      >
        Select all on this page
      </Link>
    );
  }
  return (
    <label className="inline-flex min-h-11 items-center gap-2 font-semibold text-ink">
      <input
        ref={ref}
        type="checkbox"
        checked={all}
        onChange={(event) => {
          const form = bulkForm();
          if (form) for (const tick of ticks(form)) tick.checked = event.currentTarget.checked;
          recount();
        }}
        className="size-5 accent-primary-700"
      />
      <span className="sr-only">Select all on this page</span>
      <span aria-hidden="true">All</span>
    </label>
  );
}

/** A row's checkbox, labelled by whose enquiry it is. */
export function RowTick({ id, name, first, checked }: { id: string; name: string; first: boolean; checked: boolean }) {
  return (
    <label className="inline-flex min-h-11 min-w-11 items-center gap-2">
      <input
        type="checkbox"
        name="id"
        value={id}
        id={first ? FIRST_TICK_ID : undefined}
        defaultChecked={checked}
        form={BULK_FORM_ID}
        className="size-5 accent-primary-700"
      />
      <span className="sr-only">Select the enquiry from {name || "(no name)"}</span>
      <span aria-hidden="true" className="md:hidden">
        Select
      </span>
    </label>
  );
}

const tickedWords = (ticked: Ticked) =>
  ticked === null
    ? ""
    : ticked.count === 0
      ? "No enquiries selected"
      : `${plural(ticked.count, "enquiry", "enquiries")} selected`;

/**
 * The selection bar: sticky at the top of the screen while the list is in
 * view, with "select all", the number ticked and the changes for them.
 */
export function SelectionBar({
  ticked,
  recount,
  selectAllHref,
  me,
  assignees,
  assigneeError,
  busy,
}: {
  ticked: Ticked;
  recount: () => void;
  selectAllHref: string;
  me: string;
  assignees: readonly Assignee[];
  assigneeError?: string;
  busy: boolean;
}) {
  const others = assignees.filter((member) => member.id !== me);
  return (
    <div data-slot="selection-bar" className="sticky top-0 z-20 mt-4 -mx-1 bg-surface px-1 pt-2 pb-2">
      <fieldset className="rounded-card border border-line bg-white px-3 py-2 shadow-card">
        <legend className="sr-only">With the enquiries ticked</legend>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 md:gap-x-4">
          <SelectAll ticked={ticked} recount={recount} selectAllHref={selectAllHref} />
          <p role="status" className="min-w-0 font-semibold text-ink max-md:text-sm">
            {tickedWords(ticked)}
          </p>
          <details
            id={ACTIONS_ID}
            className="fold-until-md group relative ml-auto md:ml-0"
            open={assigneeError ? true : undefined}
          >
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-full border-2 border-primary-700 px-3 font-semibold text-primary-800 [&::-webkit-details-marker]:hidden">
              Actions
              <ChevronDownIcon aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
            </summary>
            <div className="absolute top-full right-0 z-30 mt-2 grid w-[min(20rem,calc(100vw-3rem))] gap-3 rounded-card border border-line bg-white p-3 shadow-card md:static md:mt-0 md:flex md:w-auto md:flex-wrap md:items-end md:border-0 md:p-0 md:shadow-none">
              <Button type="submit" name="intent" value="handled" variant="outline" busy={busy}>
                Mark handled
              </Button>
              <Button type="submit" name="intent" value="reopen" variant="outline" busy={busy}>
                Reopen
              </Button>
              <Button type="submit" name="intent" value="spam" variant="outline" busy={busy}>
                Move to spam
              </Button>
              <div className="flex flex-wrap items-end gap-2 md:items-center">
                <Field
                  name="assignee"
                  id={ASSIGNEE_FIELD_ID}
                  error={assigneeError}
                  className="min-w-0 flex-1 md:flex-none md:flex md:flex-wrap md:items-center md:gap-2"
                >
                  <FieldLabel>Assign to</FieldLabel>
                  <FieldError className="text-sm" />
                  <Select defaultValue="" className="md:w-auto md:max-w-64">
                    <option value="">Choose a member</option>
                    <option value={me}>Me</option>
                    {others.map((member) => (
                      <option key={member.id} value={member.id}>
                        {member.label}
                      </option>
                    ))}
                    <option value={UNASSIGN}>Nobody (unassign)</option>
                  </Select>
                </Field>
                <Button type="submit" name="intent" value="assign" variant="outline" busy={busy}>
                  Assign
                </Button>
              </div>
            </div>
          </details>
        </div>
      </fieldset>
    </div>
  );
}
