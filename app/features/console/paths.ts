/**
 * Console URLs: what counts as a console path, and where sign-in may send
 * someone back to (only a console page of this site: never another origin,
 * the sign-in pages themselves, or better-auth's endpoints).
 */
import { decodedOnce } from "~/platform/text";

export const SIGN_IN_PATH = "/staff/sign-in";
/** Where signing out leads: the sign-in page, saying "You have signed out." */
export const SIGNED_OUT_PATH = `${SIGN_IN_PATH}?signedOut=1`;
/** Where the e-mail code leads a member with a second factor (ADR 020). */
export const SECOND_STEP_PATH = "/staff/second-step";
/** Where a member without a second factor sets one up (ADR 020). */
export const ENROL_PATH = "/staff/enrol";

/** The console's page of one enquiry. */
export const enquiryPath = (id: string) => `/staff/enquiries/${id}`;
/** The inbox filtered to the enquiries assigned to the member looking. */
export const MY_ENQUIRIES_PATH = "/staff?assigned=mine";

/**
 * Whether a path is the console's, read as the router reads it: in any case
 * and percent-decoded (React Router serves /STAFF/banner and /%73taff/banner
 * as /staff/banner, so the server's console rules must cover them too).
 */
export function isStaffPath(path: string) {
  const read = decodedOnce(path).toLowerCase();
  return read === "/staff" || read === "/staff.data" || read.startsWith("/staff/");
}

/** A safe place to return to after sign-in: a /staff path (with its query), else /staff. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/staff";
  let url: URL;
  try {
    url = new URL(value, "http://console.invalid");
  } catch {
    return "/staff";
  }
  if (url.origin !== "http://console.invalid") return "/staff";
  const path = url.pathname.replace(/\.data$/, "");
  // Only the paths the console itself writes: lower case, as its links are.
  if (path !== path.toLowerCase()) return "/staff";
  if (
    !isStaffPath(path) ||
    path.startsWith("/staff/sign-") ||
    path.startsWith("/staff/auth") ||
    path === SECOND_STEP_PATH ||
    path === ENROL_PATH
  )
    return "/staff";
  url.searchParams.delete("_routes");
  return `${path}${url.search}`;
}

/** The sign-in page, returning to `returnTo` afterwards; `reauth` asks a signed-in member to sign in again. */
export function signInUrl(returnTo: string, reauth = false) {
  const params = new URLSearchParams();
  if (reauth) params.set("reauth", "1");
  const back = safeReturnTo(returnTo);
  if (back !== "/staff") params.set("returnTo", back);
  const query = params.toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}

/** A console page's document title: "Inbox | Staff console | Maternis" (the page first, for tabs and screen readers). */
export function consoleTitle(...page: (string | undefined)[]): string {
  return [...page.filter(Boolean), "Staff console", "Maternis"].join(" | ");
}
