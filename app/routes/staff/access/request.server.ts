import { createContext, redirect, type RouterContextProvider } from "react-router";
import { getAppContext } from "~/context.server";
import { requestWithCookies } from "~/features/sign-in/session-cookie.server";
import type { Services } from "~/site.server";
import type { RequestMeta, StaffMember } from "~/features/console/types";
import { signInUrl } from "~/features/console/paths";

/** A console request whose session the staff layout's middleware has checked. */
export type StaffRequest = {
  member: StaffMember;
  sessionId: string;
  /** When this session signed in (erasure and staff changes need it within 5 minutes). */
  signedInAt: Date;
  meta: RequestMeta;
};

/** Set by the middleware of the console's layout route (app/routes/staff) for every signed-in request. */
export const staffContext = createContext<StaffRequest | null>(null);

type Context = Readonly<Pick<RouterContextProvider, "get">>;

/**
 * A session this request replaced (ADR 020: enrolment issues a new session
 * token): the new session's Set-Cookie headers. The console's middlewares
 * add them to the response (./middleware.server.ts), and loaders that run
 * after the action in the same request (a page posted without JavaScript)
 * act as the new session (`sessionRequest`), since the old one is gone.
 */
export const newSessionContext = createContext<Headers | null>(null);

/** Makes the session in these Set-Cookie headers (if any) the one the rest of this request and its response use. */
export function adoptNewSession(context: Readonly<Pick<RouterContextProvider, "set">>, headers: Headers) {
  if (headers.getSetCookie().length > 0) context.set(newSessionContext, headers);
}

/** The request as the session it now has: with the new session's cookie when this request replaced it. */
export function sessionRequest(context: Context, request: Request): Request {
  const headers = context.get(newSessionContext);
  return headers ? requestWithCookies(request, headers) : request;
}

/** The signed-in member of staff, in a console loader or action (the layout's middleware ran first). */
export function getStaff(context: Context): StaffRequest {
  const staff = context.get(staffContext);
  if (!staff) throw new Error("A console route ran without the staff middleware");
  return staff;
}

/** The console service; a server without one cannot serve the console. */
export function getConsole(context: Context): Services {
  const service = getAppContext(context).console;
  if (!service) throw new Response("The staff console is not available", { status: 503 });
  return service;
}

/**
 * Erasure, staff changes, factor changes, new recovery codes and ending
 * sessions need a sign-in within the last 5 minutes.
 */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/** Whether the member signed in within RECENT_SIGN_IN_MS. */
export function signedInRecently(staff: StaffRequest, now = Date.now()) {
  return now - staff.signedInAt.getTime() <= RECENT_SIGN_IN_MS;
}

/**
 * A member whose sign-in is recent enough for a sensitive change; otherwise
 * a redirect to sign in again, returning to this page. A form posted then is
 * held on the server (its fields, never in a URL: issue 43), and the page
 * shows it to confirm once the member has signed in again ("check your
 * answers", app/routes/staff/held-action.tsx). A recent sign-in's post to
 * the page (the confirmation, or the change made anew) forgets what was held.
 */
export async function requireRecentSignIn(
  context: Context,
  request: Request,
  { now = Date.now(), form }: { now?: number; form?: FormData } = {},
): Promise<StaffRequest> {
  const staff = getStaff(context);
  const held = getConsole(context).auth.heldActions;
  const url = new URL(request.url);
  const path = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  if (signedInRecently(staff, now)) {
    // Its row goes; the cookie that named it is left to expire.
    if (request.method === "POST") await held.drop(request);
    return staff;
  }
  if (request.method !== "POST") throw redirect(signInUrl(path, true));
  // The form as posted: the action's own, if it has read the body already.
  const posted = form ?? (await request.clone().formData());
  const fields = [...posted.entries()].flatMap(([name, value]) =>
    typeof value === "string" ? [[name, value] as [string, string]] : [],
  );
  const cookie = await held.hold(request, staff.member.id, { path, fields });
  throw redirect(signInUrl(path, true), { headers: { "Set-Cookie": cookie } });
}
/**
 * Admin pages and actions: a member of staff without the admin role gets 403,
 * and the attempt is audited.
 */
export async function requireAdmin(context: Context, request: Request): Promise<StaffRequest> {
  const staff = getStaff(context);
  if (staff.member.role === "admin") return staff;
  await getConsole(context).audit.record({
    action: "refused",
    actor: { member: staff.member },
    target: `${request.method} ${new URL(request.url).pathname}`,
    meta: staff.meta,
  });
  throw new Response("Only an admin can do this.", { status: 403 });
}

/**
 * An admin whose sign-in is recent enough for erasure and staff changes;
 * otherwise a redirect to sign in again, returning to `returnTo` (this page).
 */
export async function requireRecentAdmin(context: Context, request: Request, now = Date.now()): Promise<StaffRequest> {
  await requireAdmin(context, request);
  return await requireRecentSignIn(context, request, { now });
}

/**
 * The loader of a console download that only a POST from its page starts
 * (the CSV, an access export): a GET gets 405 and says so, instead of the
 * router's "no loader" error in the server's log.
 */
export function postOnly(): Response {
  return new Response("This download starts from its page in the console.\n", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
