import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/ui/error-summary";
import { getConsole, getStaff } from "~/routes/staff/access/request.server";
import {
  bulkDoneMessage,
  bulkIntents,
  checkInboxFilters,
  inboxQuery,
  parseBulkForm,
  parseInboxFilters,
  parsePage,
  parseSelected,
  type BulkIntent,
  type FilterError,
  type InboxFilters,
} from "~/features/inbox/inbox";
import { kindLabels } from "~/features/enquiries/labels";
import { isoTime, londonTime, relativeTime } from "~/platform/london-time";
import type { Route } from "./+types/route";
import { CardedCell, carded, ColumnHeads } from "~/features/console/stacked-table";
import { ASSIGNEE_FIELD_ID, BULK_FORM_ID, FIRST_TICK_ID, RowTick, SelectionBar, useTickedCount } from "./bulk";
import { DeliveryGlances, HandledBadge } from "./delivery-badges";
import { FilterForm } from "./filters";
import { KeyboardShortcuts } from "./shortcuts";
import { consoleTitle } from "~/features/console/paths";
import { plural } from "~/platform/words";

export const meta: Route.MetaFunction = () => [{ title: consoleTitle("Inbox") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const params = new URL(request.url).searchParams;
  const { filters, errors, typed } = checkInboxFilters(params);
  const { inbox } = getConsole(context);
  // Filters that are refused list nothing: the error summary says what to fix.
  const [list, assignees] = await Promise.all([
    errors.length > 0 ? null : inbox.list(filters, parsePage(params), staff),
    inbox.assignees(),
  ]);
  return {
    filters,
    errors,
    typed,
    list,
    assignees,
    me: staff.member.id,
    now: Date.now(),
    done: doneOf(params),
    // "Select all on this page" without JavaScript: the page again, every row ticked.
    selectAll: params.get("select") === "all",
    // After a change: the rows it was made to, still ticked.
    selected: parseSelected(params),
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
 * row each, then back to the same view (POST, redirect, GET), the same rows
 * still ticked. Nothing ticked, or nobody chosen to assign to: an error, with
 * the ticks kept.
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
  // The ticks stay: the page after the change ticks the same rows (with JavaScript or without).
  back.set("selected", parseSelected(new URLSearchParams({ selected: bulk.ids.join(",") })).join(","));
  return redirect(`/staff?${back}`);
}

export default function InboxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, errors, typed, list, now, assignees, me, done, selectAll, selected } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/staff";
  const busy = navigation.state === "submitting";
  const filtered = Boolean(
    filters.kind || filters.state || filters.problem || filters.q || filters.from || filters.to || filters.assigned,
  );
  const { ticked, recount } = useTickedCount(loaderData, selectAll ? "all" : selected);
  const kept = new Set([...(actionData?.ids ?? []), ...selected]);
  const error = actionData?.error;
  const query = list ? inboxQuery(filters, list.page) : "";
  const selectAllHref = `/staff${query}${query ? "&" : "?"}select=all`;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 className="text-3xl font-bold text-ink">Inbox</h1>
        <KeyboardShortcuts />
      </div>

      <FilterForm filters={filters} typed={typed} errors={errors} assignees={assignees} me={me} />

      {done && !actionData ? (
        <p role="status" className="mt-4 rounded-card border-2 border-primary-200 bg-white p-4 font-semibold text-ink">
          {done}
        </p>
      ) : null}

      {list === null ? (
        <p className="mt-6 rounded-card border border-line bg-white p-5 text-ink">
          Correct {refusedText(errors)} above to see the enquiries.
        </p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p role="status" className="font-semibold text-ink">
              {plural(list.total, "enquiry", "enquiries")}
              {filtered ? " match these filters" : ""}
            </p>
            {/* A download is the browser's own: a plain form post answered with an attachment. */}
            {list.total === 0 ? null : (
              <Form method="post" action="/staff/export.csv" reloadDocument>
                {[...new URLSearchParams(inboxQuery(filters)).entries()].map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center font-semibold text-primary-800 underline underline-offset-2"
                >
                  Download these as CSV
                </button>
              </Form>
            )}
          </div>

          {list.rows.length === 0 ? (
            <p className="mt-4 rounded-card border border-line bg-white p-5 text-ink">
              {filtered ? (
                <>
                  No enquiries match these filters.{" "}
                  <Link to="/staff" className="font-semibold text-primary-800 underline underline-offset-2">
                    Clear the filters
                  </Link>{" "}
                  to see every enquiry.
                </>
              ) : (
                "No enquiries yet. What visitors send through the contact, demo and advisory forms appears here."
              )}
            </p>
          ) : (
            <Form
              method="post"
              id={BULK_FORM_ID}
              aria-label="Enquiries on this page"
              aria-busy={loading || undefined}
              onChange={recount}
            >
              {error ? (
                <div className="mt-4">
                  <ErrorSummary
                    errors={[
                      { field: error.field === "ids" ? FIRST_TICK_ID : ASSIGNEE_FIELD_ID, message: error.message },
                    ]}
                  />
                </div>
              ) : null}
              <SelectionBar
                ticked={ticked}
                recount={recount}
                selectAllHref={selectAllHref}
                me={me}
                assignees={assignees}
                assigneeError={error?.field === "assignee" ? error.message : undefined}
                busy={busy}
              />
              <table className={`mt-2 ${carded.table}`}>
                <caption className={carded.caption}>
                  Enquiries, newest first. Page {list.page} of {list.pages}.
                </caption>
                <thead className={carded.thead}>
                  <tr>
                    <th scope="col" className={carded.th}>
                      <span className="sr-only">Select</span>
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
                    <tr
                      key={row.id}
                      data-enquiry-row=""
                      className={`${carded.tr} scroll-mt-40 focus-within:bg-primary-50`}
                    >
                      <td className={carded.cell}>
                        <RowTick
                          id={row.id}
                          name={row.name}
                          first={index === 0}
                          checked={selectAll || kept.has(row.id)}
                        />
                      </td>
                      <CardedCell label="Received">
                        <time dateTime={isoTime(row.receivedAt)} className="whitespace-nowrap">
                          {londonTime(row.receivedAt)}
                        </time>
                        <span className="block text-sm text-muted max-md:inline max-md:before:content-['_·_']">
                          {relativeTime(row.receivedAt, now)}
                        </span>
                      </CardedCell>
                      <th scope="row" className={`${carded.labelled} font-normal`} data-label="Name">
                        {/* Names wrap between words, never inside one (only a word wider than the line may break). */}
                        <Link
                          to={`/staff/enquiries/${row.id}`}
                          data-enquiry-link=""
                          className="font-semibold break-words text-primary-800 underline underline-offset-2"
                        >
                          {row.name || "(no name)"}
                        </Link>
                      </th>
                      <CardedCell label="Organisation" className="break-words">
                        {row.organisation ?? <span className="text-muted">Not given</span>}
                      </CardedCell>
                      <CardedCell label="Form">{kindLabels[row.kind]}</CardedCell>
                      <CardedCell label="Interest or role">
                        {row.topic ?? <span className="text-muted">Not given</span>}
                      </CardedCell>
                      <CardedCell label="State">
                        <HandledBadge handled={row.handled} />
                      </CardedCell>
                      <CardedCell label="Assigned to" className="break-words">
                        {row.assignee ?? <span className="text-muted">Nobody</span>}
                      </CardedCell>
                      <CardedCell label="E-mails">
                        <DeliveryGlances deliveries={row.deliveries} />
                      </CardedCell>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pagination filters={filters} page={list.page} pages={list.pages} />
            </Form>
          )}
        </>
      )}
    </div>
  );
}

/** What the refused filters are, as the sentence under the error summary names them. */
function refusedText(errors: readonly FilterError[]): string {
  const search = errors.some((error) => error.field === "inbox-q");
  const dates = errors.some((error) => error.field !== "inbox-q");
  return search && dates ? "the search and the dates" : search ? "the search" : "the dates";
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
