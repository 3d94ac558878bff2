import type { RouterContextProvider } from "react-router";
import { getAppContext } from "~/context.server";
import { handleEnquiryPost } from "~/features/enquiries/form/enquiry-action.server";
import type { EnquiryKind } from "~/features/enquiries/kinds";
import { encodeSource } from "~/features/enquiries/source";
import type { Env } from "~/platform/env.server";
import { referrerOfRequest, utmOf } from "~/platform/visit-source";
import { pagePathOf } from "~/pages";

/**
 * What an enquiry page's route module exports besides its page
 * (app/routes/contact, demo, advisory): the action that handles its form
 * (~/features/enquiries/form/enquiry-action.server.ts) and the loader that
 * issues its anti-spam token and works out where the visitor came from, with
 * what the router context holds.
 */
type Context = Readonly<Pick<RouterContextProvider, "get">>;

/** An enquiry route's `action` export: the form of `kind` from the registry. */
export function enquiryAction(kind: EnquiryKind) {
  return ({ request, context }: { request: Request; context: Context }) => {
    const app = getAppContext(context);
    return handleEnquiryPost(kind, request, { ...app, recordSource: app.env.ANALYTICS !== "off" });
  };
}

/**
 * Where the visitor of a form page came from (~/features/enquiries/source):
 * the utm_* values of the page's URL and its Referer (a host, a page of this
 * site, or direct), encoded for the form's hidden field; "" with ANALYTICS=off.
 */
export function sourceOfRequest(request: Request, env: Pick<Env, "ANALYTICS" | "SITE_URL">): string {
  if (env.ANALYTICS === "off") return "";
  const url = new URL(request.url);
  const referrer = referrerOfRequest(request.headers.get("referer"), url.host, new URL(env.SITE_URL).host, pagePathOf);
  return encodeSource({ referrer, utm: utmOf(url.searchParams) });
}

/** The `loader` of an enquiry page: a fresh anti-spam token and the visitor's source (per request, or per version and referrer through server/page-cache.ts). */
export function tokenLoader({ request, context }: { request: Request; context: Context }) {
  const app = getAppContext(context);
  return { token: app.formGuard.issue(), source: sourceOfRequest(request, app.env) };
}
