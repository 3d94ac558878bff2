import { getConsole, getStaff, requireAdmin } from "~/lib/console/request.server";
import { normaliseSubjectEmail } from "~/lib/console/subjects";
import type { Route } from "./+types/export";

/**
 * The access export (admin only): everything held about `?email=` as one JSON
 * file, downloaded. Never cached: the server sends `Cache-Control: no-store`
 * with every response it renders (server/app.ts). Audited with a keyed hash
 * of the address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const email = normaliseSubjectEmail(new URL(request.url).searchParams.get("email"));
  if (!email) {
    return new Response("Give the e-mail address to export, as ?email=", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const staff = getStaff(context);
  const exported = await getConsole(context).subjects.access(email, { member: staff.member, meta: staff.meta });
  return new Response(exported.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exported.filename}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
