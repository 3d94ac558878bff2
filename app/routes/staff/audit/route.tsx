import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldLabel, Input, Select } from "~/components/ui/field";
import { auditActions, type AuditAction, type AuditQuery } from "~/features/audit/audit";
import { auditNames } from "./names.server";
import { auditInWords } from "./words";
import { getConsole, requireAdmin } from "~/routes/staff/access/request.server";
import { StackedCell, StackedHead, StackedTimeCell, stacked } from "~/features/console/stacked-table";
import type { Route } from "./+types/route";
import { consoleTitle } from "~/features/console/paths";
import { hasDisallowedCharacters } from "~/platform/text";
import { plural } from "~/platform/words";

export const meta = () => [{ title: consoleTitle("Audit log") }];

const isAuditAction = (value: string | null): value is AuditAction => value !== null && value in auditActions;

const ACTOR_FIELD = "audit-actor";

/**
 * The audit log (admin only): newest first, 50 a page, filtered by action
 * and actor in the URL. A "Who" with a control character (a NUL would make
 * the database fail) is refused in an error summary, and nothing is read.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const action = params.get("action");
  const actor = (params.get("actor") ?? "").trim().slice(0, 200);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const query: AuditQuery = {
    action: isAuditAction(action) ? action : undefined,
    actor: actor || undefined,
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
  const filters = { action: query.action ?? "", actor };
  if (hasDisallowedCharacters(actor)) {
    const errors = [{ field: ACTOR_FIELD, message: "‘Who’ contains characters that are not allowed" }];
    return { rows: [], page: 1, pages: 1, total: 0, filters, errors, now: new Date() };
  }
  const services = getConsole(context);
  const result = await services.audit.list(query);
  const names = await auditNames(services, result.rows);
  // Each row in words (./words.ts): no raw details, session ids or UUIDs reach the page.
  const rows = result.rows.map((row) => ({
    id: row.id,
    at: row.at,
    client: row.clientFingerprint,
    ...auditInWords(row, names),
  }));
  return { ...result, rows, filters, errors: [], now: new Date() };
}

function pageLink(filters: { action: string; actor: string }, page: number) {
  const params = new URLSearchParams();
  if (filters.action) params.set("action", filters.action);
  if (filters.actor) params.set("actor", filters.actor);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/staff/audit?${search}` : "/staff/audit";
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { rows, page, pages, total, filters, errors, now } = loaderData;
  const filtered = Boolean(filters.action || filters.actor);
  const actorError = errors.find((error) => error.field === ACTOR_FIELD)?.message;
  return (
    <div className="grid gap-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">Audit log</h1>
        <p className="max-w-prose text-muted">
          Every sign-in, change and refused attempt in the console. Rows cannot be changed, and are deleted after 24
          months. A data subject appears only as a one-way keyed hash of their address, shown as a short reference.
        </p>
      </header>

      {errors.length > 0 ? <ErrorSummary errors={errors} /> : null}
      <Form method="get" className="flex flex-wrap items-end gap-4" role="search" aria-label="Filter the audit log">
        <Field name="action" id="audit-action" className="min-w-56">
          <FieldLabel>Action</FieldLabel>
          <Select defaultValue={filters.action}>
            <option value="">All actions</option>
            {Object.entries(auditActions).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field name="actor" id={ACTOR_FIELD} className="min-w-56" error={actorError}>
          <FieldLabel>Who (part of their e-mail address)</FieldLabel>
          <FieldError />
          <Input type="search" defaultValue={filters.actor} autoComplete="off" spellCheck={false} />
        </Field>
        <div className="flex items-center gap-4">
          <Button type="submit">Filter</Button>
          {filtered ? (
            <Link to="/staff/audit" className="font-semibold text-primary-800 underline">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>

      {errors.length > 0 ? (
        <p>Correct the filters above to see the log.</p>
      ) : rows.length === 0 ? (
        <p>
          {filtered
            ? "No rows match these filters. Choose another action, or clear the filters."
            : "Nothing has been recorded yet."}
        </p>
      ) : (
        <table className={stacked.table}>
          <caption className={stacked.caption}>
            Audit log, newest first: {plural(total, "row")}
            {pages > 1 ? `, page ${page} of ${pages}` : ""}
          </caption>
          <StackedHead headings={["Time", "Who", "Action", "About", "Details", "Client"]} />
          <tbody className={stacked.tbody}>
            {rows.map((row) => (
              <tr key={row.id} className={stacked.tr}>
                <StackedTimeCell label="Time" at={row.at} now={now} />
                <StackedCell label="Who" className="break-words">
                  {row.who}
                </StackedCell>
                <StackedCell label="Action">{row.what}</StackedCell>
                <StackedCell label="About" className="break-words max-sm:empty:hidden">
                  {row.about?.href ? (
                    <Link to={row.about.href} className="font-semibold text-primary-800 underline underline-offset-2">
                      {row.about.text}
                    </Link>
                  ) : (
                    (row.about?.text ?? "")
                  )}
                </StackedCell>
                <StackedCell label="Details" className="break-words max-sm:empty:hidden">
                  {row.details}
                </StackedCell>
                <StackedCell label="Client">
                  <span className="font-mono text-sm">{row.client}</span>
                </StackedCell>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {pages > 1 ? (
        <nav aria-label="Audit log pages" className="flex flex-wrap items-center gap-4">
          {page > 1 ? (
            <Link to={pageLink(filters, page - 1)} rel="prev" className="font-semibold text-primary-800 underline">
              Newer<span className="sr-only"> rows</span>
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={pageLink(filters, page + 1)} rel="next" className="font-semibold text-primary-800 underline">
              Older<span className="sr-only"> rows</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
