import type { ReactNode } from "react";
import { Link } from "react-router";
import { getConsole, getStaff } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/route";
import { ColumnHeads } from "~/features/console/stacked-table";
import { spamItemPath, spamRow, SPAM_PATH, type SpamRow } from "./view";
import { consoleTitle } from "~/features/console/paths";
import { cn } from "~/components/ui/cn";
import { plural } from "~/platform/words";

/**
 * The Spam view: posts that tripped the honeypot or the time trap but were
 * otherwise valid, kept 30 days with no e-mail sent. Staff open one to
 * release it (it is then delivered as if accepted) or delete it.
 */
export const meta = () => [{ title: consoleTitle("Spam") }];

const outcomes = {
  released: "Released. Its e-mails are on their way.",
  deleted: "Deleted.",
  gone: "That post is no longer in the spam folder.",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const params = new URL(request.url).searchParams;
  const requested = Number.parseInt(params.get("page") ?? "1", 10);
  const list = await getConsole(context).spam.list({ page: Number.isFinite(requested) ? requested : 1 });
  const now = new Date();
  const done = params.get("done");
  return {
    rows: list.rows.map((item) => spamRow(item, now, staff.member.role)),
    page: list.page,
    pages: list.pages,
    total: list.total,
    outcome: done && done in outcomes ? outcomes[done as keyof typeof outcomes] : null,
  };
}

export default function SpamPage({ loaderData }: Route.ComponentProps) {
  const { rows, page, pages, total, outcome } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">Spam</h1>
      <p className="max-w-prose text-muted">
        Posts that filled in the hidden field or were sent too fast. A password manager or autofill can do that for a
        real person, so nothing here was e-mailed. Release one to deliver it as if it had been accepted, or delete it.
        Enquiries staff moved here from the inbox are listed too ("Moved here by staff"): e-mails they had not sent yet
        were withdrawn, and releasing one sends those, never one already sent. Only an admin can delete one of those.
        Everything here is deleted 30 days after it came here.
      </p>
      {outcome ? (
        <p role="status" className="border-l-4 border-success-800 bg-success-50 px-4 py-3">
          {outcome}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>The spam folder is empty. Nothing needs checking.</p>
      ) : (
        <SpamTable rows={rows} page={page} pages={pages} total={total} />
      )}
      {pages > 1 ? <Pagination page={page} pages={pages} /> : null}
    </div>
  );
}

const cell = "px-3 py-2 align-top max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-1";
const headings = ["Received", "Name", "Form", "Reason", "Message", "Actions"] as const;
/** A row's two actions, each a link to the post's confirmation step. */
const rowActions = [
  { confirm: "release", label: "Release", colour: "text-primary-800" },
  { confirm: "delete", label: "Delete", colour: "text-danger-700" },
] as const;

function SpamTable({ rows, page, pages, total }: { rows: SpamRow[]; page: number; pages: number; total: number }) {
  return (
    <table className="w-full border-collapse text-left text-sm max-sm:block">
      <caption className="mb-2 text-left text-base font-semibold max-sm:block">
        {`Suspected spam, newest first: ${plural(total, "post")}`}
        {pages > 1 ? ` (page ${page} of ${pages})` : ""}
      </caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b-2 border-line">
          <ColumnHeads headings={headings} className="px-3 py-2" />
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {rows.map((row) => (
          <tr key={row.id} className="border-b border-line max-sm:block max-sm:py-3">
            <SpamCell heading="Received">
              <span>
                <time dateTime={row.receivedIso}>{row.received}</time>
                <span className="block text-muted">{row.relative}</span>
              </span>
            </SpamCell>
            <SpamCell heading="Name" rowHeader>
              <span>
                <Link to={spamItemPath(row.id)} className="font-semibold text-primary-800 underline underline-offset-2">
                  {row.name || "(no name)"}
                </Link>
                <span className="block break-all text-muted">{row.email}</span>
              </span>
            </SpamCell>
            <SpamCell heading="Form">{row.form}</SpamCell>
            <SpamCell heading="Reason">{row.reason}</SpamCell>
            <SpamCell heading="Message" className="max-w-md">
              <span className="break-words">{row.excerpt || "(none)"}</span>
            </SpamCell>
            <SpamCell heading="Actions">
              <span className="flex flex-wrap gap-x-4 gap-y-1">
                {rowActions
                  .filter(({ confirm }) => confirm !== "delete" || row.deletable)
                  .map(({ confirm, label, colour }) => (
                    <Link
                      key={confirm}
                      to={`${spamItemPath(row.id)}?confirm=${confirm}`}
                      className={`inline-flex min-h-6 items-center ${colour} underline underline-offset-2`}
                      aria-label={`${label} the post from ${row.name || row.email}`}
                    >
                      {label}
                    </Link>
                  ))}
              </span>
            </SpamCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A cell of the spam table that names its column before the value at phone
 * widths, where the header row is read only by screen readers; the name
 * cell (`rowHeader`) heads its row.
 */
function SpamCell({
  heading,
  rowHeader = false,
  className,
  children,
}: {
  heading: (typeof headings)[number];
  rowHeader?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const content = (
    <>
      <span className="hidden font-semibold max-sm:inline max-sm:min-w-24" aria-hidden="true">
        {heading}
      </span>
      {children}
    </>
  );
  return rowHeader ? (
    <th scope="row" className={cn(cell, "font-normal", className)}>
      {content}
    </th>
  ) : (
    <td className={cn(cell, className)}>{content}</td>
  );
}

function Pagination({ page, pages }: { page: number; pages: number }) {
  return (
    <nav aria-label="Pages of spam" className="flex gap-6">
      {page > 1 ? (
        <Link to={`${SPAM_PATH}?page=${page - 1}`} className="text-primary-800 underline" rel="prev">
          Previous page
        </Link>
      ) : null}
      <span>{`Page ${page} of ${pages}`}</span>
      {page < pages ? (
        <Link to={`${SPAM_PATH}?page=${page + 1}`} className="text-primary-800 underline" rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
