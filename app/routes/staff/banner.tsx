import { Fragment, useState, type ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import { AnnouncementBannerView } from "~/components/layout/announcement-banner";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input, Textarea } from "~/components/ui/field";
import { ANNOUNCEMENT_LIMITS, announcementInput, showsAt, type PublishedAnnouncement } from "~/features/banner/banner";
import { getConsole, requireAdmin } from "~/routes/staff/access/request.server";
import { fromLondonInput, toLondonInput } from "~/platform/wall-time";
import { londonTime } from "~/platform/london-time";
import { londonDate } from "~/platform/calendar";
import { currentAnnouncement } from "~/content/dated";
import type { Route } from "./+types/banner";
import { consoleTitle } from "~/features/console/paths";

/**
 * The site-wide announcement (admins): write it, preview it, publish it (a
 * new id, so visitors who dismissed the last one see it), or withdraw it.
 * Every web process shows a change within seconds, prerendered pages too
 * (docs/decisions/010-dated-content.md).
 */
export const meta: Route.MetaFunction = () => [{ title: consoleTitle("Banner") }];

type Values = { message: string; linkLabel: string; linkHref: string; startsAt: string; endsAt: string };
type FieldName = keyof Values;
type ActionResult =
  | { kind: "errors"; values: Values; errors: Partial<Record<FieldName, string>> }
  | { kind: "preview"; values: Values }
  | { kind: "published" }
  | { kind: "unpublished"; withdrawn: boolean };

const fieldIds: Record<FieldName, string> = {
  message: "banner-message",
  linkLabel: "banner-link-label",
  linkHref: "banner-link-href",
  startsAt: "banner-starts-at",
  endsAt: "banner-ends-at",
};

function describe(row: PublishedAnnouncement | null, now: Date) {
  if (!row) {
    const builtIn = currentAnnouncement(londonDate(now), null);
    return builtIn
      ? `No announcement has been published from the console. The site shows its built-in one: “${builtIn.message}”`
      : "No announcement has been published from the console, and the built-in one has ended. The site shows no banner.";
  }
  if (row.unpublishedAt) return "The last announcement was withdrawn. The site shows no banner.";
  if (showsAt(row, now)) return "This announcement is live on every page.";
  if (row.startsAt && now < row.startsAt)
    return `This announcement is scheduled. It appears at ${londonTime(row.startsAt)}.`;
  return "This announcement has ended. The site shows no banner.";
}

function valuesOf(row: PublishedAnnouncement | null): Values {
  return {
    message: row?.message ?? "",
    linkLabel: row?.linkLabel ?? "",
    linkHref: row?.linkHref ?? "",
    startsAt: row?.startsAt ? toLondonInput(row.startsAt) : "",
    endsAt: row?.endsAt ? toLondonInput(row.endsAt) : "",
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const latest = await getConsole(context).banner.latest();
  const now = new Date();
  return {
    latest: latest && !latest.unpublishedAt ? latest : null,
    status: describe(latest, now),
    values: valuesOf(latest && !latest.unpublishedAt ? latest : null),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireAdmin(context, request);
  const console = getConsole(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "unpublish") {
    const withdrawn = await console.banner.unpublish(staff);
    return data<ActionResult>({ kind: "unpublished", withdrawn });
  }

  const values: Values = {
    message: String(form.get("message") ?? "").slice(0, 2000),
    linkLabel: String(form.get("linkLabel") ?? "").slice(0, 500),
    linkHref: String(form.get("linkHref") ?? "").slice(0, 2000),
    startsAt: String(form.get("startsAt") ?? "").trim(),
    endsAt: String(form.get("endsAt") ?? "").trim(),
  };
  const errors: Partial<Record<FieldName, string>> = {};
  const startsAt = values.startsAt ? fromLondonInput(values.startsAt) : null;
  const endsAt = values.endsAt ? fromLondonInput(values.endsAt) : null;
  if (values.startsAt && !startsAt) errors.startsAt = "Enter the start as a date and time, like 1 December 2026 09:00";
  if (values.endsAt && !endsAt) errors.endsAt = "Enter the end as a date and time, like 14 December 2026 18:00";
  const parsed = announcementInput.safeParse({ ...values, startsAt, endsAt });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FieldName;
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return data<ActionResult>({ kind: "errors", values, errors }, 400);
  if (intent === "preview") return data<ActionResult>({ kind: "preview", values });
  await console.banner.publish(parsed.data!, staff);
  return data<ActionResult>({ kind: "published" });
}

/** Each field's label and hint. The window (start and end) is in UK time and optional. */
const fieldText: Record<FieldName, { label: string; hint: string }> = {
  message: { label: "Announcement", hint: `At most ${ANNOUNCEMENT_LIMITS.message} characters.` },
  linkLabel: {
    label: "Link text",
    hint: `For example: Meet us there. At most ${ANNOUNCEMENT_LIMITS.linkLabel} characters.`,
  },
  linkHref: { label: "Link goes to", hint: "A page on this site, like /contact, or an address starting with https://" },
  startsAt: { label: "Show from (optional)", hint: "UK time. Leave empty to start now." },
  endsAt: { label: "Show until (optional)", hint: "UK time. Leave empty to keep it up." },
};

/**
 * One field of the editor: label, hint, error and the control (`children`),
 * linked by the field's id. The control is uncontrolled: a new `value` (the
 * server's, after a post) mounts it afresh with that value.
 */
function BannerField({
  field,
  value,
  error,
  children,
}: {
  field: FieldName;
  value: string;
  error?: string;
  children: ReactNode;
}) {
  const { label, hint } = fieldText[field];
  return (
    <Field name={field} id={fieldIds[field]} hint={hint} error={error}>
      <FieldLabel>{label}</FieldLabel>
      <FieldHint />
      <FieldError />
      <Fragment key={value}>{children}</Fragment>
    </Field>
  );
}

export default function BannerEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const submitted = actionData && (actionData.kind === "errors" || actionData.kind === "preview") ? actionData : null;
  const initial = submitted?.values ?? loaderData.values;
  // The preview follows the form as it is typed (with JavaScript); without it, "Preview" posts the form.
  const [draft, setDraft] = useState<Values>(initial);
  const [draftKey, setDraftKey] = useState(initial);
  if (draftKey !== initial) {
    setDraftKey(initial);
    setDraft(initial);
  }
  const errors = actionData?.kind === "errors" ? actionData.errors : {};
  const summary = (Object.keys(errors) as FieldName[]).map((field) => ({
    field: fieldIds[field],
    message: errors[field]!,
  }));
  /** A BannerField's props: the field, the values its control was mounted with, and its error. */
  const fieldState = (field: FieldName) => ({ field, value: draftKey[field], error: errors[field] });
  /**
   * A control's props: what was last submitted (or saved), kept after an
   * error; typing updates the preview. (Its BannerField remounts it when the
   * server sends new values.)
   */
  const control = (field: FieldName) => ({
    defaultValue: initial[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((current) => ({ ...current, [field]: value }));
    },
  });

  return (
    <>
      <h1 className="text-3xl">Banner</h1>
      <p className="mt-4 max-w-prose">
        The announcement above every page of the site. A published change appears within seconds, without a rebuild.
        Visitors who dismissed the last announcement see a new one.
      </p>
      <p role="status" className="mt-6 rounded-card border-2 border-primary-200 bg-white p-4 font-semibold">
        {actionData?.kind === "published"
          ? "Published. The site now shows this announcement."
          : actionData?.kind === "unpublished"
            ? actionData.withdrawn
              ? "Withdrawn. The site shows no banner."
              : "There was no announcement to withdraw."
            : loaderData.status}
      </p>

      {summary.length > 0 ? (
        <div className="mt-6">
          <ErrorSummary errors={summary} />
        </div>
      ) : null}

      <Form method="post" className="mt-8 grid max-w-2xl gap-6" noValidate>
        <BannerField {...fieldState("message")}>
          <Textarea {...control("message")} rows={3} required />
        </BannerField>
        <BannerField {...fieldState("linkLabel")}>
          <Input {...control("linkLabel")} required />
        </BannerField>
        <BannerField {...fieldState("linkHref")}>
          <Input {...control("linkHref")} spellCheck={false} required />
        </BannerField>
        <div className="grid gap-6 sm:grid-cols-2">
          {(["startsAt", "endsAt"] as const).map((field) => (
            <BannerField key={field} {...fieldState(field)}>
              <Input {...control(field)} type="datetime-local" />
            </BannerField>
          ))}
        </div>

        <section aria-labelledby="banner-preview-heading" className="grid gap-3">
          <h2 id="banner-preview-heading" className="text-xl">
            Preview
          </h2>
          {draft.message.trim() ? (
            <div className="overflow-hidden rounded-card border-2 border-line">
              <AnnouncementBannerView
                preview
                announcement={{
                  id: "preview",
                  message: draft.message.trim(),
                  link: { label: draft.linkLabel.trim() || "Link text", to: draft.linkHref.trim() || "#" },
                }}
              />
            </div>
          ) : (
            <p className="text-muted">Write the announcement to see it here.</p>
          )}
        </section>

        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="publish" busy={busy}>
            Publish
          </Button>
          <Button type="submit" name="intent" value="preview" variant="outline" busy={busy}>
            Preview
          </Button>
        </div>
      </Form>

      {loaderData.latest ? (
        <Form method="post" className="mt-10 border-t-2 border-line pt-6">
          <h2 className="text-xl">Withdraw</h2>
          <p className="mt-2 max-w-prose">Take the current announcement down. The site then shows no banner.</p>
          <Button type="submit" name="intent" value="unpublish" variant="outline" className="mt-4" busy={busy}>
            Withdraw the announcement
          </Button>
        </Form>
      ) : null}
    </>
  );
}
