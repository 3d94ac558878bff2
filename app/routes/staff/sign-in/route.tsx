import { redirect, useNavigation } from "react-router";
import { PostForm, SubmitButton } from "~/features/console/post-form";
import { SignedOutShell } from "~/features/console/console-shell";
import { CodeField, CodeForm } from "~/features/sign-in/factors";
import { ErrorSummary } from "~/components/ui/error-summary";
import { busyButton } from "~/components/ui/button";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";
import { refuseOtherHosts } from "~/routes/staff/access/middleware.server";
import { safeReturnTo } from "~/features/console/paths";
import { getConsole } from "~/routes/staff/access/request.server";
import { retryAfterHeaders } from "~/platform/retry-after";
import type { Route } from "./+types/route";
import { signInAction } from "./actions.server";
import { PasskeySignIn } from "./passkey";
import { getAppContext } from "~/context.server";
import { waitInWords } from "~/platform/london-time";

/**
 * Signing in to the staff console: an e-mail address, then the six-digit
 * code we e-mail to it (both work without JavaScript), then the second step
 * (../second-step.tsx) or, for a member with no second factor yet, enrolling
 * one (../enrol.tsx); or, with JavaScript, a passkey (ADR 020). `returnTo` (a
 * /staff path) is where to go afterwards; `reauth` asks a signed-in member to
 * sign in again before a sensitive change, with their address filled in.
 *
 * The code step is held on the server (issue 43): a reload, or the link in
 * the code's e-mail (`?step=code`), opens it again with the address, and it
 * offers "Send a new code" and "Use a different address". Opened from the
 * e-mail in another browser, it asks for the address with the code.
 */
export const meta: Route.MetaFunction = () => [{ title: "Sign in | Staff console | Maternis" }];

/** A refusal's Retry-After reaches the page's response too (a form posted without JavaScript). */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  refuseOtherHosts(context, request);
  const console = getConsole(context);
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  const reauth = url.searchParams.get("reauth") === "1";
  const session = await console.auth.session(request);
  if (!reauth && session) throw redirect(returnTo);
  const codeTo = await console.auth.codeStep.address(request);
  return {
    returnTo,
    reauth,
    /** The code step: this browser asked for a code (held on the server), or came from the code's e-mail. */
    codeStep: codeTo !== null || url.searchParams.get("step") === "code",
    codeTo,
    /** What "Send a new code" did (actions.server.ts, codeStepUrl): replaced the live code, or sent it again. */
    sent: (["new", "again"] as const).find((value) => value === url.searchParams.get("sent")) ?? null,
    /** Signing in again: the member's own address, already filled in. */
    address: reauth && session ? session.member.email : "",
    signedOut: url.searchParams.get("signedOut") === "1",
    /** How long a new code works ("10 minutes": STAFF_CODE_TTL_SECONDS); one sent again has less. */
    codeLife: waitInWords(getAppContext(context).env.STAFF_CODE_TTL_SECONDS),
    restarted: url.searchParams.get("restart") === "1",
  };
}

export const action = (args: Route.ActionArgs) => signInAction(args);

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo, reauth, signedOut, restarted } = loaderData;
  const busy = useNavigation().state !== "idle";
  const onCode = actionData ? actionData.step === "code" : loaderData.codeStep;
  const codeTo = actionData?.step === "code" ? actionData.email : loaderData.codeTo;
  const hidden = { returnTo, ...(reauth ? { reauth: "1" } : {}) };
  // "Use a different address" leads to the address form's own URL (no ?step=code), so a reload stays there.
  const again = new URLSearchParams({
    ...(reauth ? { reauth: "1" } : {}),
    ...(returnTo !== "/staff" ? { returnTo } : {}),
  });
  const addressPage = again.size ? `/staff/sign-in?${again}` : "/staff/sign-in";

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
          {actionData?.step === "code" && actionData.error ? (
            <ErrorSummary errors={[{ field: "sign-in-code", message: actionData.error }]} />
          ) : codeTo ? (
            <p role="status" className="mb-6 rounded-card border-2 border-primary-200 bg-white p-4">
              {actionData?.step === "code" && actionData.notice
                ? actionData.notice
                : loaderData.sent === "new" && !actionData
                  ? `We have sent a new code to ${codeTo}, if it belongs to a member of staff. The code before it no longer works.`
                  : loaderData.sent === "again" && !actionData
                    ? `We have sent a code to ${codeTo} again, if it belongs to a member of staff: the one still live, or a new one if it had expired or was locked. A live code is replaced only in a browser where you have used the console.`
                    : `If ${codeTo} belongs to a member of staff, we have sent a code to it. It works for up to ${loaderData.codeLife}: the e-mail says how long.`}
            </p>
          ) : null}
          {codeTo ? (
            <CodeForm
              hiddenFields={{ intent: "verify", email: codeTo, ...hidden }}
              id="sign-in-code"
              label="Code"
              hint={`Sent to ${codeTo}`}
              error={actionData?.step === "code" ? actionData.error : undefined}
              value={actionData?.step === "code" ? actionData.code : ""}
              submit="Sign in"
              busy={busy}
            />
          ) : (
            <CodeWithAddress
              hidden={hidden}
              email={actionData?.email ?? ""}
              code={actionData?.step === "code" ? actionData.code : ""}
              error={actionData?.step === "code" ? actionData.error : undefined}
              busy={busy}
            />
          )}
          {codeTo ? (
            <div className="mt-8 flex flex-wrap gap-x-8 gap-y-4 border-t-2 border-line pt-6">
              <PostForm hiddenFields={{ intent: "new-code", ...hidden }}>
                <button type="submit" className="font-semibold text-primary-800 underline" {...busyButton(busy)}>
                  Send a new code
                </button>
              </PostForm>
              <PostForm hiddenFields={{ intent: "change-address", ...hidden }} action={addressPage}>
                <button type="submit" className="font-semibold text-primary-800 underline" {...busyButton(busy)}>
                  Use a different address
                </button>
              </PostForm>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="mt-6">
          {actionData?.step === "email" && actionData.error ? (
            <ErrorSummary errors={[{ field: "sign-in-email", message: actionData.error }]} />
          ) : null}
          <PasskeySignIn returnTo={returnTo} />
          <PostForm hiddenFields={{ intent: "send-code", ...hidden }} className="grid gap-6" noValidate>
            <Field
              name="email"
              id="sign-in-email"
              hint="We will e-mail you a 6-digit code."
              error={actionData?.step === "email" && actionData.error ? actionData.error : undefined}
            >
              <FieldLabel>Work e-mail address</FieldLabel>
              <FieldHint />
              <FieldError />
              <Input
                type="email"
                defaultValue={actionData?.email ?? loaderData.address}
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

/** The code step opened in a browser that did not ask for the code (the e-mail's link elsewhere): the address too. */
function CodeWithAddress({
  hidden,
  email,
  code,
  error,
  busy,
}: {
  hidden: Record<string, string>;
  email: string;
  code: string;
  error?: string;
  busy: boolean;
}) {
  return (
    <PostForm hiddenFields={{ intent: "verify", ...hidden }} className="grid gap-6" noValidate>
      <p>Enter the address the code was sent to, and the code from the e-mail.</p>
      <Field name="email" id="sign-in-email" error={error}>
        <FieldLabel>Work e-mail address</FieldLabel>
        <FieldError />
        <Input type="email" defaultValue={email} autoComplete="email" spellCheck={false} required />
      </Field>
      <CodeField id="sign-in-code" label="Code" hint="The 6-digit code from the e-mail." value={code} />
      <SubmitButton busy={busy}>Sign in</SubmitButton>
    </PostForm>
  );
}
