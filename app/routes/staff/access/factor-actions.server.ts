import { data, redirect, type RouterContextProvider } from "react-router";
import {
  ALREADY_ENROLLED,
  type AppConfirmResult,
  type AppSetupView,
  type FactorResult,
} from "~/features/sign-in/sign-in";
import { qrPath } from "~/features/sign-in/qr.server";
import { londonTime } from "~/platform/london-time";
import { adoptNewSession } from "./request.server";
import type { Services } from "~/site.server";
import type { RequestMeta, StaffMember } from "~/features/console/types";

/**
 * The actions that set up and change a member's second factors (ADR 020),
 * shared by the enrolment page (a member with none yet) and the Account page:
 * an authenticator app (start, confirm with a code, remove), recovery codes
 * (new ones), and finishing enrolment after adding a passkey. Enrolment
 * replaces the session with a new, full one: the rest of the request (the
 * page showing the recovery codes) and the response use the new session
 * (`adoptNewSession`).
 *
 * Starting an app and cancelling it answer with a redirect to the page (POST,
 * redirect, GET): the page's loader shows the set-up in progress
 * (`appSetupView`), so a reload shows the same key again (issue 43).
 */
export const factorIntents = [
  "start-app",
  "cancel-app",
  "confirm-app",
  "passkey-enrolled",
  "new-recovery-codes",
  "remove-app",
] as const;
export type FactorIntent = (typeof factorIntents)[number];

export function isFactorIntent(value: string): value is FactorIntent {
  return (factorIntents as readonly string[]).includes(value);
}

type Args = {
  intent: FactorIntent;
  form: FormData;
  request: Request;
  /** The request's router context: where a new session is handed to the rest of the request. */
  context: Readonly<Pick<RouterContextProvider, "get" | "set">>;
  console: Services;
  member: StaffMember;
  meta: RequestMeta;
};

/** Why confirming an app was refused, in words (the wrong code itself is answered beside the field). */
const confirmRefusals: Record<Exclude<Extract<AppConfirmResult, { ok: false }>["reason"], "invalid">, string> = {
  "not-started":
    "Start setting up the app again: the code must be confirmed on the device that started, within 10 minutes.",
  "already-set-up": "You already have an authenticator app. Remove it first to set up another.",
  enrolled: `${ALREADY_ENROLLED} Sign in again with it.`,
  "too-many": "Too many wrong codes were entered. Wait 15 minutes, then start setting up the app again.",
};

/** The app set-up this session has in progress, as the page shows it (key in groups, QR code), or null. */
export async function appSetupView(console: Services, request: Request): Promise<AppSetupView | null> {
  const setup = await console.auth.pendingApp(request);
  if (!setup) return null;
  return {
    groups: setup.secret.match(/.{1,4}/g) ?? [],
    uri: setup.uri,
    qr: qrPath(setup.uri),
    until: londonTime(setup.expiresAt),
  };
}

/** The page a factor action answers on (its loader shows the app set-up). */
/** The recovery codes shown once, under `message`. */
const codesShown = (recoveryCodes: string[], message: string) =>
  data<FactorResult>({ step: "codes", recoveryCodes, message });

const appSetupOf = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, "");

/** Runs one factor action; the route has already checked the session (and a recent sign-in where it asks for one). */
export async function factorAction({ intent, form, request, context, console, member, meta }: Args) {
  const auth = console.auth;
  const actor = { member };
  if (intent === "start-app") {
    const setup = await auth.startApp(request);
    if (!setup) {
      return data<FactorResult>(
        { step: "error", error: "You already have an authenticator app. Remove it first to set up another." },
        409,
      );
    }
    throw redirect(appSetupOf(request));
  }
  if (intent === "cancel-app") {
    await auth.cancelApp(request);
    throw redirect(appSetupOf(request));
  }
  if (intent === "confirm-app") {
    const code = String(form.get("code") ?? "")
      .replace(/\s+/g, "")
      .slice(0, 12);
    if (!/^\d{6}$/.test(code)) {
      return data<FactorResult>(
        { step: "confirm-app", code, error: "Enter the 6-digit code your authenticator app shows" },
        400,
      );
    }
    const result = await auth.confirmApp(request, code);
    if (!result.ok && result.reason !== "invalid") {
      const status = result.reason === "too-many" ? 429 : 409;
      return data<FactorResult>({ step: "error", error: confirmRefusals[result.reason] }, status);
    }
    if (!result.ok) {
      return data<FactorResult>(
        {
          step: "confirm-app",
          code,
          error: "That code is not right. Check the app shows Maternis, and enter the code it shows now.",
        },
        400,
      );
    }
    adoptNewSession(context, result.headers);
    await console.audit.record({ action: "factor-enrolled", actor, detail: { factor: "app" }, meta });
    return codesShown(result.recoveryCodes, "Your authenticator app is set up.");
  }
  if (intent === "passkey-enrolled") {
    const enrolled = await auth.enrolWithPasskey(request);
    if (!enrolled) return data<FactorResult>({ step: "error", error: "Add a passkey first." }, 400);
    adoptNewSession(context, enrolled.headers);
    await console.audit.record({ action: "factor-enrolled", actor, detail: { factor: "passkey" }, meta });
    return codesShown(enrolled.recoveryCodes, "Your passkey is set up.");
  }
  if (intent === "new-recovery-codes") {
    const codes = await auth.newRecoveryCodes(request);
    await console.audit.record({ action: "recovery-codes-renewed", actor, meta });
    return codesShown(codes, "Here are your new recovery codes. The old ones no longer work.");
  }
  // remove-app
  if (!(await auth.removeApp(request))) {
    return data<FactorResult>(
      { step: "error", error: "Add a passkey before you remove your authenticator app, so you can still sign in." },
      409,
    );
  }
  await console.audit.record({ action: "authenticator-removed", actor, meta });
  return data<FactorResult>({ step: "done", message: "Your authenticator app is removed. Sign in with a passkey." });
}
