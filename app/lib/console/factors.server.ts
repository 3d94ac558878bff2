import { data } from "react-router";
import type { FactorResult } from "./auth";
import type { StaffConsole } from "./service";
import type { RequestMeta, StaffMember } from "./types";

/**
 * The actions that set up and change a member's second factors (ADR 020),
 * shared by the enrolment page (a member with none yet) and the Account page:
 * an authenticator app (start, confirm with a code, remove), recovery codes
 * (new ones), and finishing enrolment after adding a passkey.
 */
export const factorIntents = [
  "start-app",
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
  console: StaffConsole;
  member: StaffMember;
  meta: RequestMeta;
};

/** Runs one factor action; the route has already checked the session (and a recent sign-in where it asks for one). */
export async function factorAction({ intent, form, request, console, member, meta }: Args) {
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
    return data<FactorResult>({ step: "app", ...setup });
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
    await console.audit.record({ action: "factor-enrolled", actor, detail: { factor: "app" }, meta });
    return data<FactorResult>({
      step: "codes",
      recoveryCodes: result.recoveryCodes,
      message: "Your authenticator app is set up.",
    });
  }
  if (intent === "passkey-enrolled") {
    const codes = await auth.enrolWithPasskey(request);
    if (!codes) return data<FactorResult>({ step: "error", error: "Add a passkey first." }, 400);
    await console.audit.record({ action: "factor-enrolled", actor, detail: { factor: "passkey" }, meta });
    return data<FactorResult>({ step: "codes", recoveryCodes: codes, message: "Your passkey is set up." });
  }
  if (intent === "new-recovery-codes") {
    const codes = await auth.newRecoveryCodes(request);
    await console.audit.record({ action: "recovery-codes-renewed", actor, meta });
    return data<FactorResult>({
      step: "codes",
      recoveryCodes: codes,
      message: "Here are your new recovery codes. The old ones no longer work.",
    });
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
