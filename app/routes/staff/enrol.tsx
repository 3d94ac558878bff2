import type { ReactNode } from "react";
import { data, Form, redirect } from "react-router";
import { SignedOutShell } from "~/features/console/console-shell";
import { AppSetup } from "~/features/sign-in/app-setup";
import { EnrolPasskey, StartApp } from "~/features/sign-in/factors";
import { RecoveryCodes } from "~/features/sign-in/recovery-codes";
import { ALREADY_ENROLLED, type FactorResult } from "~/features/sign-in/sign-in";
import { appSetupView, factorAction, isFactorIntent } from "~/routes/staff/access/factor-actions.server";
import { newSessionMiddleware, refuseOtherHosts, requestMeta } from "~/routes/staff/access/middleware.server";
import { signInUrl } from "~/features/console/paths";
import { getConsole, sessionRequest } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/enrol";

/**
 * Setting up a second way to sign in (ADR 020). A member's first sign-in (an
 * e-mail code) makes a setup-only session, which reaches only this page:
 * they add a passkey, or an authenticator app, and get recovery codes.
 * Enrolling replaces that session with a new, full one (a new token), and
 * ends any other setup-only session of the member; then the console opens,
 * and the e-mail code alone never opens it again. Without JavaScript the
 * action and the loader run in one request: the loader reads the session the
 * action made (`sessionRequest`), and the middleware sends its cookie.
 */
export const meta: Route.MetaFunction = () => [{ title: "Set up a second way to sign in | Staff console | Maternis" }];

export const middleware: Route.MiddlewareFunction[] = [newSessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  refuseOtherHosts(context, request);
  const console = getConsole(context);
  const asNow = sessionRequest(context, request);
  const session = await console.auth.session(asNow);
  if (!session) throw redirect(signInUrl("/staff"));
  const enrolled = session.assurance === "full";
  // An app set-up started here and not yet confirmed or cancelled: the same key after a reload (issue 43).
  const appSetup = enrolled ? null : await appSetupView(console, asNow);
  return { enrolled, appSetup, reauthUrl: signInUrl("/staff", true) };
}

export async function action({ request, context }: Route.ActionArgs) {
  refuseOtherHosts(context, request);
  const console = getConsole(context);
  const session = await console.auth.session(request);
  if (!session) throw redirect(signInUrl("/staff"));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  // Enrolment only: new recovery codes and removing the app are the Account page's, after a recent sign-in.
  if (!isFactorIntent(intent) || intent === "new-recovery-codes" || intent === "remove-app") {
    return data<FactorResult>({ step: "error", error: "Unknown action" }, 400);
  }
  // A full session has nothing to enrol; a setup-only one never becomes full in place.
  if (session.assurance === "full") throw redirect("/staff");
  const meta = requestMeta(context, request);
  return factorAction({ intent, form, request, context, console, member: session.member, meta });
}

export default function Enrol({ loaderData, actionData }: Route.ComponentProps) {
  const { enrolled, appSetup, reauthUrl } = loaderData;
  if (actionData?.step === "codes") {
    return (
      <EnrolShell>
        <h1 className="text-3xl">You are set up</h1>
        <RecoveryCodes codes={actionData.recoveryCodes} message={actionData.message} />
        <p className="mt-8">
          <a href="/staff" className="font-semibold text-primary-800 underline">
            I have saved my recovery codes: continue to the console
          </a>
        </p>
      </EnrolShell>
    );
  }
  if (enrolled) {
    return (
      <EnrolShell>
        <h1 className="text-3xl">You are set up</h1>
        <p className="mt-4">
          {ALREADY_ENROLLED}{" "}
          <a href="/staff" className="font-semibold text-primary-800 underline">
            Continue to the console
          </a>
          .
        </p>
      </EnrolShell>
    );
  }
  return (
    <EnrolShell>
      <h1 className="text-3xl">Set up a second way to sign in</h1>
      <p className="mt-4 max-w-prose">
        The console holds people&apos;s personal data, so an e-mail code alone does not open it. Choose one of these
        (you can add the other later, on your Account page).
      </p>
      {actionData?.step === "error" ? (
        <p role="alert" className="mt-6 font-semibold text-danger-700">
          {actionData.error}
        </p>
      ) : null}
      {appSetup ? (
        <AppSetup setup={appSetup} result={actionData} />
      ) : (
        <>
          <section aria-labelledby="passkey-heading" className="mt-8 grid gap-3">
            <h2 id="passkey-heading" className="text-2xl">
              A passkey
            </h2>
            <p className="max-w-prose">
              This device&apos;s screen lock (PIN, fingerprint or face) or a security key. The quickest way to sign in.
            </p>
            <EnrolPasskey reauthUrl={reauthUrl} />
          </section>
          <section aria-labelledby="app-heading" className="mt-10 grid gap-3">
            <h2 id="app-heading" className="text-2xl">
              An authenticator app
            </h2>
            <p className="max-w-prose">
              For a device that cannot hold a passkey: you sign in with your e-mail code, then a code from the app on
              your phone.
            </p>
            <div>
              <StartApp />
            </div>
          </section>
        </>
      )}
    </EnrolShell>
  );
}

/** Every view of the page, set up or not, ends with "Sign out" (ASVS 7.4.4); not on a printed copy of the codes. */
function EnrolShell({ children }: { children: ReactNode }) {
  return (
    <SignedOutShell>
      {children}
      <Form method="post" action="/staff/sign-out" className="mt-10 print:hidden">
        <button type="submit" className="text-sm text-muted underline">
          Sign out
        </button>
      </Form>
    </SignedOutShell>
  );
}
