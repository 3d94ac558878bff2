import { data, Form, Link, redirect } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { getConsole, getStaff, requireAdmin, requireRecentSignIn } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/item";
import { payloadFields } from "~/features/enquiries/labels";
import { deletingNeedsAdmin, releaseEffects, spamItemPath, spamRow, SPAM_PATH } from "./view";
import { consoleTitle } from "~/features/console/paths";

/**
 * One suspected-spam post, every field as submitted, and the confirmation
 * step of its two actions: `?confirm=release` or `?confirm=delete` shows what
 * will happen and a form that posts it (no JavaScript needed). Each action is
 * audited by the console service.
 */
export const meta = ({ loaderData: data }: Route.MetaArgs) => [{ title: consoleTitle(data?.item.name, "Spam") }];

type Confirm = "release" | "delete";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const detail = await getConsole(context).spam.get(params.id);
  if (!detail) throw data("This post is no longer in the spam folder.", { status: 404 });
  const confirm = new URL(request.url).searchParams.get("confirm");
  // As the enquiry page shows them: the form's labels and option names, in its order.
  const fields = payloadFields(detail.kind, detail.payload).map(({ label, value }) => ({ label, value }));
  return {
    item: spamRow(detail, new Date(), staff.member.role),
    fields,
    effects: releaseEffects(detail.kind, detail.email, detail.addressAtLimit),
    addressAtLimit: detail.addressAtLimit,
    confirm: confirm === "release" || confirm === "delete" ? (confirm as Confirm) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const spam = getConsole(context).spam;
  const form = await request.formData();
  const intent = form.get("intent");
  const by = { member: staff.member, meta: staff.meta };
  if (intent === "release") {
    const released = await spam.release(params.id, by);
    return redirect(`${SPAM_PATH}?done=${released ? "released" : "gone"}`);
  }
  if (intent === "delete") {
    const post = await spam.get(params.id);
    if (post && deletingNeedsAdmin(post.reason)) {
      await requireAdmin(context, request);
      await requireRecentSignIn(context, request, { form });
    }
    const deleted = await spam.delete(params.id, by);
    return redirect(`${SPAM_PATH}?done=${deleted ? "deleted" : "gone"}`);
  }
  throw data("Choose to release or delete the post.", { status: 400 });
}

export default function SpamItemPage({ loaderData }: Route.ComponentProps) {
  const { item, fields, effects, addressAtLimit, confirm } = loaderData;
  const path = spamItemPath(item.id);
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to={SPAM_PATH} className="text-primary-800 underline underline-offset-2">
          Back to spam
        </Link>
      </p>
      <h1 className="text-3xl font-semibold break-words">{`Suspected spam from ${item.name || item.email}`}</h1>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">Received</dt>
        <dd>
          <time dateTime={item.receivedIso}>{item.received}</time> <span className="text-muted">({item.relative})</span>
        </dd>
        <dt className="font-semibold">Form</dt>
        <dd>{item.form}</dd>
        <dt className="font-semibold">Why it is here</dt>
        <dd>{item.reason}</dd>
        {fields.map((field) => (
          <div key={field.label} className="contents">
            <dt className="font-semibold">{field.label}</dt>
            <dd className="break-words whitespace-pre-line">{field.value}</dd>
          </div>
        ))}
      </dl>

      {confirm === "release" ? (
        <section aria-labelledby="confirm-heading" className="space-y-4 rounded-card border-2 border-primary-700 p-5">
          <h2 id="confirm-heading" className="text-xl font-semibold">
            Release this post?
          </h2>
          {item.movedByStaff ? (
            <p>
              It goes back to the inbox. E-mails it had not sent when it was moved here are sent now; none already sent
              goes again.
            </p>
          ) : (
            <>
              <p>It becomes an enquiry in the inbox and these e-mails are sent, as if it had been accepted:</p>
              <ul className="list-disc pl-6">
                {effects.map((effect) => (
                  <li key={effect}>{effect}</li>
                ))}
              </ul>
            </>
          )}
          {addressAtLimit ? (
            <p>
              The site sends no e-mail to the person who wrote: their address has already had as many as it is sent in a
              day. Reply to them yourself.
            </p>
          ) : null}
          <Form method="post" action={path} className="flex flex-wrap items-center gap-4">
            <input type="hidden" name="intent" value="release" />
            <Button type="submit">{item.movedByStaff ? "Release to the inbox" : "Release and send e-mails"}</Button>
            <Link to={path} className="text-primary-800 underline underline-offset-2">
              Cancel
            </Link>
          </Form>
        </section>
      ) : !item.deletable && confirm === "delete" ? (
        <OnlyAdminsDelete />
      ) : confirm === "delete" ? (
        <section aria-labelledby="confirm-heading" className="space-y-4 rounded-card border-2 border-danger-700 p-5">
          <h2 id="confirm-heading" className="text-xl font-semibold">
            Delete this post?
          </h2>
          <p>It is deleted for good. Nothing is sent, and it cannot be brought back.</p>
          <Form method="post" action={path} className="flex flex-wrap items-center gap-4">
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" variant="danger">
              Delete for good
            </Button>
            <Link to={path} className="text-primary-800 underline underline-offset-2">
              Cancel
            </Link>
          </Form>
        </section>
      ) : (
        <>
          <div className="flex flex-wrap gap-4">
            <ButtonLink to={`${path}?confirm=release`}>Release…</ButtonLink>
            {item.deletable ? (
              <ButtonLink to={`${path}?confirm=delete`} variant="outline">
                Delete…
              </ButtonLink>
            ) : null}
          </div>
          {item.deletable ? null : <OnlyAdminsDelete />}
        </>
      )}
    </div>
  );
}

/** Why a member of staff sees no way to delete an enquiry staff moved here. */
function OnlyAdminsDelete() {
  return (
    <p className="max-w-prose">
      Only an admin can delete an enquiry that staff moved here. Unless it is released, it is deleted 30 days after it
      was moved.
    </p>
  );
}
