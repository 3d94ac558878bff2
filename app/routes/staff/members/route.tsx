import { ErrorSummary } from "~/components/ui/error-summary";
import { dayText, londonDate } from "~/platform/calendar";
import { getConsole, requireAdmin } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/route";
import { membersAction } from "./actions.server";
import { AddMember } from "./add-member";
import { EndEverySession } from "./end-every-session";
import { MembersTable } from "./members-table";
import { pauseGroups, SignInPauses } from "./pauses";
import { ConfirmMember, type Confirming } from "./confirm-member";
import { END_EVERY_SESSION_CONFIRM, isConfirmedIntent } from "./types";

/**
 * Staff management (admins): who has access, adding someone (they get an
 * e-mail and sign in with a code), changing a role, removing someone (their
 * sessions end at once), lifting pauses on code sign-in (a member's, or a
 * client's by its keyed hash: ADR 019), and ending every member's sessions at
 * once. Changes need a sign-in within the last 5 minutes (./actions.server.ts).
 */
export const meta: Route.MetaFunction = () => [{ title: "Members | Staff console | Maternis" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = await requireAdmin(context, request);
  const members = getConsole(context).members;
  const team = await members.list();
  const query = new URL(request.url).searchParams;
  const intent = query.get("confirm");
  const member = team.find((m) => m.id === query.get("id") && m.id !== staff.member.id);
  const confirming: Confirming | null =
    isConfirmedIntent(intent) && member
      ? { intent, member: { id: member.id, name: member.name, email: member.email } }
      : null;
  return {
    confirming,
    me: staff.member.id,
    team: team.map((m) => ({ ...m, added: dayText(londonDate(m.createdAt)) })),
    pauses: pauseGroups(await members.signInPauses()),
  };
}

export const action = (args: Route.ActionArgs) => membersAction(args);

export default function Members({ loaderData, actionData }: Route.ComponentProps) {
  const { confirming, team, me, pauses } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const addErrors = failed?.values ? failed.errors : [];
  const fieldError = (field: string) => addErrors.find((e) => e.field === field)?.message;
  return (
    <>
      <h1 className="text-3xl">Members</h1>
      {actionData?.ok ? (
        <p role="status" className="mt-6 rounded-card border-2 border-success-800 bg-success-50 p-4">
          {actionData.message}
        </p>
      ) : null}
      {failed ? (
        <div className="mt-6">
          <ErrorSummary errors={failed.errors} />
        </div>
      ) : null}
      {confirming && !actionData ? <ConfirmMember confirming={confirming} /> : null}
      <MembersTable team={team} me={me} />
      <SignInPauses pauses={pauses} />
      {/* Mounted afresh after each change made, so a member just added is not left typed in, ready to add again. */}
      <AddMember key={actionData?.ok ? actionData.message : "add"} values={failed?.values} fieldError={fieldError} />
      <EndEverySession error={failed?.errors.find((e) => e.field === END_EVERY_SESSION_CONFIRM)?.message} />
    </>
  );
}
