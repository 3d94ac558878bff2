import { Link } from "react-router";
import { DuplicateWarning, type Duplicate } from "./duplicate";
import { ChoiceFieldset, Choices } from "~/features/console/choices";
import { PostForm, SubmitButton } from "~/features/console/post-form";
import { ErrorSummary, type FieldErrorItem } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";
import { kindLabels } from "~/features/enquiries/labels";
import {
  INTEGRATION_NAME_MAX,
  integrationDetailLabels,
  integrationDetails,
  integrationEventLabels,
  integrationEvents,
  integrationInput,
  integrationKindLabels,
  integrationKinds,
  integrationUrlHints,
  integrationDeliveryStatusLabels,
  type IntegrationInput,
  type IntegrationKind,
  type IntegrationDelivery,
} from "~/features/integrations/integrations";
import { isoTime, londonTime } from "~/platform/london-time";
import { RowAction, StackedCell, StackedHead, stacked } from "~/features/console/stacked-table";

/**
 * What the integration pages share: the endpoint form (add and edit), its
 * parsing, and the delivery log (also on an enquiry's page).
 */

/** What the form posted, as typed, so a refused form comes back with nothing lost. */
export type EndpointValues = { kind: string; name: string; url: string; events: string[]; detail: string };

export const endpointFieldIds = {
  kind: "integration-kind-webhook",
  name: "integration-name",
  url: "integration-url",
  events: "integration-event-enquiry.received",
  detail: "integration-detail-link",
} as const;

export const emptyEndpoint: EndpointValues = {
  kind: "webhook",
  name: "",
  url: "",
  events: ["enquiry.received"],
  detail: "link",
};

/** Reads and checks the endpoint form; `kind` (on edit) is the endpoint's own, not the form's. */
export function readEndpointForm(
  form: FormData,
  kind?: IntegrationKind,
): { values: EndpointValues; input: IntegrationInput | null; errors: FieldErrorItem[] } {
  const values: EndpointValues = {
    kind: kind ?? String(form.get("kind") ?? ""),
    name: String(form.get("name") ?? "").slice(0, 500),
    url: String(form.get("url") ?? "").slice(0, 4096),
    events: form.getAll("events").map(String),
    detail: String(form.get("detail") ?? "link"),
  };
  const parsed = integrationInput.safeParse(values);
  if (parsed.success) return { values, input: parsed.data, errors: [] };
  const errors = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0]) as keyof typeof endpointFieldIds;
    return { field: endpointFieldIds[field] ?? endpointFieldIds.name, message: issue.message };
  });
  return { values, input: null, errors: errors.filter((e, i) => errors.findIndex((f) => f.field === e.field) === i) };
}

/**
 * The endpoint form in its own section, with its error summary: adding an
 * integration, or changing one (its kind then `fixedKind`).
 */
export function EndpointSection({
  titleId,
  title,
  failed,
  values,
  fixedKind,
  hiddenFields = {},
  submit,
  busy,
  duplicate,
}: {
  titleId: string;
  title: string;
  /** The refused post's errors, if it was refused. */
  failed: { errors: FieldErrorItem[] } | null;
  values: EndpointValues;
  fixedKind?: IntegrationKind;
  hiddenFields?: Record<string, string>;
  submit: string;
  busy?: boolean;
  /** The endpoint that already sends to the posted address: warned, and the form adds it anyway if posted again. */
  duplicate?: Duplicate | null;
}) {
  return (
    <section aria-labelledby={titleId} className="mt-12 max-w-xl">
      <h2 id={titleId} className="text-2xl">
        {title}
      </h2>
      {failed ? (
        <div className="mt-4">
          <ErrorSummary errors={failed.errors} />
        </div>
      ) : null}
      {duplicate ? <DuplicateWarning duplicate={duplicate} /> : null}
      <PostForm
        hiddenFields={duplicate ? { ...hiddenFields, [SAME_ADDRESS_FIELD]: duplicate.id } : hiddenFields}
        aria-labelledby={titleId}
        className="mt-4 grid gap-6"
        noValidate
      >
        <EndpointFields values={values} errors={failed?.errors ?? []} fixedKind={fixedKind} />
        <SubmitButton busy={busy}>{duplicate ? "Add it anyway" : submit}</SubmitButton>
      </PostForm>
    </section>
  );
}

/** The hidden field of a post that confirms adding an endpoint whose address another already has (its id). */
export const SAME_ADDRESS_FIELD = "same-address-as";

/** The endpoint form's fields. With `fixedKind` (editing), the kind is shown, not chosen. */
export function EndpointFields({
  values,
  errors,
  fixedKind,
}: {
  values: EndpointValues;
  errors: FieldErrorItem[];
  fixedKind?: IntegrationKind;
}) {
  const errorOf = (field: keyof typeof endpointFieldIds) =>
    errors.find((e) => e.field === endpointFieldIds[field])?.message;
  const kindError = errorOf("kind");
  const eventsError = errorOf("events");
  return (
    <>
      {fixedKind ? (
        <input type="hidden" name="kind" value={fixedKind} />
      ) : (
        <ChoiceFieldset legend="What to connect" errorId="integration-kind-error" error={kindError}>
          <Choices
            type="radio"
            name="kind"
            idPrefix="integration-kind"
            values={integrationKinds}
            checked={values.kind}
            label={(kind) => integrationKindLabels[kind]}
            hint={(kind) => integrationUrlHints[kind]}
          />
        </ChoiceFieldset>
      )}
      <Field
        name="name"
        id={endpointFieldIds.name}
        hint={`How the console names it, like “Sales channel”. At most ${INTEGRATION_NAME_MAX} characters.`}
        error={errorOf("name")}
      >
        <FieldLabel>Name</FieldLabel>
        <FieldHint />
        <FieldError />
        <Input defaultValue={values.name} autoComplete="off" required />
      </Field>
      <Field
        name="url"
        id={endpointFieldIds.url}
        hint={
          fixedKind
            ? `${integrationUrlHints[fixedKind]}${fixedKind === "webhook" ? "" : " Leave it empty to keep the current address."}`
            : "An https:// address. Slack and Teams addresses are secrets: the console shows only their host."
        }
        error={errorOf("url")}
      >
        <FieldLabel>Address</FieldLabel>
        <FieldHint />
        <FieldError />
        <Input
          type="url"
          defaultValue={values.url}
          autoComplete="off"
          spellCheck={false}
          required={!fixedKind || fixedKind === "webhook"}
        />
      </Field>
      <ChoiceFieldset legend="Send a message when" errorId="integration-events-error" error={eventsError}>
        <Choices
          type="checkbox"
          name="events"
          idPrefix="integration-event"
          values={integrationEvents}
          checked={values.events}
          label={(event) => (
            <>
              {integrationEventLabels[event]} <span className="font-mono text-sm text-muted">{event}</span>
            </>
          )}
        />
      </ChoiceFieldset>
      <ChoiceFieldset legend="What it says">
        <Choices
          type="radio"
          name="detail"
          idPrefix="integration-detail"
          values={integrationDetails}
          checked={values.detail}
          label={(detail) => integrationDetailLabels[detail]}
        />
      </ChoiceFieldset>
    </>
  );
}

/**
 * Whether Resend is offered: a delivery delivered, given up or skipped
 * (queued again), or a failing one waiting for its next try (tried now).
 */
export const resendable = (d: IntegrationDelivery) =>
  d.status === "sent" || d.status === "dead" || d.status === "skipped" || (d.status === "failed" && !!d.nextAttemptAt);

/** Deliveries as a table: an endpoint's log (with Resend) or an enquiry's (with the endpoint's name). */
export function IntegrationDeliveryTable({
  rows,
  caption,
  resend,
  showEndpoint,
  busy = false,
}: {
  rows: IntegrationDelivery[];
  caption: string;
  /** Show a Resend button where one is possible (the endpoint's page, for admins). */
  resend?: boolean;
  /** Name the endpoint (an enquiry's page), or the enquiry (an endpoint's log). */
  showEndpoint?: boolean;
  busy?: boolean;
}) {
  const headings = [
    showEndpoint ? "Integration" : "Enquiry",
    "Event",
    "State",
    "Attempts",
    "Last attempt",
    "Answer",
    ...(resend ? ["Action"] : []),
  ];
  return (
    <table className={`${stacked.table} mt-3`}>
      <caption className={stacked.caption}>{caption}</caption>
      <StackedHead headings={headings} numeric={["Attempts"]} />
      <tbody className={stacked.tbody}>
        {rows.map((d) => (
          <tr key={d.id} className={stacked.tr}>
            <th scope="row" className={`${stacked.td} font-semibold`} data-label={headings[0]}>
              {showEndpoint ? (
                <span>{d.integrationName}</span>
              ) : (
                <Link to={`/staff/enquiries/${d.enquiryId}`} className="underline underline-offset-2">
                  {kindLabels[d.enquiryKind]} <time dateTime={isoTime(d.createdAt)}>{londonTime(d.createdAt)}</time>
                </Link>
              )}
            </th>
            <StackedCell label="Event">
              <span className="font-mono text-sm">{d.event}</span>
            </StackedCell>
            <StackedCell label="State">
              <span>
                {integrationDeliveryStatusLabels[d.status]}
                {d.status === "failed" && d.nextAttemptAt ? (
                  <span className="block text-sm">
                    Next try <time dateTime={isoTime(d.nextAttemptAt)}>{londonTime(d.nextAttemptAt)}</time>
                  </span>
                ) : null}
              </span>
            </StackedCell>
            <StackedCell label="Attempts" className={stacked.numeric}>
              {d.attempts}
            </StackedCell>
            <StackedCell label="Last attempt">
              {d.lastAttemptAt ? (
                <span>
                  <time dateTime={isoTime(d.lastAttemptAt)}>{londonTime(d.lastAttemptAt)}</time>
                  {d.latencyMs !== null ? <span className="block text-sm text-muted">{d.latencyMs} ms</span> : null}
                </span>
              ) : (
                <span className="text-muted">Not yet</span>
              )}
            </StackedCell>
            <StackedCell label="Answer" className="break-words">
              <span>
                {d.httpStatus !== null ? <span className="font-semibold">HTTP {d.httpStatus}</span> : null}
                {d.response ? <span className="block font-mono text-sm break-all">{d.response}</span> : null}
                {d.lastError && d.httpStatus === null ? <span className="block">{d.lastError}</span> : null}
                {d.httpStatus === null && !d.lastError ? <span className="text-muted">None</span> : null}
              </span>
            </StackedCell>
            {resend ? (
              <StackedCell label="Action">
                <RowAction available={resendable(d)} hiddenFields={{ intent: "resend", delivery: d.id }} busy={busy}>
                  Resend
                  <span className="sr-only">
                    : {d.event} of {londonTime(d.createdAt)}
                  </span>
                </RowAction>
              </StackedCell>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
