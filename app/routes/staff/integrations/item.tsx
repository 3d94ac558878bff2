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
import { EndpointSection, readEndpointForm, SecretOnce, WebhookDeliveryTable, type EndpointValues } from "./parts";
import { PageLinks } from "~/features/console/page-links";
import type { Route } from "./+types/item";

/**
 * One integration (admins): what it is, edit, pause or resume, replace a
 * webhook's signing secret, delete; and its delivery log, newest first, with
 * Resend on each delivery that was delivered, given up or skipped.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: consoleTitle(loaderData?.integration.name ?? "Integration", "Integrations") },
];

function notFound(): never {
  throw data("No integration has this address. It may have been deleted.", { status: 404 });
}

const doneMessages = {
  added: "Integration added. It hears of the events you chose from now on.",
  saved: "Changes saved.",
  paused: "Paused: no new messages are queued for it, and any still queued are not sent.",
  resumed: "Resumed: it hears of new events again.",
  resent: "Queued again, with the same webhook-id.",
} as const;
type Done = keyof typeof doneMessages;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const found = await getConsole(context).integrations.get(params.id, Number(url.searchParams.get("page") ?? 1));
  if (!found) notFound();
  const done = url.searchParams.get("done");
  // The address stays on the server: a Slack or Teams address is a secret, so the page shows its host.
  const { url: _secretAddress, ...integration } = found.integration;
  return { ...found, integration, done: done && done in doneMessages ? doneMessages[done as Done] : null };
}

type ActionResult =
  | { kind: "errors"; values: EndpointValues; errors: FieldErrorItem[] }
  | { kind: "secret"; secret: string }
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
      if (await integrations.resend(String(form.get("delivery") ?? ""), by)) return back("resent");
      return data<ActionResult>(
        { kind: "problem", message: "That delivery is queued or still retrying, or no longer exists: not resent." },
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
  if (intent === "rotate") {
    const secret = await integrations.rotateSecret(params.id, by);
    if (!secret) notFound();
    return data<ActionResult>({ kind: "secret", secret });
  }
  if (intent === "save") {
    const current = await integrations.get(params.id);
    if (!current) notFound();
    // Left empty: keep the current address (which the page never shows).
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
  const { integration, deliveries, page, pages, done } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failed = actionData?.kind === "errors" ? actionData : null;
  const values: EndpointValues = failed?.values ?? {
    kind: integration.kind,
    name: integration.name,
    url: "",
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
      {done ? (
        <p role="status" className="mt-6 rounded-card border-2 border-success-800 bg-success-50 p-4">
          {done}
        </p>
      ) : null}
      {actionData?.kind === "problem" ? (
        <p role="alert" className="mt-6 rounded-card border-2 border-danger-700 bg-danger-50 p-4 font-semibold">
          {actionData.message}
        </p>
      ) : null}
      {actionData?.kind === "secret" ? <SecretOnce secret={actionData.secret} name={integration.name} /> : null}

      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">Kind</dt>
        <dd>{integrationKindLabels[integration.kind]}</dd>
        <dt className="font-semibold">Sends to</dt>
        <dd className="break-all">{integration.host}</dd>
        <dt className="font-semibold">Events</dt>
        <dd>{integration.events.map((event) => integrationEventLabels[event]).join("; ")}</dd>
        <dt className="font-semibold">Says</dt>
        <dd>{integrationDetailLabels[integration.detail]}</dd>
        <dt className="font-semibold">State</dt>
        <dd>{integration.paused ? "Paused" : "Active"}</dd>
      </dl>

      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonForm
          hiddenFields={{ intent: integration.paused ? "resume" : "pause" }}
          variant="outline"
          disabled={busy}
        >
          {integration.paused ? "Resume" : "Pause"}
        </ButtonForm>
        {integration.kind === "webhook" ? (
          <ButtonForm hiddenFields={{ intent: "rotate" }} variant="outline" disabled={busy}>
            Replace signing secret
          </ButtonForm>
        ) : null}
        <ButtonForm hiddenFields={{ intent: "delete" }} variant="ghost" disabled={busy}>
          Delete
        </ButtonForm>
      </div>
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
            <ButtonForm hiddenFields={{ intent: "delete-confirmed" }} disabled={busy}>
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
          <WebhookDeliveryTable
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
