import { useEffect, useState } from "react";
import { data, redirect, useNavigation } from "react-router";
import { PostForm, SubmitButton } from "~/features/console/post-form";
import { SignedOutShell } from "~/features/console/console-shell";
import { CodeForm } from "~/features/sign-in/factors";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";
import { refuseOtherHosts, requestMeta } from "~/routes/staff/access/middleware.server";
import { ENROL_PATH, SECOND_STEP_PATH, safeReturnTo } from "~/features/console/paths";
import { getConsole } from "~/routes/staff/access/request.server";
import { retryAfterHeaders } from "~/platform/retry-after";
import { waitInWords } from "~/platform/london-time";
import type { Route } from "./+types/sign-in";

/**
 * Signing in to the staff console: an e-mail address, then the six-digit
 * code we e-mail to it (both work without JavaScript), then the second step
 * (./second-step.tsx) or, for a member with no second factor yet, enrolling
 * one (./enrol.tsx); or, with JavaScript, a passkey (ADR 020). `returnTo` (a /staff path) is where to go afterwards; `reauth`
 * asks a signed-in admin to sign in again before a sensitive change.
 */
export const meta: Route.MetaFunction = () => [{ title: "Sign in | Staff console | Maternis" }];

/** A refusal's Retry-After reaches the page's response too (a form posted without JavaScript). */
export const headers: Route.HeadersFunction = retryAfterHeaders;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  refuseOtherHosts(context, request);
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  const reauth = url.searchParams.get("reauth") === "1";
  if (!reauth && (await getConsole(context).auth.session(request))) throw redirect(returnTo);
  return {
    returnTo,
    reauth,
    signedOut: url.searchParams.get("signedOut") === "1",
    restarted: url.searchParams.get("restart") === "1",
  };
}

type ActionResult =
  | { step: "email"; email: string; error: string }
  | { step: "code"; email: string; code: string; error?: string; notice?: string };

export async function action({ request, context }: Route.ActionArgs) {
  refuseOtherHosts(context, request);
  const console = getConsole(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "")
    .trim()
    .slice(0, 320);
  const returnTo = safeReturnTo(String(form.get("returnTo") ?? ""));
  const meta = requestMeta(context, request);

  if (intent === "send-code") {
    if (!emailPattern.test(email)) {
      return data<ActionResult>(
        { step: "email", email, error: "Enter your work e-mail address, like name@example.org" },
        400,
      );
    }
    const result = await console.auth.requestCode(request, email);
    await console.audit.record({
      action: "code-requested",
      actor: { email },
      detail: result.ok ? undefined : { refused: result.reason },
      meta,
    });
    if (!result.ok) {
      const wait = waitInWords(result.retryAfterSeconds);
      const init = { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } };
      if (result.reason === "address-busy") {
        // The codes already sent in these 15 minutes carry the live code (ADR 019): the member may use one.
        return data<ActionResult>(
          {
            step: "code",
            email,
            code: "",
            notice: `Codes have been asked for ${email} many times in the last 15 minutes, so we have not sent another. If it belongs to a member of staff, enter the newest code sent to it. To ask for a new one, wait ${wait}.`,
          },
          init,
        );
      }
      const error =
        result.reason === "rate-limited"
          ? `Too many codes have been asked for from your network. Wait ${wait}, then try again.`
          : pauseMessage(result.reason, wait);
      return data<ActionResult>({ step: "email", email, error }, init);
    }
    return data<ActionResult>({
      step: "code",
      email,
      code: "",
      notice: `If ${email} belongs to a member of staff, we have sent a code to it. It works for 10 minutes.`,
    });
  }

  if (intent === "verify") {
    const code = String(form.get("code") ?? "")
      .replace(/\s+/g, "")
      .slice(0, 12);
    if (!/^\d{6}$/.test(code)) {
      return data<ActionResult>({ step: "code", email, code, error: "Enter the 6-digit code from the e-mail" }, 400);
    }
    const result = await console.auth.signInWithCode(request, email, code);
    if (!result.ok) {
      await console.audit.record({
        action: "sign-in-failed",
        actor: { email },
        detail: { method: "code", reason: result.reason },
        meta,
      });
      if (result.reason === "client-locked" || result.reason === "slowed") {
        const error = pauseMessage(result.reason, waitInWords(result.retryAfterSeconds));
        const headers = { "Retry-After": String(result.retryAfterSeconds) };
        return data<ActionResult>({ step: "code", email, code, error }, { status: 429, headers });
      }
      const error =
        result.reason === "expired"
          ? "That code has expired. Ask for a new code."
          : result.reason === "locked"
            ? "That code is locked after too many wrong tries. Ask for a new code."
            : "That code is not right. Check the e-mail and try again.";
      return data<ActionResult>({ step: "code", email, code, error }, 400);
    }
    // Signing in again (reauth) ends the session this browser had.
    if (request.headers.get("cookie")) await console.auth.signOut(request);
    if (result.next === "second-step") {
      // ADR 020: the code alone never opens the console for a member with a second factor.
      await console.audit.record({ action: "code-accepted", actor: { member: result.member }, meta });
      throw redirect(withReturnTo(SECOND_STEP_PATH, returnTo), { headers: result.headers });
    }
    // No second factor yet: a session that may only enrol one.
    const session = await console.auth.session(
      new Request(request.url, { headers: { cookie: cookieHeader(result.headers) } }),
    );
    await console.audit.record({
      action: "sign-in",
      actor: { member: result.member },
      target: session?.sessionId ?? null,
      detail: { method: "code", enrolOnly: true },
      meta,
    });
    throw redirect(ENROL_PATH, { headers: result.headers });
  }

  return data<ActionResult>({ step: "email", email, error: "Enter your work e-mail address" }, 400);
}

/**
 * Wrong codes paused code checks from this client (for any address), or slowed
 * this address's from it: what the page says, with how long (ADR 019).
 */
function pauseMessage(reason: "client-locked" | "slowed", wait: string): string {
  if (reason === "client-locked") {
    return `Too many wrong codes have been tried from your network, so code sign-in from it is paused for ${wait}. Sign in with a passkey, or ask an admin to lift the pause.`;
  }
  return `Too many wrong codes have been tried for this address from your network. Wait ${wait}, then try again, or sign in with a passkey.`;
}

/** `path?returnTo=…` unless returnTo is the console's front page. */
function withReturnTo(path: string, returnTo: string) {
  return returnTo === "/staff" ? path : `${path}?${new URLSearchParams({ returnTo })}`;
}

/** The Cookie header a browser would send after these Set-Cookie headers. */
function cookieHeader(headers: Headers) {
  return headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo, reauth, signedOut, restarted } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const onCode = actionData?.step === "code";

  return (
    <SignedOutShell>
      <h1 className="text-3xl">
        {onCode ? "Enter your code" : reauth ? "Sign in again" : "Sign in to the staff console"}
      </h1>
      {signedOut && !actionData ? (
        <p role="status" className="mt-4">
          You have signed out.
        </p>
      ) : null}
      {restarted && !actionData ? (
        <p role="status" className="mt-4">
          Your sign-in timed out, or too many wrong codes were tried. Ask for a new e-mail code to start again.
        </p>
      ) : null}
      {reauth && !onCode ? (
        <p className="mt-4">For this change you need to have signed in within the last 5 minutes.</p>
      ) : null}

      {onCode ? (
        <div className="mt-6">
          {actionData.error ? (
            <ErrorSummary errors={[{ field: "sign-in-code", message: actionData.error }]} />
          ) : (
            <p role="status" className="mb-6 rounded-card border-2 border-primary-200 bg-white p-4">
              {actionData.notice}
            </p>
          )}
          <CodeForm
            hiddenFields={{ intent: "verify", email: actionData.email, returnTo }}
            id="sign-in-code"
            label="Code"
            hint={`Sent to ${actionData.email}`}
            error={actionData.error}
            value={actionData.code}
            submit="Sign in"
            busy={busy}
          />
          <PostForm hiddenFields={{ intent: "send-code", email: actionData.email, returnTo }} className="mt-6">
            <button type="submit" className="font-semibold text-primary-800 underline" disabled={busy}>
              Send a new code
            </button>
          </PostForm>
        </div>
      ) : (
        <div className="mt-6">
          {actionData?.error ? <ErrorSummary errors={[{ field: "sign-in-email", message: actionData.error }]} /> : null}
          <PasskeySignIn returnTo={returnTo} />
          <PostForm hiddenFields={{ intent: "send-code", returnTo }} className="grid gap-6" noValidate>
            <Field
              name="email"
              id="sign-in-email"
              hint="We will e-mail you a 6-digit code."
              error={actionData?.step === "email" ? actionData.error : undefined}
            >
              <FieldLabel>Work e-mail address</FieldLabel>
              <FieldHint />
              <FieldError />
              <Input
                type="email"
                defaultValue={actionData?.email ?? ""}
                autoComplete="email"
                spellCheck={false}
                required
              />
            </Field>
            <SubmitButton busy={busy}>Send me a code</SubmitButton>
          </PostForm>
        </div>
      )}
    </SignedOutShell>
  );
}

/** "Sign in with a passkey": only once JavaScript runs, in a browser that supports passkeys. */
function PasskeySignIn({ returnTo }: { returnTo: string }) {
  const [supported, setSupported] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === "function");
  }, []);
  if (!supported) return null;
  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const { signInWithPasskey } = await import("~/features/sign-in/passkey-client");
      const result = await signInWithPasskey();
      if (result.ok) {
        window.location.assign(returnTo);
        return;
      }
      setError(`${result.message} Use a code instead, or try again.`);
    } catch {
      setError("We could not sign you in with a passkey. Use a code instead, or try again.");
    }
    setBusy(false);
  }
  return (
    <div className="mb-8 grid gap-3 border-b-2 border-line pb-8">
      {error ? (
        <p role="alert" className="font-semibold text-danger-700">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="button" variant="outline" onClick={() => void signIn()} disabled={busy}>
          Sign in with a passkey
        </Button>
      </div>
      <p className="text-sm text-muted">Or sign in with a code sent to your e-mail:</p>
    </div>
  );
}
