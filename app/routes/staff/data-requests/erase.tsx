import { data, Link } from "react-router";
import { PostForm } from "~/features/console/post-form";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";
import { getConsole, requireRecentAdmin } from "~/routes/staff/access/request.server";
import {
  isPhoneKey,
  normaliseSubjectEmail,
  type ErasureResult,
  type SubjectRecord,
} from "~/features/data-requests/data-requests";
import type { Route } from "./+types/erase";
import { SubjectForm, dataRequestPaths } from "./paths";
import { SummaryReceivers } from "./receivers";
import { consoleTitle } from "~/features/console/paths";
import { plural } from "~/platform/words";

export const meta = () => [{ title: consoleTitle("Erase a person's data") }];

/**
 * Erasure (admin, signed in within the last 5 minutes). The search page posts
 * the address here: the answer is the confirmation page, which says exactly
 * what will go and asks for the address again. Its own POST (intent "erase")
 * erases and shows what was removed. The address travels only in form bodies,
 * never in a URL. Works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRecentAdmin(context, request);
  return null;
}

type Counts = SubjectRecord["counts"];
type ActionResult =
  { erased: ErasureResult } | { email: string; counts: Counts; error?: string; confirm?: string } | { missing: true };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRecentAdmin(context, request);
  const form = await request.formData();
  const email = normaliseSubjectEmail(form.get("email"));
  if (!email) return data<ActionResult>({ missing: true }, { status: 400 });
  const requests = getConsole(context).dataRequests;
  if (form.get("intent") !== "erase") return data<ActionResult>({ email, counts: (await requests.find(email)).counts });
  const confirm = String(form.get("confirm") ?? "");
  if (normaliseSubjectEmail(confirm) !== email) {
    const error =
      confirm.trim() === ""
        ? `Type the ${isPhoneKey(email) ? "phone number" : "e-mail address"} again to confirm`
        : `The ${isPhoneKey(email) ? "number" : "address"} you typed does not match. Type it exactly as shown`;
    return data<ActionResult>({ email, counts: (await requests.find(email)).counts, error, confirm }, { status: 400 });
  }
  const erased = await requests.erase(email, { member: staff.member, meta: staff.meta });
  return data<ActionResult>({ erased });
}

const FORM_ID = "erase";

export default function ErasePage({ actionData }: Route.ComponentProps) {
  if (actionData && "erased" in actionData) return <Erased result={actionData.erased} />;
  if (!actionData || "missing" in actionData) {
    return (
      <div className="grid gap-4">
        <h1 className="text-3xl font-bold text-ink">Erase a person&apos;s data</h1>
        <p>
          First <Link to={dataRequestPaths.search}>find the person by their e-mail address or phone number</Link>, then
          choose &ldquo;Erase everything&rdquo;.
        </p>
      </div>
    );
  }
  const { email, counts, error, confirm: typed = "" } = actionData;
  return (
    <div className="grid max-w-2xl gap-6">
      {error ? <ErrorSummary errors={[{ field: `${FORM_ID}-confirm`, message: error }]} /> : null}
      <h1 className="text-3xl font-bold text-ink">Erase everything about {email}</h1>
      <div className="grid gap-3">
        <p>This will, at once and for good:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            delete {plural(counts.enquiries, "enquiry", "enquiries")}
            {counts.suspectedSpam > 0 ? ` (${counts.suspectedSpam} of them kept as suspected spam)` : ""}, with{" "}
            {plural(counts.deliveries, "e-mail record")}, {plural(counts.notes, "note")} and{" "}
            {plural(counts.texts, "text message")}, from the database;
          </li>
          <li>remove their e-mails and text messages from the job queue and their files from the outbox folder;</li>
          <li>record the erasure in the audit log with a one-way keyed hash of the address, never the address.</li>
        </ul>
        <p>
          The database is then cleaned up, so backups taken afterwards hold nothing of them; copies in earlier backups
          go as those backups are deleted, within 8 weeks. This cannot be undone: if the person also asked for a copy,
          download it first.
        </p>
        <SubjectForm action={dataRequestPaths.download} email={email} reloadDocument>
          <Button type="submit" variant="outline">
            Download as JSON
          </Button>
        </SubjectForm>
      </div>
      <PostForm hiddenFields={{ email, intent: "erase" }} id={FORM_ID} className="grid gap-4" noValidate>
        <Field
          name="confirm"
          id={`${FORM_ID}-confirm`}
          error={error}
          hint={`Type ${email} to confirm you mean this person`}
        >
          <FieldLabel>{isPhoneKey(email) ? "Phone number, again" : "E-mail address, again"}</FieldLabel>
          <FieldHint />
          <FieldError />
          <Input
            key={typed}
            type={isPhoneKey(email) ? "tel" : "email"}
            defaultValue={typed}
            autoComplete="off"
            spellCheck={false}
            required
          />
        </Field>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" variant="danger">
            Erase everything
          </Button>
          <Link to={dataRequestPaths.search} className="font-semibold text-primary-800 underline">
            Cancel
          </Link>
        </div>
      </PostForm>
    </div>
  );
}

function Erased({ result }: { result: ErasureResult }) {
  const { counts } = result;
  return (
    <div className="grid max-w-2xl gap-6">
      <div role="status" className="rounded-card border-4 border-success-800 bg-white p-5">
        <h1 className="text-3xl font-bold text-ink">Erased</h1>
        <p className="mt-2">Everything we held about {result.email} has been deleted from the live database.</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-y border-line py-3">
        <dt className="font-semibold">Enquiries deleted</dt>
        <dd>{counts.enquiries}</dd>
        <dt className="font-semibold">E-mail records deleted</dt>
        <dd>{counts.deliveries}</dd>
        <dt className="font-semibold">Notes deleted</dt>
        <dd>{counts.notes}</dd>
        <dt className="font-semibold">Text messages deleted</dt>
        <dd>{counts.texts}</dd>
        <dt className="font-semibold">Queued or finished jobs removed</dt>
        <dd>{counts.jobs}</dd>
        <dt className="font-semibold">Outbox files removed</dt>
        <dd>{counts.outboxFiles}</dd>
      </dl>
      <StorageNote storage={result.storage} />
      <p>
        Backups taken before now still hold copies until they are deleted, within 8 weeks. The audit log has a row for
        this erasure. E-mails already delivered are outside the console: delete the notifications about this person from
        the enquiries mailbox too.
      </p>
      <SummaryReceivers receivers={result.receivers} />
      <p>Then tell the person their data has been erased.</p>
      <p>
        <Link to={dataRequestPaths.search} className="font-semibold text-primary-800 underline">
          Find another person
        </Link>
      </p>
    </div>
  );
}

/** Whether the database's files still hold the deleted rows' bytes (docs/decisions/014-erasure-leaves-no-copy.md). */
function StorageNote({ storage }: { storage: ErasureResult["storage"] }) {
  if (storage.state === "rewritten") {
    return (
      <p data-storage="rewritten">
        The data folder has been rewritten: no copy remains in it or in backups taken from now on.
      </p>
    );
  }
  if (storage.state === "vacuumed") {
    return (
      <p data-storage="vacuumed">
        The database tables have been vacuumed. The PostgreSQL server&apos;s own write-ahead log, archives and replicas
        keep copies until the server recycles them: ask whoever runs the database how long that is.
      </p>
    );
  }
  return (
    <p data-storage="failed" className="font-semibold text-danger-700">
      The rows are deleted, but the data folder could not be rewritten yet: it and new backups may still hold copies.
      Erase this address again to retry, and tell the site&apos;s operator.
    </p>
  );
}
