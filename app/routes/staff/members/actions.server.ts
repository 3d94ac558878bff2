import { data, redirect } from "react-router";
import { isMemberAddress } from "~/features/sign-in/sign-in";
import type { AuditAction } from "~/features/audit";
import { SIGNED_OUT_PATH } from "~/features/console/paths";
import { staffRoles, type StaffRole } from "~/features/console/types";
import { getConsole, requireRecentAdmin } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/route";
import { confirmPath, END_EVERY_SESSION_CONFIRM, isConfirmedIntent, type ActionResult, type Values } from "./types";
import { plural } from "~/platform/words";
import { addedNameSchema } from "~/features/members";

/**
 * What the "Members" page's forms do (admins, with a sign-in within the last
 * 5 minutes): add someone (they get an e-mail and sign in with a code),
 * change a role, end their sessions, reset their sign-in, remove them (their
 * sessions end at once), lift pauses on code sign-in (a member's, or a
 * client's by its keyed hash: ADR 019), and end every member's sessions at
 * once. Each change is audited.
 */

type Context = Route.ActionArgs["context"];
type Staff = Awaited<ReturnType<typeof requireRecentAdmin>>;

/** The answer when the member acted on was removed meanwhile. */
const memberGone = () =>
  data<ActionResult>({ ok: false, errors: [{ field: "team-table", message: "That member no longer exists" }] }, 404);

/** Records in the audit log what the admin did to `target` (null: to no one in particular). */
function audit(
  context: Context,
  staff: Staff,
  action: AuditAction,
  target: string | null,
  detail?: Record<string, unknown>,
) {
  return getConsole(context).audit.record({
    action,
    actor: { member: staff.member },
    target,
    ...(detail ? { detail } : {}),
    meta: staff.meta,
  });
}

/** The answer when the change was made. */
const done = (message: string) => data<ActionResult>({ ok: true, message });

function isRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

export async function membersAction({ context, request }: Route.ActionArgs) {
  const staff = await requireRecentAdmin(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "add") return addMember(context, request, form, staff);

  const id = String(form.get("id") ?? "");
  if (intent === "lift-client") return liftClient(context, String(form.get("client") ?? ""), staff);
  if (intent === "end-every-session") return endEverySession(context, request, form, staff);
  if (id === staff.member.id) {
    return data<ActionResult>(
      { ok: false, errors: [{ field: "team-table", message: "You cannot change or remove your own account here." }] },
      400,
    );
  }
  // Removal and a reset are made only from their confirmation page, which names the member.
  if (isConfirmedIntent(intent) && form.get("confirmed") !== "yes") {
    return redirect(confirmPath(intent, id), 303);
  }
  switch (intent) {
    case "role":
      return setRole(context, id, form.get("role"), staff);
    case "end-sessions":
      return endMemberSessions(context, id, staff);
    case "lift-member":
      return liftMember(context, id, staff);
    case "reset-factors":
      return resetFactors(context, id, staff);
    case "remove":
      return removeMember(context, id, staff);
  }
  return data<ActionResult>({ ok: false, errors: [{ field: "team-table", message: "Unknown action" }] }, 400);
}

async function addMember(context: Context, request: Request, form: FormData, staff: Staff) {
  const console = getConsole(context);
  const typedName = String(form.get("name") ?? "");
  const name = addedNameSchema.safeParse(typedName);
  const values: Values = {
    name: name.success ? name.data : typedName,
    email: String(form.get("email") ?? "")
      .trim()
      .toLowerCase()
      .slice(0, 320),
    role: isRole(form.get("role")) ? (form.get("role") as StaffRole) : "staff",
  };
  const errors: { field: string; message: string }[] = [];
  if (!name.success) errors.push({ field: "member-name", message: name.error.issues[0]!.message });
  if (!isMemberAddress(values.email)) {
    errors.push({ field: "member-email", message: "Enter their e-mail address, like name@example.org" });
  }
  if (errors.length) return data<ActionResult>({ ok: false, errors, values }, 400);
  const signIn = new URL("/staff/sign-in", request.url).href;
  const added = await console.members.add(values, { invitedBy: staff.member.name, signInUrl: signIn });
  if (!added) {
    return data<ActionResult>(
      {
        ok: false,
        errors: [{ field: "member-email", message: `${values.email} is already a member of staff` }],
        values,
      },
      409,
    );
  }
  await audit(context, staff, "staff-added", added.id, { role: added.role });
  return done(`${added.email} was added. We have e-mailed them how to sign in.`);
}

async function setRole(context: Context, id: string, role: unknown, staff: Staff) {
  const console = getConsole(context);
  if (!isRole(role))
    return data<ActionResult>({ ok: false, errors: [{ field: "team-table", message: "Choose a role" }] }, 400);
  const updated = await console.members.setRole(id, role);
  if (!updated) return memberGone();
  await audit(context, staff, "role-changed", id, { role });
  return done(`${updated.email} is now ${role === "admin" ? "an admin" : "staff"}.`);
}

/**
 * Ends every member's sessions, this admin's included (ASVS 7.4.5), once the
 * box saying so is ticked; the admin goes to the sign-in page with their
 * cookie cleared, like everyone else on their next request.
 */
async function endEverySession(context: Context, request: Request, form: FormData, staff: Staff) {
  if (form.get("confirm") !== "everyone") {
    const message = "Tick the box to confirm that everyone, you included, must sign in again";
    return data<ActionResult>({ ok: false, errors: [{ field: END_EVERY_SESSION_CONFIRM, message }] }, 400);
  }
  const console = getConsole(context);
  const { ended, members } = await console.auth.endEverySession();
  await audit(context, staff, "every-session-ended", null, { sessions: ended, members });
  throw redirect(SIGNED_OUT_PATH, { headers: await console.auth.signOut(request) });
}

/** Ends every session of another member, who stays a member (ADR 019). */
async function endMemberSessions(context: Context, id: string, staff: Staff) {
  const result = await getConsole(context).auth.endMemberSessions(id);
  if (!result) return memberGone();
  await audit(context, staff, "sessions-ended", id, { sessions: result.ended });
  const ended = plural(result.ended, "session");
  return done(
    `${result.member.email} is signed out everywhere (${ended} ended). They are still a member and can sign in again.`,
  );
}

async function liftMember(context: Context, id: string, staff: Staff) {
  const lifted = await getConsole(context).members.liftMemberPauses(id);
  if (!lifted) return memberGone();
  await audit(context, staff, "sign-in-pause-lifted", id, { of: "member", counters: lifted.lifted });
  return done(`Code sign-in for ${lifted.member.email} is no longer paused or slowed, from any network.`);
}

async function liftClient(context: Context, client: string, staff: Staff) {
  const lifted = await getConsole(context).members.liftClientPauses(client);
  if (lifted === null) {
    return data<ActionResult>(
      { ok: false, errors: [{ field: "sign-in-pauses", message: "That is not a client's keyed hash" }] },
      400,
    );
  }
  await audit(context, staff, "sign-in-pause-lifted", client, { of: "client", counters: lifted });
  return done(`Code sign-in from client ${client} is no longer paused.`);
}

/** ADR 020: their passkeys, app and recovery codes go, their sessions end; they enrol again after an e-mail code. */
async function resetFactors(context: Context, id: string, staff: Staff) {
  const reset = await getConsole(context).auth.resetFactors(id);
  if (!reset) return memberGone();
  await audit(context, staff, "factors-reset", id);
  return done(
    `${reset.email} is signed out and has no passkeys, authenticator app or recovery codes, and any pause on their code sign-in is lifted. Their next e-mail code lets them set up a second way to sign in.`,
  );
}

async function removeMember(context: Context, id: string, staff: Staff) {
  const removed = await getConsole(context).members.remove(id);
  if (!removed) return memberGone();
  await audit(context, staff, "staff-removed", id, { role: removed.role });
  return done(`${removed.email} was removed and signed out.`);
}
