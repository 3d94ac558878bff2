import type { RouterContextProvider } from "react-router";
import { getAppContext } from "~/context.server";
import { handleEnquiryPost } from "~/features/enquiries/form/enquiry-action.server";
import type { EnquiryKind } from "~/features/enquiries/kinds";

/**
 * What an enquiry page's route module exports besides its page
 * (app/routes/contact, demo, advisory): the action that handles its form
 * (~/features/enquiries/form/enquiry-action.server.ts) and the loader that
 * issues its anti-spam token, with what the router context holds.
 */
type Context = Readonly<Pick<RouterContextProvider, "get">>;

/** An enquiry route's `action` export: the form of `kind` from the registry. */
export function enquiryAction(kind: EnquiryKind) {
  return ({ request, context }: { request: Request; context: Context }) =>
    handleEnquiryPost(kind, request, getAppContext(context));
}

/** The `loader` of an enquiry page: a fresh anti-spam token (these pages are rendered per request). */
export function tokenLoader({ context }: { context: Context }) {
  return { token: getAppContext(context).formGuard.issue() };
}
