import { data, redirect } from "react-router";
import { ButtonForm, PostForm } from "~/features/console/post-form";
import { AppSetup } from "~/features/sign-in/app-setup";
import { StartApp } from "~/features/sign-in/factors";
import { RecoveryCodes } from "~/features/sign-in/recovery-codes";
import { Button } from "~/components/ui/button";
import { Field, FieldError, FieldLabel, Input } from "~/components/ui/field";
import { londonTime, relativeTime } from "~/platform/london-time";
import type { AuditAction } from "~/features/audit/audit";
import { appSetupView, factorAction, isFactorIntent } from "~/routes/staff/access/factor-actions.server";
import { signInUrl, SIGNED_OUT_PATH } from "~/features/console/paths";
import {
  getConsole,
  getStaff,
  requireRecentSignIn,
  signedInRecently,
  staffContext,
} from "~/routes/staff/access/request.server";
import { describeUserAgent } from "~/platform/user-agent";
import { displayNameSchema } from "~/features/members";
import { passkeyNameSchema } from "~/features/sign-in/sign-in";
import type { Route } from "./+types/route";
import { DisplayName } from "./name";
import { AddPasskey } from "./add-passkey";
import { SessionList } from "./sessions";

/**
 * The signed-in member's own account: passkeys (add on this device, rename,
 * remove), the authenticator app and recovery codes (ADR 020), sessions and
 * "sign out everywhere". Adding or removing a factor, new recovery codes,
 * ending another session and signing out everywhere need a sign-in within
 * the last 5 minutes; confirming an app needs its start (so a recent sign-in)
 * in this same session.
 */
export const meta: Route.MetaFunction = () => [{ title: "Account | Staff console | Maternis" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = getStaff(context);
  const passkeys = await getConsole(context).auth.passkeys(request);
  const factors = await getConsole(context).auth.factors(request);
  const sessions = await sessionRows(context, request);
  // An app set-up started here and not yet confirmed or cancelled: the same key after a reload (issue 43).
  const appSetup = factors.app ? null : await appSetupView(getConsole(context), request);
  return {
    appSetup,
    sessions,
    factors,
    member: staff.member,
    recent: signedInRecently(staff),
    reauthUrl: signInUrl("/staff/account", true),
    passkeys: passkeys.map((p) => ({ ...p, created: p.createdAt ? londonTime(p.createdAt) : "" })),
  };
}

/** The member's sessions as the page lists them (ADR 019): device, signed in, last seen, this device. */
async function sessionRows(context: Route.LoaderArgs["context"], request: Request) {
  const sessions = await getConsole(context).auth.sessions(request);
  return sessions.map((session) => ({
    id: session.id,
    device: describeUserAgent(session.userAgent),
    signedIn: londonTime(session.createdAt),
    lastSeen: `${londonTime(session.updatedAt)} (${relativeTime(session.updatedAt)})`,
    current: session.current,
  }));
}

type ActionResult =
  | { ok: true; message: string }
  | { ok: false; id?: string; name?: string; field?: "display-name"; typed?: string; error: string };

export async function action({ context, request }: Route.ActionArgs) {
  const staff = getStaff(context);
  const console = getConsole(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  /** A sensitive change: a sign-in within 5 minutes, else sign in again (back to this page); nothing changes. */
  const requireRecent = () => requireRecentSignIn(context, request, { form });
  /** Audits what the member did to their own passkey or session (`target`). */
  const audit = (action: AuditAction, target: string) =>
    console.audit.record({ action, actor: { member: staff.member }, target, meta: staff.meta });

  // Enrolment with a passkey is the enrolment page's; here a passkey is simply added.
  if (isFactorIntent(intent) && intent !== "passkey-enrolled") {
    // ADR 020: changing a factor or the recovery codes needs a recent sign-in; confirming an
    // app needs the start (recent) in this same session, which confirmApp checks.
    // Cancelling a set-up in progress changes no factor.
    if (intent !== "confirm-app" && intent !== "cancel-app") await requireRecent();
    return factorAction({ intent, form, request, context, console, member: staff.member, meta: staff.meta });
  }

  if (intent === "display-name") {
    const typed = String(form.get("display-name") ?? "").slice(0, 1000);
    const parsed = displayNameSchema.safeParse(typed);
    if (!parsed.success) {
      const error = parsed.error.issues[0]?.message ?? "Enter your name";
      return data<ActionResult>({ ok: false, field: "display-name", typed, error }, 400);
    }
    if (parsed.data === staff.member.name) return data<ActionResult>({ ok: true, message: "Your name is unchanged." });
    const renamed = await console.members.rename(staff.member.id, parsed.data);
    if (!renamed) throw new Response("Sign in first.", { status: 401 });
    // The page after this action (in the same request without JavaScript) shows the new name.
    context.set(staffContext, { ...staff, member: renamed });
    // Never the names themselves in the audit row (personal data): who changed their own, and when.
    await audit("name-changed", staff.member.id);
    return data<ActionResult>({ ok: true, message: `Your name is now ${parsed.data}.` });
  }

  if (intent === "rename") {
    const typed = String(form.get("name") ?? "").slice(0, 1000);
    const parsed = passkeyNameSchema.safeParse(typed);
    const name = parsed.data ?? "";
    if (!parsed.success || !name) {
      const error = parsed.error?.issues[0]?.message ?? "Enter a name for the passkey";
      return data<ActionResult>({ ok: false, id, name: typed, error }, 400);
    }
    if (!(await console.auth.renamePasskey(request, id, name))) {
      return data<ActionResult>({ ok: false, id, name, error: "That passkey no longer exists" }, 404);
    }
    await audit("passkey-renamed", id);
    return data<ActionResult>({ ok: true, message: `Passkey renamed to ${name}.` });
  }

  if (intent === "remove") {
    await requireRecent();
    if (!(await console.auth.removePasskey(request, id))) {
      const { passkeys, app } = await console.auth.factors(request);
      if (!app && passkeys === 1)
        return data<ActionResult>(
          { ok: false, error: "This is your only way to sign in: add an authenticator app or another passkey first" },
          409,
        );
      return data<ActionResult>({ ok: false, error: "That passkey no longer exists" }, 404);
    }
    await audit("passkey-removed", id);
    return data<ActionResult>({ ok: true, message: "Passkey removed." });
  }

  if (intent === "end-session") {
    // One of the member's other sessions (ADR 019); this one ends with "Sign out". A stolen
    // session must not sign the real member out, so this needs a recent sign-in (ADR 020).
    await requireRecent();
    if (!(await console.auth.endSession(request, id))) {
      return data<ActionResult>({ ok: false, error: "That session has already ended" }, 404);
    }
    await audit("session-ended", id);
    return data<ActionResult>({ ok: true, message: "Session ended. That device is signed out." });
  }

  if (intent === "sign-out-everywhere") {
    await requireRecent();
    const headers = await console.auth.signOutEverywhere(request);
    await audit("sign-out-everywhere", staff.sessionId);
    throw redirect(SIGNED_OUT_PATH, { headers });
  }

  return data<ActionResult>({ ok: false, error: "Unknown action" }, 400);
}

export default function Account({ loaderData, actionData: result }: Route.ComponentProps) {
  const { member, passkeys, recent, reauthUrl, sessions, factors, appSetup } = loaderData;
  const factorResult = result && "step" in result ? result : null;
  const actionData = result && !("step" in result) ? result : null;
  const nameError = actionData && !actionData.ok && actionData.field ? actionData : null;
  return (
    <>
      <h1 className="text-3xl">Your account</h1>
      <p className="mt-2 text-muted">
        {member.name} ({member.email}), {member.role === "admin" ? "admin" : "staff"}
      </p>
      {actionData?.ok ? (
        <p role="status" className="mt-6 rounded-card border-2 border-success-800 bg-success-50 p-4">
          {actionData.message}
        </p>
      ) : actionData && !actionData.id && !actionData.field ? (
        <p
          role="alert"
          className="mt-6 rounded-card border-2 border-danger-700 bg-white p-4 font-semibold text-danger-700"
        >
          {actionData.error}
        </p>
      ) : null}

      <DisplayName name={member.name} typed={nameError?.typed} error={nameError?.error} />

      <section aria-labelledby="passkeys-heading" className="mt-10">
        <h2 id="passkeys-heading" className="text-2xl">
          Passkeys
        </h2>
        <p className="mt-2 max-w-prose">
          A passkey lets you sign in with this device&apos;s screen lock or a security key instead of an e-mailed code.
        </p>
        {passkeys.length === 0 ? (
          <p className="mt-4">You have no passkeys yet.</p>
        ) : (
          <ul className="mt-4 grid gap-4" aria-label="Your passkeys">
            {passkeys.map((passkey) => {
              const error = actionData && !actionData.ok && actionData.id === passkey.id ? actionData : null;
              return (
                <li key={passkey.id} className="rounded-card border-2 border-line bg-white p-4">
                  <p className="font-semibold">{passkey.name}</p>
                  <p className="text-sm text-muted">
                    Added {passkey.created}
                    {passkey.backedUp ? ", synced" : ""}
                  </p>
                  <div className="mt-3 flex flex-wrap items-end gap-3">
                    <PostForm
                      hiddenFields={{ intent: "rename", id: passkey.id }}
                      className="flex flex-wrap items-end gap-3"
                    >
                      <Field name="name" id={`passkey-name-${passkey.id}`} error={error?.error}>
                        <FieldLabel>New name for {passkey.name}</FieldLabel>
                        <FieldError />
                        <Input defaultValue={error?.name ?? passkey.name} className="max-w-64" />
                      </Field>
                      <Button type="submit" variant="outline" size="sm">
                        Rename
                      </Button>
                    </PostForm>
                    <ButtonForm
                      hiddenFields={{ intent: "remove", id: passkey.id }}
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${passkey.name}`}
                    >
                      Remove
                    </ButtonForm>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <AddPasskey recent={recent} reauthUrl={reauthUrl} />
      </section>

      <section aria-labelledby="app-heading" className="mt-12">
        <h2 id="app-heading" className="text-2xl">
          Authenticator app and recovery codes
        </h2>
        <p className="mt-2 max-w-prose">
          With an app, you sign in with your e-mail code and then a code from the app. Recovery codes do the same once
          each, when your passkey or app is not at hand.
        </p>
        {factorResult?.step === "error" ? (
          <p role="alert" className="mt-4 font-semibold text-danger-700">
            {factorResult.error}
          </p>
        ) : factorResult?.step === "done" ? (
          <p role="status" className="mt-4 rounded-card border-2 border-success-800 bg-success-50 p-4">
            {factorResult.message}
          </p>
        ) : null}
        {factorResult?.step === "codes" ? (
          <RecoveryCodes codes={factorResult.recoveryCodes} message={factorResult.message} />
        ) : null}
        {appSetup ? <AppSetup setup={appSetup} result={factorResult} /> : null}
        <p className="mt-4">
          Authenticator app: <strong>{factors.app ? "set up" : "none"}</strong>. Recovery codes left:{" "}
          <strong>{factors.recoveryCodes}</strong>.
        </p>
        {factors.recoveryCodes === 0 ? (
          <p className="mt-2 max-w-prose font-semibold">
            You have no recovery codes. Make new ones, so that you can still sign in if you lose your passkey or app.
          </p>
        ) : null}
        {recent ? (
          <div className="mt-4 flex flex-wrap gap-3">
            {factors.app ? (
              <ButtonForm hiddenFields={{ intent: "remove-app" }} variant="outline">
                Remove the authenticator app
              </ButtonForm>
            ) : appSetup ? null : (
              <StartApp />
            )}
            <ButtonForm hiddenFields={{ intent: "new-recovery-codes" }} variant="outline">
              Make new recovery codes
            </ButtonForm>
          </div>
        ) : (
          <p className="mt-4">
            To change these,{" "}
            <a href={reauthUrl} className="font-semibold text-primary-800 underline">
              sign in again
            </a>{" "}
            (you need to have signed in within the last 5 minutes).
          </p>
        )}
      </section>

      <SessionList sessions={sessions} recent={recent} />

      <section aria-labelledby="everywhere-heading" className="mt-12">
        <h2 id="everywhere-heading" className="text-2xl">
          Sign out everywhere
        </h2>
        <p className="mt-2 max-w-prose">
          Ends every session you have, on this and any other device.
          {recent ? null : " You will be asked to sign in again first (you signed in more than 5 minutes ago)."}
        </p>
        <ButtonForm hiddenFields={{ intent: "sign-out-everywhere" }} formClassName="mt-4" variant="outline">
          Sign out everywhere
        </ButtonForm>
      </section>
    </>
  );
}
