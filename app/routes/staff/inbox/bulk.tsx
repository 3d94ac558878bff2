/**
 * The inbox's bulk triage (issue 30): a checkbox per row, "select all on
 * this page", and the changes for the ticked rows (mark handled, reopen,
 * move to spam, assign). All of it is one plain form posted to the inbox's
 * action, so it works without JavaScript; with it, the header checkbox
 * selects the page and the number ticked is announced as it changes.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/features/console/console-shell";
import { Button } from "~/components/ui/button";
import { Field, FieldError, FieldLabel, Select } from "~/components/ui/field";
import { UNASSIGN, type Assignee } from "~/features/inbox/inbox";

export const BULK_FORM_ID = "inbox-bulk";
export const ASSIGNEE_FIELD_ID = "inbox-bulk-assignee";
/** The first row's checkbox: where an error about the selection leads. */
export const FIRST_TICK_ID = "inbox-tick-first";

const ticks = (form: HTMLFormElement) => [...form.querySelectorAll<HTMLInputElement>('input[name="id"]')];

/**
 * How many rows are ticked, read from the form (the checkboxes are the
 * browser's own, ticked perhaps before the page hydrated). `reset` changes
 * when the rows were reloaded after a change: the ticks are cleared.
 */
export function useTickedCount(reset: unknown) {
  const [ticked, setTicked] = useState<{ count: number; of: number } | null>(null);
  const recount = () => {
    const form = document.getElementById(BULK_FORM_ID) as HTMLFormElement | null;
    if (!form) return;
    const all = ticks(form);
    setTicked({ count: all.filter((tick) => tick.checked).length, of: all.length });
  };
  const first = useRef(true);
  useEffect(() => {
    const form = document.getElementById(BULK_FORM_ID) as HTMLFormElement | null;
    // The first render keeps what the server ticked (after an error, or "select all"); later loads clear it.
    if (form && !first.current) for (const tick of ticks(form)) tick.checked = false;
    first.current = false;
    recount();
  }, [reset]);
  return { ticked, recount };
}

/** The header cell: a checkbox that ticks the page (with JavaScript), or a link that reloads it ticked (without). */
export function SelectAll({
  ticked,
  recount,
  selectAllHref,
}: {
  ticked: { count: number; of: number } | null;
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
      <Link to={selectAllHref} className="text-sm font-semibold text-primary-800 underline underline-offset-2">
        Select all on this page
      </Link>
    );
  }
  return (
    <label className="inline-flex min-h-11 items-center gap-2">
      <input
        ref={ref}
        type="checkbox"
        checked={all}
        onChange={(event) => {
          const form = event.currentTarget.form;
          if (form) for (const tick of ticks(form)) tick.checked = event.currentTarget.checked;
          recount();
        }}
        className="size-5 accent-primary-700"
      />
      <span className="sr-only">Select all on this page</span>
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

/** The changes for the ticked rows, and how many are ticked. */
export function BulkActions({
  ticked,
  me,
  assignees,
  assigneeError,
  busy,
  children,
}: {
  ticked: { count: number } | null;
  me: string;
  assignees: readonly Assignee[];
  assigneeError?: string;
  busy: boolean;
  children?: ReactNode;
}) {
  const others = assignees.filter((member) => member.id !== me);
  return (
    <fieldset className="mt-4 grid gap-4 rounded-card border border-line bg-white p-4">
      <legend className="px-1 font-semibold text-ink">With the enquiries ticked</legend>
      <p role="status" className="text-ink">
        {ticked === null
          ? ""
          : ticked.count === 0
            ? "No enquiries selected"
            : ticked.count === 1
              ? "1 enquiry selected"
              : `${ticked.count} enquiries selected`}
      </p>
      {children}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="handled" variant="outline" disabled={busy}>
          Mark handled
        </Button>
        <Button type="submit" name="intent" value="reopen" variant="outline" disabled={busy}>
          Reopen
        </Button>
        <Button type="submit" name="intent" value="spam" variant="outline" disabled={busy}>
          Move to spam
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field name="assignee" id={ASSIGNEE_FIELD_ID} error={assigneeError}>
          <FieldLabel>Assign to</FieldLabel>
          <FieldError />
          <Select defaultValue="">
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
        <Button type="submit" name="intent" value="assign" variant="outline" disabled={busy}>
          Assign
        </Button>
      </div>
    </fieldset>
  );
}
