import { data, redirect } from "react-router";
import { isMemberAddress } from "~/features/sign-in/sign-in";
import { ENROL_PATH, SECOND_STEP_PATH, safeReturnTo } from "~/features/console/paths";
import { refuseOtherHosts, requestMeta } from "~/routes/staff/access/middleware.server";
import { getConsole } from "~/routes/staff/access/request.server";
import { waitInWords } from "~/platform/london-time";
import type { Route } from "./+types/route";

/**
 * What the sign-in page's forms do: ask for a code (then the code step,
 * held on the server so a reload keeps it: issue 43), send a new code, use a
 * different address, and check the code (then the second step, or enrolling
 * a second factor). A refusal's Retry-After goes with the page.
 */
export type SignInResult =
  | { step: "email"; email: string; error: string }
  | { step: "code"; email: string; code: string; error?: string; notice?: string };

/** The code step's page (GET): after a code is sent, and after a reload. Never the address: that is on the server. */
export function codeStepUrl(returnTo: string, reauth: boolean, sent?: "new" | "again") {
  const params = new URLSearchParams({ step: "code" });
  if (sent) params.set("sent", sent);
  if (reauth) params.set("reauth", "1");
  if (returnTo !== "/staff") params.set("returnTo", returnTo);
  return `/staff/sign-in?${params}`;
}

export async function signInAction({ request, context }: Route.ActionArgs) {
  refuseOtherHosts(context, request);
  const console = getConsole(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const typed = String(form.get("email") ?? "")
    .trim()
    .slice(0, 320);
  const returnTo = safeReturnTo(String(form.get("returnTo") ?? ""));
  const reauth = form.get("reauth") === "1";
  const meta = requestMeta(context, request);

  if (intent === "change-address") {
    // "Use a different address": the code step is forgotten; the address form, with the old one to edit.
    const email = (await console.auth.codeStep.address(request)) ?? typed;
    const cleared = await console.auth.codeStep.forget(request);
    return data<SignInResult>({ step: "email", email, error: "" }, { headers: { "Set-Cookie": cleared } });
  }

  if (intent === "send-code" || intent === "new-code") {
    // A new code replaces the live one only for the address this browser's code step holds, and only
    // in a browser known for it; elsewhere the live code is sent again.
    const email = intent === "new-code" ? await console.auth.codeStep.address(request) : typed;
    if (!email || !isMemberAddress(email)) {
      return data<SignInResult>(
        { step: "email", email: email ?? "", error: "Enter your work e-mail address, like name@example.org" },
        400,
      );
    }
    const result = await console.auth.requestCode(request, email, { fresh: intent === "new-code" });
    await console.audit.record({
      action: "code-requested",
      actor: { email },
      detail: result.ok ? (intent === "new-code" ? { fresh: true } : undefined) : { refused: result.reason },
      meta,
    });
    if (!result.ok) {
      const wait = waitInWords(result.retryAfterSeconds);
      const headers = new Headers({ "Retry-After": String(result.retryAfterSeconds) });
      if (result.reason === "address-busy") {
        // The codes already sent in these 15 minutes carry the live code (ADR 019): the member may use one.
        headers.append("Set-Cookie", await console.auth.codeStep.remember(request, email));
        const notice = `Codes have been asked for ${email} many times in the last 15 minutes, so we have not sent another. If it belongs to a member of staff, enter the newest code sent to it. To ask for a new one, wait ${wait}.`;
        return data<SignInResult>({ step: "code", email, code: "", notice }, { status: 429, headers });
      }
      // No new code: the code step stays, and the code already sent still works.
      if (intent === "new-code")
        return data<SignInResult>(
          { step: "code", email, code: "", error: refusal(result.reason, wait) },
          { status: 429, headers },
        );
      return data<SignInResult>(
        { step: "email", email, error: refusal(result.reason, wait) },
        { status: 429, headers },
      );
    }
    const cookie = await console.auth.codeStep.remember(request, email);
    const sent = intent !== "new-code" ? undefined : result.replaced ? "new" : "again";
    throw redirect(codeStepUrl(returnTo, reauth, sent), {
      status: 303,
      headers: { "Set-Cookie": cookie },
    });
  }

  if (intent === "verify") return verify(request, context, form, typed, returnTo);
  return data<SignInResult>({ step: "email", email: typed, error: "Enter your work e-mail address" }, 400);
}

/** Why no code was sent: this network asked too often, or wrong codes paused or slowed it. */
function refusal(reason: "rate-limited" | "address-busy" | "client-locked" | "slowed", wait: string) {
  if (reason === "client-locked" || reason === "slowed") return pauseMessage(reason, wait);
  return `Too many codes have been asked for from your network. Wait ${wait}, then try again.`;
}

async function verify(
  request: Request,
  context: Route.ActionArgs["context"],
  form: FormData,
  typed: string,
  returnTo: string,
) {
  const console = getConsole(context);
  const meta = requestMeta(context, request);
  // The address: the code step's (on the server), else the one posted with the code.
  const email = (await console.auth.codeStep.address(request)) ?? typed;
  const code = String(form.get("code") ?? "")
    .replace(/\s+/g, "")
    .slice(0, 12);
  if (!isMemberAddress(email)) {
    return data<SignInResult>(
      { step: "code", email, code, error: "Enter your work e-mail address, like name@example.org" },
      400,
    );
  }
  if (!/^\d{6}$/.test(code)) {
    return data<SignInResult>({ step: "code", email, code, error: "Enter the 6-digit code from the e-mail" }, 400);
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
      return data<SignInResult>({ step: "code", email, code, error }, { status: 429, headers });
    }
    const error =
      result.reason === "expired"
        ? "That code has expired. Ask for a new code."
        : result.reason === "locked"
          ? "That code is locked after too many wrong tries. Ask for a new code."
          : "That code is not right. Check the e-mail and try again.";
    return data<SignInResult>({ step: "code", email, code, error }, 400);
  }
  // Signing in again (reauth) ends the session this browser had; the code step is over.
  if (request.headers.get("cookie")) await console.auth.signOut(request);
  const headers = new Headers(result.headers);
  headers.append("Set-Cookie", await console.auth.codeStep.forget(request));
  if (result.next === "second-step") {
    // ADR 020: the code alone never opens the console for a member with a second factor.
    await console.audit.record({ action: "code-accepted", actor: { member: result.member }, meta });
    throw redirect(withReturnTo(SECOND_STEP_PATH, returnTo), { headers });
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
  throw redirect(ENROL_PATH, { headers });
}

/**
 * Wrong codes paused code checks from this client (for any address), or slowed
 * this address's from it: what the page says, with how long (ADR 019).
 */
export function pauseMessage(reason: "client-locked" | "slowed", wait: string): string {
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
