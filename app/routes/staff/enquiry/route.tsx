import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ButtonForm, SubmitButton } from "~/features/console/post-form";
import { ButtonLink } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Textarea } from "~/components/ui/field";
import { NOTE_MAX_LENGTH, validateNote, type EnquiryDetail } from "~/features/inbox/inbox";
import { deliveryKindLabels, kindLabels } from "~/features/enquiries/labels";
import { sentToCompanyOnly } from "~/features/enquiries/kinds";
import { sourceLines } from "~/features/enquiries/source";
import { getConsole, getStaff } from "~/routes/staff/access/request.server";
import { isoTime, londonTime } from "~/platform/london-time";
import { grouped } from "~/platform/words";
import { DeliveryStateBadge, HandledBadge } from "../inbox/delivery-badges";
import type { Route } from "./+types/route";
import {
  CardedCell,
  carded,
  ColumnHeads,
  LastError,
  Moment,
  RowAction,
  SentMoment,
} from "~/features/console/stacked-table";
import { TitledSection } from "~/features/console/titled-section";
import { IntegrationDeliveryTable } from "../integrations/parts";
import { consoleTitle } from "~/features/console/paths";
import { spamItemPath } from "../spam/view";

export const meta: Route.MetaFunction = () => [{ title: consoleTitle("Enquiry") }];

function notFound(): never {
  throw data("No enquiry has this address. It may have been erased.", { status: 404 });
}

/** Every view is audited (console.inbox.get writes the row). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const { inbox, integrations } = getConsole(context);
  const enquiry = await inbox.get(params.id, staff);
  if (!enquiry) notFound();
  const webhooks = await integrations.deliveriesOf(params.id);
  const done = new URL(request.url).searchParams.get("done");
  return { enquiry, webhooks, now: Date.now(), done: done && done in doneMessages ? (done as Done) : null };
}

const doneMessages = {
  handled: "Marked as handled.",
  reopened: "Reopened: it is new again.",
  note: "Note added.",
  retry: "The e-mail is queued again, with the same Message-ID.",
} as const;
type Done = keyof typeof doneMessages;

const NOTE_FIELD = "enquiry-note";

export type EnquiryActionData = { error: string; field?: typeof NOTE_FIELD; note?: string };

/** Mark handled, reopen, add a note, retry a dead-lettered e-mail: each audited, then back to the page (POST, redirect, GET). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const { inbox } = getConsole(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = (done: Done) => redirect(`/staff/enquiries/${params.id}?done=${done}`);

  if (intent === "handled" || intent === "reopen") {
    const outcome =
      intent === "handled" ? await inbox.markHandled(params.id, staff) : await inbox.reopen(params.id, staff);
    if (!outcome.ok && outcome.reason === "not-found") notFound();
    // In spam it is out of the inbox (the page offers neither button): released, it can be dealt with here.
    if (!outcome.ok && outcome.reason === "spam")
      return data<EnquiryActionData>(
        {
          error: "This enquiry is in spam, so it cannot be marked handled or reopened. Release it to the inbox first.",
        },
        { status: 409 },
      );
    // Already in that state (another member of staff, or a second click): the page shows the state as it is.
    return back(intent === "handled" ? "handled" : "reopened");
  }
  if (intent === "note") {
    const note = String(form.get("note") ?? "");
    const error = validateNote(note);
    if (error) return data<EnquiryActionData>({ error, field: NOTE_FIELD, note }, { status: 400 });
    if (!(await inbox.addNote(params.id, note, staff)).ok) notFound();
    return back("note");
  }
  if (intent === "retry") {
    const outcome = await inbox.retryDelivery(params.id, String(form.get("delivery") ?? ""), staff);
    if (outcome.ok) return back("retry");
    return data<EnquiryActionData>(
      {
        error:
          outcome.reason === "not-dead"
            ? "That e-mail is no longer dead-lettered, so it was not retried."
            : "That e-mail no longer exists.",
      },
      { status: 409 },
    );
  }
  throw data("Unknown action", { status: 400 });
}

export default function EnquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, webhooks, now, done } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const subject = `Re: your ${kindLabels[enquiry.kind].toLowerCase()} enquiry to Maternis`;
  return (
    <div>
      <Link to="/staff" className="font-semibold text-primary-800 underline underline-offset-2">
        Back to enquiries
      </Link>

      {done && !actionData ? (
        <p role="status" className="mt-4 rounded-card border-2 border-success-700 bg-success-50 p-4 text-success-800">
          {doneMessages[done]}
        </p>
      ) : null}
      {actionData && !actionData.field ? (
        <p
          role="alert"
          className="mt-4 rounded-card border-2 border-danger-700 bg-white p-4 font-semibold text-danger-700"
        >
          {actionData.error}
        </p>
      ) : null}

      <header className="mt-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold [overflow-wrap:anywhere] text-ink">{enquiry.name || "(no name)"}</h1>
          <p className="mt-1 text-muted">
            {kindLabels[enquiry.kind]}, received <Moment at={enquiry.receivedAt} now={now} />
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <HandledBadge handled={Boolean(enquiry.handled)} />
            {enquiry.handled ? (
              <span className="text-sm text-muted">
                {enquiry.handled.by ? `by ${enquiry.handled.by}, ` : ""}
                {londonTime(enquiry.handled.at)}
              </span>
            ) : null}
            {enquiry.spamReason ? (
              <span className="text-sm font-semibold text-danger-700">
                {enquiry.spamReason === "staff"
                  ? "Moved to spam by staff."
                  : `Kept as suspected spam (${enquiry.spamReason}); no e-mail was sent.`}
              </span>
            ) : null}
          </p>
          <p className="mt-1 text-sm text-ink">
            Assigned to {enquiry.assignee ?? <span className="text-muted">nobody</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <ButtonLink
            to={`mailto:${enquiry.email}?subject=${encodeURIComponent(subject)}`}
            variant="outline"
            aria-label={`Reply by e-mail to ${enquiry.name || enquiry.email}`}
          >
            Reply by e-mail
          </ButtonLink>
          {/* In spam it is out of the inbox: dealt with from its page in Spam (released, or deleted). */}
          {enquiry.spamReason ? (
            <ButtonLink to={spamItemPath(enquiry.id)} variant="outline">
              Open it in Spam
            </ButtonLink>
          ) : (
            <ButtonForm hiddenFields={{ intent: enquiry.handled ? "reopen" : "handled" }} busy={busy}>
              {enquiry.handled ? "Reopen" : "Mark as handled"}
            </ButtonForm>
          )}
        </div>
      </header>

      <TitledSection className="mt-8" id="sent-title" title="What they sent">
        <dl className="mt-3 grid gap-x-6 gap-y-3 rounded-card border border-line bg-white p-4 sm:grid-cols-[max-content_1fr]">
          {enquiry.fields.map((field) => (
            <div key={field.key} className="contents">
              <dt className="font-semibold text-ink">{field.label}</dt>
              <dd className="whitespace-pre-wrap [overflow-wrap:anywhere] text-ink">{field.value}</dd>
            </div>
          ))}
        </dl>
      </TitledSection>

      <Source source={enquiry.source ?? null} />
      <Deliveries enquiry={enquiry} now={now} busy={busy} />
      {webhooks.length > 0 ? (
        <TitledSection className="mt-8" id="webhooks-title" title="Integrations">
          <IntegrationDeliveryTable
            rows={webhooks}
            caption="Messages about this enquiry to Slack, Teams or webhooks, oldest first."
            showEndpoint
          />
        </TitledSection>
      ) : null}
      <Notes enquiry={enquiry} actionData={actionData} busy={busy} />
    </div>
  );
}

/** Where the visitor came from (issue 44): the form page's referrer and the utm_* values of its link. */
function Source({ source }: { source: EnquiryDetail["source"] }) {
  return (
    <TitledSection className="mt-8" id="source-title" title="Where they came from">
      {source ? (
        <dl className="mt-3 grid gap-x-6 gap-y-3 rounded-card border border-line bg-white p-4 sm:grid-cols-[max-content_1fr]">
          {sourceLines(source).map((line) => (
            <div key={line.label} className="contents">
              <dt className="font-semibold text-ink">{line.label}</dt>
              <dd className="[overflow-wrap:anywhere] text-ink">{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-ink">Not recorded for this enquiry.</p>
      )}
    </TitledSection>
  );
}

function Deliveries({ enquiry, now, busy }: { enquiry: EnquiryDetail; now: number; busy: boolean }) {
  return (
    <TitledSection className="mt-8" id="emails-title" title="E-mails">
      {!enquiry.spamReason && sentToCompanyOnly(enquiry.deliveries.map((d) => d.kind)) ? (
        <p className="mt-3 max-w-prose text-ink">
          The site sent no e-mail to the person who wrote: their address had already had as many as it is sent in a day.
          Reply to them yourself.
        </p>
      ) : null}
      {enquiry.deliveries.length === 0 ? (
        <p className="mt-3 text-ink">No e-mail was sent for this enquiry.</p>
      ) : (
        <table className={`mt-3 ${carded.table}`}>
          <caption className={carded.caption}>The e-mails this enquiry caused, oldest first.</caption>
          <thead className={carded.thead}>
            <tr>
              <ColumnHeads
                headings={["E-mail", "Recipient", "State", "Attempts", "Last error", "Message-ID", "Sent", "Action"]}
                className={carded.th}
                numeric={{ headings: ["Attempts"], className: carded.numeric }}
              />
            </tr>
          </thead>
          <tbody className={carded.tbody}>
            {enquiry.deliveries.map((d) => (
              <tr key={d.id} className={carded.tr}>
                <th scope="row" className={`${carded.labelled} font-semibold`} data-label="E-mail">
                  {deliveryKindLabels[d.kind]}
                </th>
                <CardedCell label="Recipient" className="break-all">
                  {d.recipient}
                </CardedCell>
                <CardedCell label="State">
                  <DeliveryStateBadge state={d.state} stuck={d.stuck} />
                </CardedCell>
                <CardedCell label="Attempts" className={carded.numeric}>
                  {d.attempts}
                </CardedCell>
                <CardedCell label="Last error" className="break-words">
                  <LastError error={d.lastError} />
                </CardedCell>
                <CardedCell label="Message-ID" className="break-all">
                  {/* The value in a typewriter face, its column's name (shown on phones) in the page's own. */}
                  <span className="font-mono text-sm">{d.messageId}</span>
                </CardedCell>
                <CardedCell label="Sent">
                  <SentMoment at={d.sentAt} now={now} />
                </CardedCell>
                <CardedCell label="Action">
                  <RowAction
                    available={d.state === "dead"}
                    hiddenFields={{ intent: "retry", delivery: d.id }}
                    busy={busy}
                    aria-label={`Retry the ${deliveryKindLabels[d.kind].toLowerCase()} e-mail`}
                  >
                    Retry
                  </RowAction>
                </CardedCell>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TitledSection>
  );
}

function Notes({
  enquiry,
  actionData,
  busy,
}: {
  enquiry: EnquiryDetail;
  actionData: EnquiryActionData | undefined;
  busy: boolean;
}) {
  const error = actionData?.field === NOTE_FIELD ? actionData.error : undefined;
  return (
    <TitledSection className="mt-8" id="notes-title" title="Internal notes">
      {enquiry.notes.length === 0 ? (
        <p className="mt-3 text-ink">No notes yet.</p>
      ) : (
        <ol className="mt-3 grid gap-3">
          {enquiry.notes.map((note) => (
            <li key={note.id} className="rounded-card border border-line bg-white p-4">
              <p className="text-sm text-muted">
                {note.author}, <time dateTime={isoTime(note.at)}>{londonTime(note.at)}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere] text-ink">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="mt-4 grid max-w-2xl gap-3" noValidate>
        {error ? <ErrorSummary errors={[{ field: NOTE_FIELD, message: error }]} /> : null}
        <input type="hidden" name="intent" value="note" />
        <Field
          name="note"
          id={NOTE_FIELD}
          error={error}
          hint={`Only staff see notes. Up to ${grouped(NOTE_MAX_LENGTH)} characters.`}
        >
          <FieldLabel>Add a note</FieldLabel>
          <FieldHint />
          <FieldError />
          <Textarea key={enquiry.notes.length} defaultValue={actionData?.note ?? ""} required />
        </Field>
        <SubmitButton busy={busy}>Add note</SubmitButton>
      </Form>
    </TitledSection>
  );
}
