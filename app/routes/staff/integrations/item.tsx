import { data, Link, redirect, useNavigation } from "react-router";
import { ButtonForm } from "~/features/console/post-form";
import type { FieldErrorItem } from "~/components/ui/error-summary";
import {
  integrationDetailLabels,
  integrationEventLabels,
  integrationKindLabels,
  WEBHOOK_LOG_PAGE_SIZE,
} from "~/features/integrations/integrations";
import { consoleTitle } from "~/features/console/paths";
import { getConsole, requireAdmin, requireRecentAdmin } from "~/routes/staff/access/request.server";
import { EndpointSection, readEndpointForm, IntegrationDeliveryTable, type EndpointValues } from "./parts";
import { ReplaceSecretConfirm, SecretOnce } from "./secret";
import { PageLinks } from "~/features/console/page-links";
import { isoTime, londonTime } from "~/platform/london-time";
import type { Route } from "./+types/item";

/**
 * One integration (admins): what it is (a plain webhook's whole address; a
 * Slack or Teams address, a secret, only by its host), edit, pause or
 * resume, replace a webhook's signing secret (confirmed; the old one signs
 * beside the new one for 24 hours), delete; and its delivery log, newest
 * first, with Resend on each delivery that was delivered, given up or
 * skipped, or that failed and waits for its next try (shown). After an add or
 * a replacement, the new signing secret is shown here once, first.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: consoleTitle(loaderData?.integration.name ?? "Integration", "Integrations") },
];

function notFound(): never {
  throw data("No integration has this address. It may have been deleted.", { status: 404 });
}

const doneMessages = {
  added: "Integration added. It hears of the events you chose from now on.",
  replaced: "Signing secret replaced. The previous one keeps signing beside it for 24 hours.",
  saved: "Changes saved.",
  paused: "Paused: no new messages are queued for it, and any still queued are not sent.",
  resumed: "Resumed: it hears of new events again.",
  resent: "Queued again, with the same webhook-id.",
  "resent-now": "Sending it again now, with the same webhook-id. If it fails, its retries go on as before.",
} as const;
type Done = keyof typeof doneMessages;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const staff = await requireAdmin(context, request);
  const url = new URL(request.url);
  const { integrations } = getConsole(context);
  const found = await integrations.get(params.id, Number(url.searchParams.get("page") ?? 1));
  if (!found) notFound();
  const done = url.searchParams.get("done");
  // A webhook just added or given a new secret: the secret, to the member who did it, on this one load only.
  const made = (done === "added" || done === "replaced") && found.integration.kind === "webhook";
  const secret = made ? await integrations.revealSecret(found.integration.id, staff.member.id) : null;
  // A Slack or Teams address is a secret: it stays on the server, the page shows its host.
  const { url: address, ...integration } = found.integration;
  return {
    ...found,
    integration: { ...integration, address: integration.kind === "webhook" ? address : null },
    done: done && done in doneMessages ? doneMessages[done as Done] : null,
    secret: made ? { value: secret } : null,
  };
}

type ActionResult =
  | { kind: "errors"; values: EndpointValues; errors: FieldErrorItem[] }
  | { kind: "confirm-rotate" }
  | { kind: "confirm-delete" }
  | { kind: "problem"; message: string };

export async function action({ params, context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { integrations } = getConsole(context);
  const back = (done: Done) => redirect(`/staff/integrations/${params.id}?done=${done}`);

  if (intent === "pause" || intent === "resume" || intent === "resend") {
    const staff = await requireAdmin(context, request);
    const by = { member: staff.member, meta: staff.meta };
    if (intent === "resend") {
      const resent = await integrations.resend(String(form.get("delivery") ?? ""), by);
      if (resent) return back(resent === "now" ? "resent-now" : "resent");
      return data<ActionResult>(
        {
          kind: "problem",
          message: "That delivery is queued or being sent right now, or no longer exists: not resent.",
        },
        409,
      );
    }
    if (!(await integrations.setPaused(params.id, intent === "pause", by))) notFound();
    return back(intent === "pause" ? "paused" : "resumed");
  }

  // Where enquiry data goes, and the secret that signs it: a recent sign-in.
  const staff = await requireRecentAdmin(context, request);
  const by = { member: staff.member, meta: staff.meta };
  if (intent === "delete") return data<ActionResult>({ kind: "confirm-delete" });
  if (intent === "delete-confirmed") {
    if (!(await integrations.remove(params.id, by))) notFound();
    return redirect("/staff/integrations?done=deleted");
  }
  if (intent === "rotate") return data<ActionResult>({ kind: "confirm-rotate" });
  if (intent === "rotate-confirmed") {
    if (!(await integrations.rotateSecret(params.id, by))) notFound();
    return back("replaced");
  }
  if (intent === "save") {
    const current = await integrations.get(params.id);
    if (!current) notFound();
    // Left empty: keep the current address (a Slack or Teams one, which the page never shows).
    const typed = String(form.get("url") ?? "").trim();
    if (!typed) form.set("url", current.integration.url);
    const { values, input, errors } = readEndpointForm(form, current.integration.kind);
    values.url = typed;
    if (!input) return data<ActionResult>({ kind: "errors", values, errors }, 400);
    const saved = await integrations.update(params.id, input, by);
    if (!saved.ok) {
      const message = saved.errors.url ?? "This address cannot be used";
      return data<ActionResult>({ kind: "errors", values, errors: [{ field: "integration-url", message }] }, 400);
    }
    return back("saved");
  }
  throw data("Unknown action", { status: 400 });
}

export default function IntegrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { integration, deliveries, page, pages, done, secret } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failed = actionData?.kind === "errors" ? actionData : null;
  const values: EndpointValues = failed?.values ?? {
    kind: integration.kind,
    name: integration.name,
    url: integration.address ?? "",
    events: integration.events,
    detail: integration.detail,
  };
  const pageLink = (n: number) => `/staff/integrations/${integration.id}?page=${n}`;
  return (
    <>
      <p>
        <Link to="/staff/integrations" className="underline underline-offset-2">
          All integrations
        </Link>
      </p>
      <h1 className="mt-2 text-3xl">{integration.name}</h1>
      {secret?.value ? (
        <SecretOnce secret={secret.value} name={integration.name} lead={done ?? ""} />
      ) : done ? (
        <p role="status" className="mt-6 rounded-card border-2 border-success-800 bg-success-50 p-4">
          {done}
          {secret ? (
            <span className="mt-2 block">
              Its signing secret was shown once and is not shown again. If it was not copied, replace it.
            </span>
          ) : null}
        </p>
      ) : null}
      {actionData?.kind === "problem" ? (
        <p role="alert" className="mt-6 rounded-card border-2 border-danger-700 bg-danger-50 p-4 font-semibold">
          {actionData.message}
        </p>
      ) : null}

      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">Kind</dt>
        <dd>{integrationKindLabels[integration.kind]}</dd>
        <dt className="font-semibold">Sends to</dt>
        <dd className="break-all">
          {integration.address ?? (
            <>
              {integration.host}{" "}
              <span className="text-muted">(the rest of the address is a secret: only its host is shown)</span>
            </>
          )}
        </dd>
        <dt className="font-semibold">Events</dt>
        <dd>{integration.events.map((event) => integrationEventLabels[event]).join("; ")}</dd>
        <dt className="font-semibold">Says</dt>
        <dd>{integrationDetailLabels[integration.detail]}</dd>
        <dt className="font-semibold">State</dt>
        <dd>{integration.paused ? "Paused" : "Active"}</dd>
        {integration.previousSecretUntil ? (
          <>
            <dt className="font-semibold">Previous secret</dt>
            <dd>
              Still signs beside the new one until{" "}
              <time dateTime={isoTime(integration.previousSecretUntil)}>
                {londonTime(integration.previousSecretUntil)}
              </time>
            </dd>
          </>
        ) : null}
      </dl>

      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonForm hiddenFields={{ intent: integration.paused ? "resume" : "pause" }} variant="outline" busy={busy}>
          {integration.paused ? "Resume" : "Pause"}
        </ButtonForm>
        {integration.kind === "webhook" ? (
          <ButtonForm hiddenFields={{ intent: "rotate" }} variant="outline" busy={busy}>
            Replace signing secret
          </ButtonForm>
        ) : null}
        <ButtonForm hiddenFields={{ intent: "delete" }} variant="ghost" busy={busy}>
          Delete
        </ButtonForm>
      </div>
      {actionData?.kind === "confirm-rotate" ? (
        <ReplaceSecretConfirm
          id={integration.id}
          name={integration.name}
          previousUntil={integration.previousSecretUntil}
          busy={busy}
        />
      ) : null}
      {actionData?.kind === "confirm-delete" ? (
        <section
          aria-labelledby="delete-title"
          className="mt-6 rounded-card border-2 border-danger-700 bg-danger-50 p-4"
          role="alert"
        >
          <h2 id="delete-title" className="text-xl font-semibold">
            Delete {integration.name}?
          </h2>
          <p className="mt-2">It stops at once, and its delivery log is deleted too. This cannot be undone.</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <ButtonForm hiddenFields={{ intent: "delete-confirmed" }} variant="danger" busy={busy}>
              Yes, delete it
            </ButtonForm>
            <Link to={`/staff/integrations/${integration.id}`} className="self-center underline underline-offset-2">
              No, keep it
            </Link>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="log-title" className="mt-10">
        <h2 id="log-title" className="text-2xl">
          Delivery log
        </h2>
        {deliveries.length === 0 ? (
          <p className="mt-3">Nothing has been sent to it yet.</p>
        ) : (
          <IntegrationDeliveryTable
            rows={deliveries}
            caption={`Newest first, ${WEBHOOK_LOG_PAGE_SIZE} a page. Page ${page} of ${pages}.`}
            resend
            busy={busy}
          />
        )}
        <PageLinks page={page} pages={pages} href={pageLink} label="Delivery log pages" />
      </section>

      <EndpointSection
        titleId="edit-title"
        title="Change it"
        failed={failed}
        values={values}
        fixedKind={integration.kind}
        hiddenFields={{ intent: "save" }}
        submit="Save changes"
        busy={busy}
      />
    </>
  );
}
