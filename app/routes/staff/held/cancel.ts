import { redirect } from "react-router";
import { safeReturnTo } from "~/features/console/paths";
import { getConsole, getStaff, postOnly } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/cancel";

/** POST /staff/account/held-change: forgets the change held while the member signed in again, back to its page. */
export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  getStaff(context);
  const cookie = await getConsole(context).auth.heldActions.drop(request);
  const back = safeReturnTo(String((await request.formData()).get("back") ?? ""));
  throw redirect(back, { headers: { "Set-Cookie": cookie } });
}
