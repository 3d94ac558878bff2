import { redirect } from "react-router";
import { requestMeta } from "~/routes/staff/access/middleware.server";
import { SIGN_IN_PATH, SIGNED_OUT_PATH } from "~/features/console/paths";
import { getConsole } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/sign-out";

/** Signs out of this session (POST from the button on every console page). */
export async function action({ request, context }: Route.ActionArgs) {
  const console = getConsole(context);
  const session = await console.auth.session(request);
  const headers = await console.auth.signOut(request);
  if (session) {
    await console.audit.record({
      action: "sign-out",
      actor: { member: session.member },
      target: session.sessionId,
      meta: requestMeta(context, request),
    });
  }
  throw redirect(SIGNED_OUT_PATH, { headers });
}

/** Nothing to show: a GET goes to the sign-in page. */
export function loader() {
  throw redirect(SIGN_IN_PATH);
}
