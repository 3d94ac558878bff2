import { Form } from "react-router";
import { SubmitButton } from "~/features/console/post-form";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";
import { getConsole, requireAdmin } from "~/routes/staff/access/request.server";
import { isPhoneKey, normaliseSubjectEmail, type SubjectRecord } from "~/features/data-requests/data-requests";
import { isoTime, londonTime } from "~/platform/london-time";
import { textMessageStateLabels } from "~/features/text-messages/text-messages";
import { enquiryKind } from "~/features/enquiries/kinds";
import type { Route } from "./+types/route";
import { SubjectForm, dataRequestPaths } from "./paths";
import { StackedCell, StackedHead, StackedTimeCell, stacked } from "~/features/console/stacked-table";
import { consoleTitle } from "~/features/console/paths";
import { plural } from "~/platform/words";

export const meta = () => [{ title: consoleTitle("Data requests") }];

/**
 * Data requests (admin only): search for an e-mail address, see what
 * is held, download it (access) or go on to erase it. Every step is a POST
 * form (it works without JavaScript): the address never reaches a URL, so
 * not proxy logs, history or a Referer, and no cross-site link can start a
 * download or write an audit row (console posts must come from the site's
 * own origin).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return null;
}

type Found = { query: string; error: string | null; record: SubjectRecord | null; now: Date };

export async function action({ request, context }: Route.ActionArgs): Promise<Found> {
  await requireAdmin(context, request);
  const query = String((await request.formData()).get("email") ?? "");
  if (query.trim() === "") {
    return { query, error: "Enter the e-mail address or phone number to find", record: null, now: new Date() };
  }
  const email = normaliseSubjectEmail(query);
  if (!email) {
    return {
      query,
      error:
        "Enter an e-mail address in the correct format, like name@example.com, or a phone number in international format, like +44 7700 900123",
      record: null,
      now: new Date(),
    };
  }
  return { query, error: null, record: await getConsole(context).dataRequests.find(email), now: new Date() };
}

const FORM_ID = "subject-search";

export default function DataRequestsPage({ actionData }: Route.ComponentProps) {
  const { query, error, record, now } = actionData ?? { query: "", error: null, record: null, now: new Date() };
  return (
    <div className="grid gap-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">Data requests</h1>
        <p className="max-w-prose text-muted">
          Find everything we hold about one e-mail address (their enquiries, the e-mails those caused and our notes) or
          one phone number (the text messages sent to it). Then send it to them as one file, or erase it.
        </p>
      </header>

      {error ? <ErrorSummary errors={[{ field: `${FORM_ID}-email`, message: error }]} /> : null}

      <Form method="post" id={FORM_ID} className="grid max-w-xl gap-4" role="search" aria-label="Find a person">
        <Field
          name="email"
          id={`${FORM_ID}-email`}
          error={error ?? undefined}
          hint="The address they wrote from, or the number we sent text messages to (international format, like +44 7700 900123)"
        >
          <FieldLabel>E-mail address or phone number</FieldLabel>
          <FieldHint />
          <FieldError />
          <Input key={query} type="text" defaultValue={query} autoComplete="off" spellCheck={false} required />
        </Field>
        <SubmitButton>Find</SubmitButton>
      </Form>

      {record ? <Results record={record} now={now} /> : null}
    </div>
  );
}

function Results({ record, now }: { record: SubjectRecord; now: Date }) {
  const { counts } = record;
  if (isPhoneKey(record.email)) return <TextResults record={record} />;
  if (counts.enquiries === 0) {
    return (
      <section aria-labelledby="results-title" className="grid gap-3">
        <h2 id="results-title" className="text-2xl font-semibold text-ink">
          Nothing held for {record.email}
        </h2>
        <p className="max-w-prose">
          We hold no enquiries from this address. Check the spelling, or ask the person which address they used. You can
          still erase it: that removes any e-mail file left in the outbox and records the request in the audit log.
        </p>
        <EraseButton email={record.email} held={false} />
      </section>
    );
  }
  return (
    <section aria-labelledby="results-title" className="grid gap-6">
      <h2 id="results-title" className="text-2xl font-semibold text-ink">
        What we hold for {record.email}
      </h2>
      <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-y border-line py-3">
        <dt className="font-semibold">Enquiries</dt>
        <dd>
          {counts.enquiries}
          {counts.suspectedSpam > 0 ? ` (${counts.suspectedSpam} kept as suspected spam)` : ""}
        </dd>
        <dt className="font-semibold">E-mails</dt>
        <dd>{counts.deliveries}</dd>
        <dt className="font-semibold">Notes</dt>
        <dd>{counts.notes}</dd>
      </dl>

      <div className="flex flex-wrap gap-3">
        <DownloadButton email={record.email} />
        <EraseButton email={record.email} held />
      </div>

      <table className={stacked.table}>
        <caption className={stacked.caption}>Enquiries from {record.email}, newest first</caption>
        <StackedHead headings={["Received", "Form", "State", "E-mails", "Notes"]} numeric={["Notes"]} />
        <tbody className={stacked.tbody}>
          {record.enquiries.map((enquiry) => (
            <tr key={enquiry.id} className={stacked.tr}>
              <StackedTimeCell label="Received" at={enquiry.createdAt} now={now} />
              <StackedCell label="Form">{enquiryKind(enquiry.kind).label}</StackedCell>
              <StackedCell label="State">
                {enquiry.spamReason ? "Suspected spam" : enquiry.handledAt ? "Handled" : "New"}
              </StackedCell>
              <StackedCell label="E-mails">
                {enquiry.deliveries.length === 0
                  ? "None"
                  : enquiry.deliveries.map((d) => `${d.kind}: ${d.status}`).join(", ")}
              </StackedCell>
              <StackedCell label="Notes" className={stacked.numeric}>
                {enquiry.notes.length}
              </StackedCell>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Goes on to erase the address: "Erase everything", or "Erase anyway" when nothing is `held`. */
function EraseButton({ email, held }: { email: string; held: boolean }) {
  return (
    <SubjectForm action={dataRequestPaths.erase} email={email}>
      <Button type="submit" variant="danger">
        {held ? "Erase everything" : "Erase anyway"}
      </Button>
    </SubjectForm>
  );
}

/** Downloads what is held as JSON: a plain form post answered with an attachment, the browser's own download. */
function DownloadButton({ email }: { email: string }) {
  return (
    <SubjectForm action={dataRequestPaths.download} email={email} reloadDocument>
      <Button type="submit" variant="primary">
        Download as JSON
      </Button>
    </SubjectForm>
  );
}

/** What a phone number's request finds: the text messages sent to it. */
function TextResults({ record }: { record: SubjectRecord }) {
  const held = record.texts.length > 0;
  return (
    <section aria-labelledby="results-title" className="grid gap-6">
      <h2 id="results-title" className="text-2xl font-semibold text-ink">
        {held ? `What we hold for ${record.email}` : `Nothing held for ${record.email}`}
      </h2>
      {held ? (
        <p>{plural(record.texts.length, "text message")} sent to this number.</p>
      ) : (
        <p className="max-w-prose">
          We hold no text message to this number. You can still erase it: that removes any file left in the outbox and
          records the request in the audit log.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {held ? <DownloadButton email={record.email} /> : null}
        <EraseButton email={record.email} held={held} />
      </div>
      {held ? (
        <table className={stacked.table}>
          <caption className={stacked.caption}>Text messages to {record.email}, newest first</caption>
          <StackedHead headings={["Sent", "Message", "State"]} />
          <tbody className={stacked.tbody}>
            {record.texts.map((text) => (
              <tr key={text.id} className={stacked.tr}>
                <StackedCell label="Sent">
                  <time dateTime={isoTime(text.createdAt)}>{londonTime(text.createdAt)}</time>
                </StackedCell>
                <StackedCell label="Message" className="break-words">
                  {text.body}
                </StackedCell>
                <StackedCell label="State">{textMessageStateLabels[text.status]}</StackedCell>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
