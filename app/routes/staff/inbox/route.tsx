import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldHint, FieldLabel, Input, Select } from "~/components/ui/field";
import { getConsole, getStaff } from "~/routes/staff/access/request.server";
import {
  bulkDoneMessage,
  bulkIntents,
  inboxQuery,
  parseBulkForm,
  parseInboxFilters,
  parsePage,
  SEARCH_MAX_LENGTH,
  UNASSIGN,
  type Assignee,
  type BulkIntent,
  type InboxFilters,
} from "~/features/inbox/inbox";
import { kindLabels } from "~/features/enquiries/labels";
import { isoTime, londonTime, relativeTime } from "~/platform/london-time";
import { enquiryKindNames } from "~/features/enquiries/kinds";
import type { Route } from "./+types/route";
import { carded, ColumnHeads } from "~/features/console/stacked-table";
import {
  ASSIGNEE_FIELD_ID,
  BULK_FORM_ID,
  BulkActions,
  FIRST_TICK_ID,
  RowTick,
  SelectAll,
  useTickedCount,
} from "./bulk";
import { DeliveryGlances, HandledBadge } from "./delivery-badges";
import { consoleTitle } from "~/features/console/paths";

export const meta: Route.MetaFunction = () => [{ title: consoleTitle("Inbox") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const params = new URL(request.url).searchParams;
  const filters = parseInboxFilters(params);
  const { inbox } = getConsole(context);
  const [list, assignees] = await Promise.all([inbox.list(filters, parsePage(params), staff), inbox.assignees()]);
  return {
    filters,
    list,
    assignees,
    me: staff.member.id,
    now: Date.now(),
    done: doneOf(params),
    // "Select all on this page" without JavaScript: the page again, every row ticked.
    selectAll: params.get("select") === "all",
  };
}

/** The message after a bulk change, from the redirect's query (?done=handled&changed=3&asked=4). */
function doneOf(params: URLSearchParams): string | null {
  const intent = params.get("done") as BulkIntent | null;
  const [changed, asked] = [Number(params.get("changed")), Number(params.get("asked"))];
  if (!intent || !bulkIntents.includes(intent) || !Number.isInteger(changed) || !Number.isInteger(asked)) return null;
  return bulkDoneMessage(intent, Math.max(0, changed), Math.max(changed, asked));
}

export type InboxActionData = { ids: string[]; error: { field: "ids" | "assignee"; message: string } };

/**
 * The bulk form: the ticked enquiries changed in one transaction, one audit
 * row each, then back to the same view (POST, redirect, GET). Nothing ticked,
 * or nobody chosen to assign to: an error, with the ticks kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const { inbox } = getConsole(context);
  const form = await request.formData();
  const bulk = parseBulkForm(form, await inbox.assignees());
  if (!bulk) throw data("Unknown action", { status: 400 });
  if (!bulk.ok) return data<InboxActionData>({ ids: bulk.ids, error: bulk.error }, { status: 400 });
  const outcome = await inbox.bulk(bulk.ids, bulk.change, staff);
  const params = new URL(request.url).searchParams;
  const back = new URLSearchParams(inboxQuery(parseInboxFilters(params), parsePage(params)));
  back.set("done", bulk.intent);
  back.set("changed", String(outcome.changed));
  back.set("asked", String(bulk.ids.length));
  return redirect(`/staff?${back}`);
}

export default function InboxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, now, assignees, me, done, selectAll } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/staff";
  const busy = navigation.state === "submitting";
  const filtered = Boolean(
    filters.kind || filters.state || filters.problem || filters.q || filters.from || filters.to || filters.assigned,
  );
  const { ticked, recount } = useTickedCount(loaderData);
  const kept = new Set(actionData?.ids ?? []);
  const error = actionData?.error;
  const selectAllHref = `/staff${inboxQuery(filters, list.page)}${inboxQuery(filters, list.page) ? "&" : "?"}select=all`;
  return (
    <div>
      <h1 className="text-3xl font-bold text-ink">Enquiries</h1>

      <FilterForm filters={filters} assignees={assignees} me={me} />

      {done ? (
        <p role="status" className="mt-6 rounded-card border-2 border-primary-200 bg-white p-4 font-semibold text-ink">
          {done}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="font-semibold text-ink">
          {list.total === 1 ? "1 enquiry" : `${list.total.toLocaleString("en-GB")} enquiries`}
          {filtered ? " match these filters" : ""}
        </p>
        {/* A download is the browser's own: a plain form post answered with an attachment. */}
        <Form method="post" action="/staff/export.csv" reloadDocument>
          {[...new URLSearchParams(inboxQuery(filters)).entries()].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="font-semibold text-primary-800 underline underline-offset-2">
            Download these as CSV
          </button>
        </Form>
      </div>

      {list.rows.length === 0 ? (
        <p className="mt-6 rounded-card border border-line bg-white p-5 text-ink">
          No enquiries {filtered ? "match these filters" : "yet"}.
        </p>
      ) : (
        <Form
          method="post"
          id={BULK_FORM_ID}
          className="mt-4"
          aria-label="Enquiries on this page"
          aria-busy={loading || undefined}
          onChange={recount}
        >
          {error ? (
            <div className="mt-2">
              <ErrorSummary
                errors={[{ field: error.field === "ids" ? FIRST_TICK_ID : ASSIGNEE_FIELD_ID, message: error.message }]}
              />
            </div>
          ) : null}
          <BulkActions
            ticked={ticked}
            me={me}
            assignees={assignees}
            assigneeError={error?.field === "assignee" ? error.message : undefined}
            busy={busy}
          />
          <table className={`mt-4 ${carded.table}`}>
            <caption className={carded.caption}>
              Enquiries, newest first. Page {list.page} of {list.pages}.
            </caption>
            <thead className={carded.thead}>
              <tr>
                <th scope="col" className={carded.th}>
                  <SelectAll ticked={ticked} recount={recount} selectAllHref={selectAllHref} />
                </th>
                <ColumnHeads
                  headings={[
                    "Received",
                    "Name",
                    "Organisation",
                    "Form",
                    "Interest or role",
                    "State",
                    "Assigned to",
                    "E-mails",
                  ]}
                  className={carded.th}
                />
              </tr>
            </thead>
            <tbody className={carded.tbody}>
              {list.rows.map((row, index) => (
                <tr key={row.id} className={carded.tr}>
                  <td className={carded.cell}>
                    <RowTick id={row.id} name={row.name} first={index === 0} checked={selectAll || kept.has(row.id)} />
                  </td>
                  <td className={carded.labelled} data-label="Received">
                    <time dateTime={isoTime(row.receivedAt)} className="whitespace-nowrap">
                      {londonTime(row.receivedAt)}
                    </time>
                    <span className="block text-sm text-muted max-md:inline max-md:before:content-['_·_']">
                      {relativeTime(row.receivedAt, now)}
                    </span>
                  </td>
                  <th scope="row" className={`${carded.labelled} font-normal`} data-label="Name">
                    <Link
                      to={`/staff/enquiries/${row.id}`}
                      className="font-semibold [overflow-wrap:anywhere] text-primary-800 underline underline-offset-2"
                    >
                      {row.name || "(no name)"}
                    </Link>
                  </th>
                  <td className={carded.labelled} data-label="Organisation">
                    {row.organisation ?? <span className="text-muted">Not given</span>}
                  </td>
                  <td className={carded.labelled} data-label="Form">
                    {kindLabels[row.kind]}
                  </td>
                  <td className={carded.labelled} data-label="Interest or role">
                    {row.topic ?? <span className="text-muted">Not given</span>}
                  </td>
                  <td className={carded.labelled} data-label="State">
                    <HandledBadge handled={row.handled} />
                  </td>
                  <td className={carded.labelled} data-label="Assigned to">
                    {row.assignee ?? <span className="text-muted">Nobody</span>}
                  </td>
                  <td className={carded.labelled} data-label="E-mails">
                    <DeliveryGlances deliveries={row.deliveries} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination filters={filters} page={list.page} pages={list.pages} />
        </Form>
      )}
    </div>
  );
}

function FilterForm({ filters, assignees, me }: { filters: InboxFilters; assignees: readonly Assignee[]; me: string }) {
  return (
    <Form
      method="get"
      action="/staff"
      role="search"
      aria-label="Filter enquiries"
      className="mt-6 grid gap-4 rounded-card border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
    >
      <Field name="q" id="inbox-q">
        <FieldLabel>Search name, e-mail or organisation</FieldLabel>
        <Input type="search" defaultValue={filters.q ?? ""} maxLength={SEARCH_MAX_LENGTH} />
      </Field>
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
      <Field name="from" id="inbox-from" hint="A day in London time, included.">
        <FieldLabel>Received from</FieldLabel>
        <FieldHint />
        <Input type="date" defaultValue={filters.from ?? ""} />
      </Field>
      <Field name="to" id="inbox-to" hint="A day in London time, included.">
        <FieldLabel>Received to</FieldLabel>
        <FieldHint />
        <Input type="date" defaultValue={filters.to ?? ""} />
      </Field>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Apply filters</Button>
        <Link to="/staff" className="font-semibold text-primary-800 underline underline-offset-2">
          Clear filters
        </Link>
      </div>
    </Form>
  );
}

function Pagination({ filters, page, pages }: { filters: InboxFilters; page: number; pages: number }) {
  const link = "font-semibold text-primary-800 underline underline-offset-2";
  return (
    <nav aria-label="Pages of enquiries" className="mt-6 flex flex-wrap items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={`/staff${inboxQuery(filters, page - 1)}`} rel="prev" className={link}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <p className="text-ink">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link to={`/staff${inboxQuery(filters, page + 1)}`} rel="next" className={link}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
