import { data, Link, redirect, useNavigation } from "react-router";
import { TEXT_MESSAGES_PAGE_SIZE, textMessageStateLabels } from "~/features/text-messages/text-messages";
import { consoleTitle } from "~/features/console/paths";
import { getConsole, requireAdmin } from "~/routes/staff/access/request.server";
import { isoTime, londonTime } from "~/platform/london-time";
import { LastError, RowAction, SentMoment, StackedCell, StackedHead, stacked } from "~/features/console/stacked-table";
import { PageLinks } from "~/features/console/page-links";
import type { Route } from "./+types/text-messages";

/**
 * Text messages (admins): the SMS the communication endpoint sent, one per
 * recipient, newest first (docs/decisions/016-acs-contract-tests.md). Those
 * given up after every retry, or refused by the provider, can be retried.
 */
export const meta: Route.MetaFunction = () => [{ title: consoleTitle("Text messages") }];

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const dead = url.searchParams.get("state") === "dead";
  const list = await getConsole(context).textMessages.list({ page: Number(url.searchParams.get("page") ?? 1), dead });
  return { ...list, onlyDead: dead, retried: url.searchParams.get("done") === "retry", now: Date.now() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireAdmin(context, request);
  const form = await request.formData();
  if (String(form.get("intent") ?? "") !== "retry") throw data("Unknown action", { status: 400 });
  const retried = await getConsole(context).textMessages.retry(String(form.get("message") ?? ""), {
    member: staff.member,
    meta: staff.meta,
  });
  if (retried) return redirect("/staff/text-messages?done=retry");
  return data({ error: "That message is no longer given up, or no longer exists: not retried." }, 409);
}

export default function TextMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, page, pages, total, dead, onlyDead, retried, now } = loaderData;
  const busy = useNavigation().state !== "idle";
  const link = (n: number) => `/staff/text-messages?${onlyDead ? "state=dead&" : ""}page=${n}`;
  const headings = ["To", "Message", "State", "Attempts", "Last error", "Sent", "Action"];
  return (
    <>
      <h1 className="text-3xl">Text messages</h1>
      <p className="mt-4 max-w-prose">
        Text messages the company&rsquo;s own services send through this site (one per recipient). Each is stored before
        it is sent; one the provider cannot take is retried for about 14 hours, then given up. A number the provider
        refuses is given up at once.
      </p>
      {retried ? (
        <p role="status" className="mt-6 rounded-card border-2 border-success-800 bg-success-50 p-4">
          The message is queued again.
        </p>
      ) : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-6 rounded-card border-2 border-danger-700 bg-danger-50 p-4 font-semibold">
          {actionData.error}
        </p>
      ) : null}
      <nav aria-label="Which messages" className="mt-6 flex gap-4">
        {onlyDead ? (
          <Link to="/staff/text-messages" className="underline underline-offset-2">
            All messages
          </Link>
        ) : (
          <Link to="/staff/text-messages?state=dead" className="underline underline-offset-2">
            Given up only ({dead})
          </Link>
        )}
      </nav>
      {rows.length === 0 ? (
        <p className="mt-6">{onlyDead ? "No text message is given up." : "No text message has been sent yet."}</p>
      ) : (
        <table className={`${stacked.table} mt-6`}>
          <caption className={stacked.caption}>
            {onlyDead ? "Given up" : "All text messages"}, newest first: {total}, {TEXT_MESSAGES_PAGE_SIZE} a page. Page{" "}
            {page} of {pages}.
          </caption>
          <StackedHead headings={headings} numeric={["Attempts"]} />
          <tbody className={stacked.tbody}>
            {rows.map((row) => (
              <tr key={row.id} className={stacked.tr}>
                <th scope="row" className={`${stacked.td} font-semibold`} data-label="To">
                  <span>
                    {row.recipient}
                    <time dateTime={isoTime(row.createdAt)} className="block text-sm font-normal text-muted">
                      {londonTime(row.createdAt)}
                    </time>
                  </span>
                </th>
                <StackedCell label="Message" className="break-words">
                  {row.body}
                </StackedCell>
                <StackedCell label="State">{textMessageStateLabels[row.state]}</StackedCell>
                <StackedCell label="Attempts" className={stacked.numeric}>
                  {row.attempts}
                </StackedCell>
                <StackedCell label="Last error" className="break-words">
                  <LastError error={row.lastError} />
                </StackedCell>
                <StackedCell label="Sent">
                  <SentMoment at={row.sentAt} now={now} />
                </StackedCell>
                <StackedCell label="Action">
                  <RowAction
                    available={row.state === "dead"}
                    hiddenFields={{ intent: "retry", message: row.id }}
                    busy={busy}
                  >
                    Retry<span className="sr-only">: the message to {row.recipient}</span>
                  </RowAction>
                </StackedCell>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PageLinks page={page} pages={pages} href={link} label="Pages" />
    </>
  );
}
