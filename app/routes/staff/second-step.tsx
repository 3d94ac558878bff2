import { data, redirect, useNavigation } from "react-router";
import { SignedOutShell } from "~/features/console/console-shell";
import { CodeForm } from "~/features/sign-in/factors";
import { ErrorSummary } from "~/components/ui/error-summary";
import {
  normaliseRecoveryCode,
  RECOVERY_CODE_LENGTH,
  SECOND_STEP_LOCK,
  type SecondStepMethod,
} from "~/features/sign-in/sign-in";
import { refuseOtherHosts, requestMeta } from "~/routes/staff/access/middleware.server";
import { safeReturnTo, signInUrl } from "~/features/console/paths";
import { getConsole } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/second-step";

/**
 * The second step of a sign-in that began with an e-mail code (ADR 020): a
 * code from the member's authenticator app, or one of their recovery codes.
 * better-auth keeps the pending sign-in (10 minutes, 5 tries) behind a
 * short-lived cookie; there is no session until this step succeeds.
 */
export const meta: Route.MetaFunction = () => [{ title: "Second step | Sign in | Staff console | Maternis" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  refuseOtherHosts(context, request);
  const url = new URL(request.url);
  return { returnTo: safeReturnTo(url.searchParams.get("returnTo")) };
}

type ActionResult = { method: SecondStepMethod; code: string; error: string };

const messages = {
  invalid: {
    app: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
    recovery: "That recovery code is not right, or it has been used. Check it and try again.",
  },
  locked: `Too many wrong codes have been tried for your account, so this step is paused for ${SECOND_STEP_LOCK.minutes} minutes. Sign in with a passkey, try again later, or ask an admin to lift the pause.`,
  "no-app": "You have no authenticator app set up. Use a recovery code, or sign in with your passkey.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  refuseOtherHosts(context, request);
  const console = getConsole(context);
  const form = await request.formData();
  const method: SecondStepMethod = form.get("method") === "recovery" ? "recovery" : "app";
  const returnTo = safeReturnTo(String(form.get("returnTo") ?? ""));
  const code = String(form.get("code") ?? "")
    .trim()
    .slice(0, 64);
  const meta = requestMeta(context, request);
  // A recovery code may be typed in any case, with or without its spaces or dashes.
  const pattern = method === "app" ? /^\d{6}$/ : new RegExp(`^[a-z0-9]{${RECOVERY_CODE_LENGTH}}$`);
  const normalised = method === "app" ? code.replace(/\s+/g, "") : normaliseRecoveryCode(code);
  if (!pattern.test(normalised)) {
    const error =
      method === "app"
        ? "Enter the 6-digit code from your authenticator app"
        : "Enter a recovery code: 24 letters and numbers, like abcd-efgh-jkmn-pqrs-tuvw-xyz2";
    return data<ActionResult>({ method, code, error }, 400);
  }
  const result = await console.auth.verifySecondStep(request, method, normalised);
  if (!result.ok) {
    // No pending sign-in (expired, or too many tries): start again from the e-mail code.
    if (result.reason === "expired")
      throw redirect(`${signInUrl(returnTo)}${returnTo === "/staff" ? "?" : "&"}restart=1`);
    await console.audit.record({
      action: "sign-in-failed",
      actor: null,
      detail: { method: method === "app" ? "code+app" : "code+recovery", reason: result.reason },
      meta,
    });
    const error = result.reason === "invalid" ? messages.invalid[method] : messages[result.reason];
    return data<ActionResult>({ method, code, error }, result.reason === "locked" ? 429 : 400);
  }
  const session = await console.auth.session(
    new Request(request.url, {
      headers: {
        cookie: result.headers
          .getSetCookie()
          .map((line) => line.split(";")[0])
          .join("; "),
      },
    }),
  );
  await console.audit.record({
    action: "sign-in",
    actor: { member: result.member },
    target: session?.sessionId ?? null,
    detail: { method: method === "app" ? "code+app" : "code+recovery" },
    meta,
  });
  throw redirect(returnTo, { headers: result.headers });
}

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo } = loaderData;
  const busy = useNavigation().state !== "idle";
  const recovery = actionData?.method === "recovery";
  const appError = actionData?.method === "app" ? actionData.error : undefined;
  const recoveryError = recovery ? actionData.error : undefined;
  return (
    <SignedOutShell>
      <h1 className="text-3xl">Second step</h1>
      <p className="mt-4">Your e-mail code was right. Now show it is you with your authenticator app.</p>
      <div className="mt-6">
        {actionData ? (
          <ErrorSummary errors={[{ field: recovery ? "recovery-code" : "app-code", message: actionData.error }]} />
        ) : null}
        <CodeForm
          hiddenFields={{ method: "app", returnTo }}
          id="app-code"
          label="Code from your authenticator app"
          hint="The 6-digit code your authenticator app shows for Maternis."
          error={appError}
          value={actionData?.method === "app" ? actionData.code : ""}
          submit="Sign in"
          busy={busy}
        />
        <details className="mt-10 border-t-2 border-line pt-6" open={recovery}>
          <summary className="cursor-pointer font-semibold text-primary-800 underline">
            Use a recovery code instead
          </summary>
          <CodeForm
            hiddenFields={{ method: "recovery", returnTo }}
            className="mt-4"
            id="recovery-code"
            code="recovery"
            label="Recovery code"
            hint="One of the recovery codes you saved when you set up sign-in. Each works once."
            error={recoveryError}
            value={recovery ? actionData.code : ""}
            submit="Sign in with a recovery code"
            outline
            busy={busy}
          />
        </details>
        <p className="mt-10">
          <a href={signInUrl(returnTo)} className="font-semibold text-primary-800 underline">
            Start again
          </a>{" "}
          (or sign in with a passkey there). Lost your app and your recovery codes? Ask an admin to reset your sign-in.
        </p>
      </div>
    </SignedOutShell>
  );
}
