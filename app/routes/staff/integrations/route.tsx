import { data, Link, redirect } from "react-router";
import type { FieldErrorItem } from "~/components/ui/error-summary";
import {
  integrationEventLabels,
  integrationKindLabels,
  integrationDeliveryStatusLabels,
} from "~/features/integrations/integrations";
import { consoleTitle } from "~/features/console/paths";
import { getConsole, requireAdmin, requireRecentAdmin } from "~/routes/staff/access/request.server";
import { isoTime, londonTime } from "~/platform/london-time";
import { StackedCell, StackedHead, stacked } from "~/features/console/stacked-table";
import {
  EndpointSection,
  emptyEndpoint,
  endpointFieldIds,
  readEndpointForm,
  SAME_ADDRESS_FIELD,
  type EndpointValues,
} from "./parts";
import type { Duplicate } from "./duplicate";
import type { Route } from "./+types/route";

/**
 * Integrations (admins): the webhook, Slack and Teams endpoints that hear of
 * enquiries, and a form to add one (docs/decisions/022-integrations.md).
 * Adding one leads to its own page (post, then redirect: a reload adds
 * nothing twice), which shows a webhook's signing secret once, first, never in
 * a URL. An address another endpoint of the same kind already has is warned
 * about, and added only when the form is posted again.
 */
export const meta: Route.MetaFunction = () => [{ title: consoleTitle("Integrations") }];

const doneMessages = {
  deleted: "Integration deleted, with its delivery log.",
} as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const done = new URL(request.url).searchParams.get("done");
  return {
    integrations: await getConsole(context).integrations.list(),
    done: done && done in doneMessages ? doneMessages[done as keyof typeof doneMessages] : null,
  };
}

type ActionResult =
  | { kind: "errors"; values: EndpointValues; errors: FieldErrorItem[] }
  | { kind: "duplicate"; values: EndpointValues; duplicate: Duplicate };

export async function action({ context, request }: Route.ActionArgs) {
  // Adding an endpoint decides where enquiry data goes: a recent sign-in, like staff changes.
  const staff = await requireRecentAdmin(context, request);
  const form = await request.formData();
  const { values, input, errors } = readEndpointForm(form);
  if (!input) return data<ActionResult>({ kind: "errors", values, errors }, 400);
  const sameAddressAs = String(form.get(SAME_ADDRESS_FIELD) ?? "");
  const saved = await getConsole(context).integrations.add(
    input,
    { member: staff.member, meta: staff.meta },
    sameAddressAs ? { sameAddressAs } : {},
  );
  if (!saved.ok && saved.duplicate)
    return data<ActionResult>({ kind: "duplicate", values, duplicate: saved.duplicate }, 409);
  if (!saved.ok) {
    const refused = [{ field: endpointFieldIds.url, message: saved.errors.url ?? "This address cannot be used" }];
    return data<ActionResult>({ kind: "errors", values, errors: refused }, 400);
  }
  return redirect(`/staff/integrations/${saved.id}?done=added`);
}

export default function IntegrationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { integrations, done } = loaderData;
  const failed = actionData?.kind === "errors" ? actionData : null;
  const duplicate = actionData?.kind === "duplicate" ? actionData : null;
  return (
    <>
      <h1 className="text-3xl">Integrations</h1>
      <p className="mt-4 max-w-prose">
        Tell the team&rsquo;s chat or tools when an enquiry arrives: a Slack channel, a Microsoft Teams channel, or any
        receiver of signed webhooks (a CRM, an automation tool). Each message is sent at least once and retried for
        about a day; a receiver that gets one twice sees the same <code>webhook-id</code>. With &ldquo;Link only&rdquo;,
        no personal data leaves the site. Name each service you add in the privacy policy&rsquo;s list of processors.
      </p>
      {done ? (
        <p role="status" className="mt-6 rounded-card border-2 border-success-800 bg-success-50 p-4">
          {done}
        </p>
      ) : null}

      <section aria-labelledby="list-title" className="mt-8">
        <h2 id="list-title" className="text-2xl">
          Connected
        </h2>
        {integrations.length === 0 ? (
          <p className="mt-3">Nothing is connected yet. Enquiries reach the team by e-mail and in this console.</p>
        ) : (
          <table className={`${stacked.table} mt-3`}>
            <caption className={`${stacked.caption} sr-only`}>Connected integrations</caption>
            <StackedHead headings={["Name", "Kind", "Sends to", "Events", "Says", "State", "Last delivery"]} />
            <tbody className={stacked.tbody}>
              {integrations.map((item) => (
                <tr key={item.id} className={stacked.tr}>
                  <th scope="row" className={`${stacked.td} font-semibold`} data-label="Name">
                    <Link to={`/staff/integrations/${item.id}`} className="underline underline-offset-2">
                      {item.name}
                    </Link>
                  </th>
                  <StackedCell label="Kind">{integrationKindLabels[item.kind]}</StackedCell>
                  <StackedCell label="Sends to" className="break-all">
                    {item.host}
                  </StackedCell>
                  <StackedCell label="Events">
                    <span>{item.events.map((event) => integrationEventLabels[event]).join("; ")}</span>
                  </StackedCell>
                  <StackedCell label="Says">{item.detail === "link" ? "Link only" : "Summary"}</StackedCell>
                  <StackedCell label="State">
                    <span>
                      {item.paused ? "Paused" : "Active"}
                      {item.dead > 0 ? (
                        <span className="block font-semibold text-danger-700">{item.dead} given up</span>
                      ) : null}
                    </span>
                  </StackedCell>
                  <StackedCell label="Last delivery">
                    {item.last ? (
                      <span>
                        {integrationDeliveryStatusLabels[item.last.status]}
                        {item.last.httpStatus !== null ? ` (HTTP ${item.last.httpStatus})` : ""}
                        <time dateTime={isoTime(item.last.at)} className="block text-sm text-muted">
                          {londonTime(item.last.at)}
                        </time>
                      </span>
                    ) : (
                      <span className="text-muted">None yet</span>
                    )}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <EndpointSection
        titleId="add-title"
        title="Add an integration"
        failed={failed}
        values={failed?.values ?? duplicate?.values ?? emptyEndpoint}
        duplicate={duplicate?.duplicate ?? null}
        submit="Add integration"
      />
    </>
  );
}
