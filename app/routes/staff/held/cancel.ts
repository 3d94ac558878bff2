import { redirect } from "react-router";
import { safeReturnTo } from "~/features/console/paths";
import { getConsole, getStaff, postOnly } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/cancel";

/** POST /staff/account/held-change: forgets the change held while the member signed in again, back to its page. */
export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  await getConsole(context).auth.heldActions.drop(staff.member.id);
  throw redirect(safeReturnTo(String((await request.formData()).get("back") ?? "")));
}
