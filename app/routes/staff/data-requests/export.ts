import { getConsole, getStaff, postOnly, requireAdmin } from "~/routes/staff/access/request.server";
import { normaliseSubjectEmail } from "~/features/data-requests/data-requests";
import type { Route } from "./+types/export";

/**
 * The access export (admin only): everything held about the posted `email` as
 * one JSON file, downloaded. A POST from the console's own pages only (the
 * address stays out of URLs; no cross-site link can start it). Never cached:
 * the server sends `Cache-Control: no-store` with every response it renders
 * (server/app.ts). Audited with a keyed hash of the address.
 */
/** A GET: 405 (the download is a POST from its page). */
export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const email = normaliseSubjectEmail((await request.formData()).get("email"));
  if (!email) {
    return new Response("Post the e-mail address to export as the form field email.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const staff = getStaff(context);
  const exported = await getConsole(context).dataRequests.access(email, { member: staff.member, meta: staff.meta });
  return new Response(exported.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exported.filename}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
