import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "~/platform/client-ip";
import { ENROL_PATH, signInUrl } from "~/features/console/paths";
import { getConsole, newSessionContext, staffContext } from "./request.server";
import type { RequestMeta } from "~/features/console/types";

/** The request's client fingerprint (the keyed hash the forms store; never the address). */
export function requestMeta(context: Readonly<Pick<RouterContextProvider, "get">>, request: Request): RequestMeta {
  return { fingerprint: getConsole(context).fingerprint(request.headers.get(CLIENT_IP_HEADER) ?? "unknown") };
}

/** A plain-text refusal. Every console response is no-store and noindex already (server/app.ts). */
function refusal(text: string, status: number) {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A request for a host the console does not serve (a spoofed Host header, the
 * site under another name) gets 421 Misdirected Request before anything
 * stateful: no session lookup, no sign-in form, no cookie.
 */
export function refuseOtherHosts(context: Readonly<Pick<RouterContextProvider, "get">>, request: Request) {
  if (!getConsole(context).auth.serves(request)) {
    throw refusal("The staff console is not served at this address.", 421);
  }
}

/**
 * Whether a signed-out request gets the sign-in page (a browser loading a
 * page, or the router fetching a page's data: `*.data`) or a bare 401
 * (anything else: scripts, downloads fetched without a page).
 */
function wantsPage(request: Request) {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return true;
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** Adds the cookie of a session this request replaced (`adoptNewSession`, ADR 020) to its response. */
function sendNewSession(context: Readonly<Pick<RouterContextProvider, "get">>, response: Response) {
  for (const cookie of context.get(newSessionContext)?.getSetCookie() ?? []) {
    response.headers.append("Set-Cookie", cookie);
  }
}

/**
 * The enrolment page's middleware (app/routes/staff/enrol.tsx): enrolling
 * replaces the session, and the new session's cookie goes with the response,
 * whether the page was posted without JavaScript (the action and the loaders
 * in one request) or fetched by the router (the action's own response).
 */
export const newSessionMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  sendNewSession(context, response);
  return response;
};

/**
 * The console layout's middleware (app/routes/staff/layout.tsx): every
 * console route below it runs only for a signed-in member of staff whose
 * session is full (a setup-only session, from an e-mail code alone: sent to
 * /staff/enrol), with `staffContext` set; anything else gets a redirect to
 * sign in, or 401, before any loader or action runs. A sliding session's
 * refreshed cookie is added to the response.
 */
export const staffSessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  refuseOtherHosts(context, request);
  const session = await getConsole(context).auth.session(request);
  if (!session) {
    if (wantsPage(request)) {
      const url = new URL(request.url);
      throw redirect(signInUrl(`${url.pathname}${url.search}`));
    }
    throw refusal("Sign in to the staff console first.", 401);
  }
  if (session.assurance !== "full") {
    // Signed in with an e-mail code alone: the only thing to do is enrol a second factor (ADR 020).
    if (wantsPage(request)) throw redirect(ENROL_PATH);
    throw refusal("Set up a second way to sign in first.", 403);
  }
  context.set(staffContext, {
    member: session.member,
    sessionId: session.sessionId,
    signedInAt: session.createdAt,
    meta: requestMeta(context, request),
  });
  const response = await next();
  for (const cookie of session.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  // A browser the member uses with a full session is theirs: their code requests there pass their address's cap.
  const known = await getConsole(context).auth.rememberBrowser(request, session.member.email);
  if (known) response.headers.append("Set-Cookie", known);
  sendNewSession(context, response);
  return response;
};
