import type { ReactNode } from "react";
import { data, Form } from "react-router";
import { Choice, ChoiceFieldset } from "~/features/console/choices";
import { ButtonForm, SubmitButton } from "~/features/console/post-form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";
import { SITE_TIME_ZONE } from "~/platform/calendar";
import type { SignInPause } from "~/features/sign-in/sign-in";
import { staffRoles, type StaffRole } from "~/features/console/types";
import { getConsole, requireAdmin, requireRecentAdmin } from "~/routes/staff/access/request.server";
import { londonTime } from "~/platform/london-time";
import type { Route } from "./+types/members";
import { ColumnHeads } from "~/features/console/stacked-table";

/**
 * Staff management (admins): who has access, adding someone (they get an
 * e-mail and sign in with a code), changing a role, removing someone (their
 * sessions end at once), and lifting pauses on code sign-in (a member's, or a
 * client's by its keyed hash: ADR 019). Changes need a sign-in within the
 * last 5 minutes.
 */
export const meta: Route.MetaFunction = () => [{ title: "Members | Staff console | Maternis" }];

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: SITE_TIME_ZONE });
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = await requireAdmin(context, request);
  const auth = getConsole(context).auth;
  const team = await auth.team();
  return {
    me: staff.member.id,
    team: team.map((m) => ({ ...m, added: dateFormat.format(m.createdAt) })),
    pauses: pauseGroups(await auth.signInPauses()),
  };
}

/** What a pause is, in words, with when it ends. */
function pauseLine(pause: SignInPause): string {
  const until = londonTime(pause.until);
  switch (pause.kind) {
    case "wrong-codes-client":
      return `Code sign-in from this client is paused after too many wrong codes, until ${until}.`;
    case "wrong-codes-slowed":
      return `Slowed down after wrong codes from client ${pause.client}: their next try from there waits until ${until}.`;
    case "codes-client":
      return `Too many codes asked for from this client: none sent to it until ${until}.`;
    case "codes-address-client":
      return `Too many codes asked for from client ${pause.client}: none sent from there until ${until}.`;
    case "codes-address":
      return `Too many codes asked for from anywhere: no new code sent until ${until}.`;
  }
}

/** The pauses by what an admin lifts: a member (all their pauses, from any client) or a client. */
function pauseGroups(pauses: SignInPause[]) {
  const groups = new Map<string, { member?: { id: string; email: string }; client?: string; lines: string[] }>();
  for (const pause of pauses) {
    const key = pause.member ? `member:${pause.member.id}` : `client:${pause.client}`;
    const group = groups.get(key) ?? {
      ...(pause.member ? { member: { id: pause.member.id, email: pause.member.email } } : { client: pause.client }),
      lines: [],
    };
    group.lines.push(pauseLine(pause));
    groups.set(key, group);
  }
  return [...groups.entries()].map(([key, group]) => ({ key, ...group }));
}

type Values = { name: string; email: string; role: StaffRole };
type ActionResult =
  { ok: true; message: string } | { ok: false; errors: { field: string; message: string }[]; values?: Values };

/** The answer when the member acted on was removed meanwhile. */
const memberGone = () =>
  data<ActionResult>({ ok: false, errors: [{ field: "team-table", message: "That member no longer exists" }] }, 404);

function isRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireRecentAdmin(context, request);
  const console = getConsole(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const actor = { member: staff.member };

  if (intent === "add") {
    const values: Values = {
      name: String(form.get("name") ?? "")
        .trim()
        .slice(0, 100),
      email: String(form.get("email") ?? "")
        .trim()
        .toLowerCase()
        .slice(0, 320),
      role: isRole(form.get("role")) ? (form.get("role") as StaffRole) : "staff",
    };
    const errors: { field: string; message: string }[] = [];
    if (!values.name) errors.push({ field: "member-name", message: "Enter their name" });
    if (!emailPattern.test(values.email)) {
      errors.push({ field: "member-email", message: "Enter their e-mail address, like name@example.org" });
    }
    if (errors.length) return data<ActionResult>({ ok: false, errors, values }, 400);
    const signIn = new URL("/staff/sign-in", request.url).href;
    const added = await console.auth.addMember(values, { invitedBy: staff.member.name, signInUrl: signIn });
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
    await console.audit.record({
      action: "staff-added",
      actor,
      target: added.id,
      detail: { role: added.role },
      meta: staff.meta,
    });
    return data<ActionResult>({ ok: true, message: `${added.email} was added. We have e-mailed them how to sign in.` });
  }

  const id = String(form.get("id") ?? "");
  if (id === staff.member.id) {
    return data<ActionResult>(
      { ok: false, errors: [{ field: "team-table", message: "You cannot change or remove your own account here." }] },
      400,
    );
  }

  if (intent === "role") {
    const role = form.get("role");
    if (!isRole(role))
      return data<ActionResult>({ ok: false, errors: [{ field: "team-table", message: "Choose a role" }] }, 400);
    const updated = await console.auth.setRole(id, role);
    if (!updated) return memberGone();
    await console.audit.record({ action: "role-changed", actor, target: id, detail: { role }, meta: staff.meta });
    return data<ActionResult>({
      ok: true,
      message: `${updated.email} is now ${role === "admin" ? "an admin" : "staff"}.`,
    });
  }

  if (intent === "end-sessions") return endMemberSessions(context, id, staff);

  if (intent === "lift-member") {
    const lifted = await console.auth.liftMemberPauses(id);
    if (!lifted) return memberGone();
    await console.audit.record({
      action: "sign-in-pause-lifted",
      actor,
      target: id,
      detail: { of: "member", counters: lifted.lifted },
      meta: staff.meta,
    });
    return data<ActionResult>({
      ok: true,
      message: `Code sign-in for ${lifted.member.email} is no longer paused or slowed, from any network.`,
    });
  }

  if (intent === "lift-client") {
    const client = String(form.get("client") ?? "");
    const lifted = await console.auth.liftClientPauses(client);
    if (lifted === null) {
      return data<ActionResult>(
        { ok: false, errors: [{ field: "sign-in-pauses", message: "That is not a client's keyed hash" }] },
        400,
      );
    }
    await console.audit.record({
      action: "sign-in-pause-lifted",
      actor,
      target: client,
      detail: { of: "client", counters: lifted },
      meta: staff.meta,
    });
    return data<ActionResult>({ ok: true, message: `Code sign-in from client ${client} is no longer paused.` });
  }

  if (intent === "reset-factors") {
    // ADR 020: their passkeys, app and recovery codes go, their sessions end; they enrol again after an e-mail code.
    const reset = await console.auth.resetFactors(id);
    if (!reset) return memberGone();
    await console.audit.record({ action: "factors-reset", actor, target: id, meta: staff.meta });
    return data<ActionResult>({
      ok: true,
      message: `${reset.email} is signed out and has no passkeys, authenticator app or recovery codes, and any pause on their code sign-in is lifted. Their next e-mail code lets them set up a second way to sign in.`,
    });
  }

  if (intent === "remove") {
    const removed = await console.auth.removeMember(id);
    if (!removed) return memberGone();
    await console.audit.record({
      action: "staff-removed",
      actor,
      target: id,
      detail: { role: removed.role },
      meta: staff.meta,
    });
    return data<ActionResult>({ ok: true, message: `${removed.email} was removed and signed out.` });
  }

  return data<ActionResult>({ ok: false, errors: [{ field: "team-table", message: "Unknown action" }] }, 400);
}

/** Ends every session of another member, who stays a member (ADR 019); the action already asked for a recent sign-in. */
async function endMemberSessions(
  context: Route.ActionArgs["context"],
  id: string,
  staff: Awaited<ReturnType<typeof requireRecentAdmin>>,
) {
  const console = getConsole(context);
  const result = await console.auth.endMemberSessions(id);
  if (!result) return memberGone();
  await console.audit.record({
    action: "sessions-ended",
    actor: { member: staff.member },
    target: id,
    detail: { sessions: result.ended },
    meta: staff.meta,
  });
  const ended = result.ended === 1 ? "1 session" : `${result.ended} sessions`;
  return data<ActionResult>({
    ok: true,
    message: `${result.member.email} is signed out everywhere (${ended} ended). They are still a member and can sign in again.`,
  });
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { team, me, pauses } = loaderData;
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

      {/* Scrolls sideways on a narrow screen: focusable and named, so a keyboard can scroll it. */}
      <div
        className="relative mt-8 overflow-x-auto"
        id="team-table"
        tabIndex={0}
        role="region"
        aria-labelledby="team-table-caption"
      >
        <table className="w-full min-w-[36rem] border-collapse bg-white text-left">
          <caption id="team-table-caption" className="mb-2 text-left text-muted">
            {team.length} {team.length === 1 ? "person has" : "people have"} access to the console
          </caption>
          <thead>
            <tr className="border-b-2 border-line">
              <ColumnHeads
                headings={["Name", "E-mail address", "Role", "Passkeys", "Second factor", "Added"]}
                className="p-3"
              />
              <th scope="col" className="p-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {team.map((member) => (
              <tr key={member.id} className="border-b border-line align-top">
                <th scope="row" className="p-3 font-semibold">
                  {member.name}
                  {member.id === me ? " (you)" : ""}
                </th>
                <td className="p-3 break-all">{member.email}</td>
                <td className="p-3">{member.role === "admin" ? "Admin" : "Staff"}</td>
                <td className="p-3">{member.passkeys}</td>
                <td className="p-3">{member.enrolled ? "Set up" : "Not yet"}</td>
                <td className="p-3">{member.added}</td>
                <td className="p-3">
                  {member.id === me ? null : (
                    <div className="flex flex-wrap gap-2">
                      <MemberButton intent="role" id={member.id} role={member.role === "admin" ? "staff" : "admin"}>
                        {member.role === "admin" ? "Make staff" : "Make admin"}
                        <span className="sr-only">: {member.email}</span>
                      </MemberButton>
                      <MemberButton intent="end-sessions" id={member.id}>
                        End sessions<span className="sr-only">: {member.email}</span>
                      </MemberButton>
                      <MemberButton intent="reset-factors" id={member.id}>
                        Reset sign-in<span className="sr-only">: {member.email}</span>
                      </MemberButton>
                      <MemberButton intent="remove" id={member.id} variant="ghost">
                        Remove<span className="sr-only"> {member.email}</span>
                      </MemberButton>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section aria-labelledby="pauses-heading" id="sign-in-pauses" className="mt-12 max-w-3xl">
        <h2 id="pauses-heading" className="text-2xl">
          Paused code sign-in
        </h2>
        <p className="mt-2 text-muted">
          Wrong codes, or too many codes asked for, slow down or pause code sign-in from one client (a network address,
          shown as a keyed hash as in the audit log) or for one member from one client: never for a member everywhere,
          and never their passkeys. Pauses end by themselves; lifting one lets them try again at once.
        </p>
        {pauses.length === 0 ? (
          <p className="mt-4">Nothing is paused.</p>
        ) : (
          <ul className="mt-4 grid gap-4">
            {pauses.map((group) => {
              const who = group.member ? group.member.email : `Client ${group.client}`;
              return (
                <li key={group.key} className="rounded-card border-2 border-line bg-white p-4">
                  <p className="font-semibold break-all">{who}</p>
                  <ul className="mt-2 list-disc pl-6">
                    {group.lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                  <ButtonForm
                    hiddenFields={
                      group.member
                        ? { intent: "lift-member", id: group.member.id }
                        : { intent: "lift-client", client: group.client ?? "" }
                    }
                    formClassName="mt-3"
                    variant="outline"
                    size="sm"
                  >
                    Lift<span className="sr-only">: {who}</span>
                  </ButtonForm>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="add-heading" className="mt-12 max-w-xl">
        <h2 id="add-heading" className="text-2xl">
          Add a member of staff
        </h2>
        <Form method="post" aria-labelledby="add-heading" className="mt-4 grid gap-6" noValidate>
          <input type="hidden" name="intent" value="add" />
          <Field name="name" id="member-name" error={fieldError("member-name")}>
            <FieldLabel>Name</FieldLabel>
            <FieldError />
            <Input defaultValue={failed?.values?.name ?? ""} autoComplete="off" required />
          </Field>
          <Field
            name="email"
            id="member-email"
            hint="They will get an e-mail telling them how to sign in."
            error={fieldError("member-email")}
          >
            <FieldLabel>E-mail address</FieldLabel>
            <FieldHint />
            <FieldError />
            <Input
              type="email"
              defaultValue={failed?.values?.email ?? ""}
              autoComplete="off"
              spellCheck={false}
              required
            />
          </Field>
          <ChoiceFieldset legend="Role">
            {(
              [
                ["staff", "Staff", "Inbox, notes, exports and retries."],
                ["admin", "Admin", "Everything staff can do, plus staff, data requests and the audit log."],
              ] as const
            ).map(([value, label, hint]) => (
              <Choice
                key={value}
                type="radio"
                id={`role-${value}`}
                name="role"
                value={value}
                defaultChecked={(failed?.values?.role ?? "staff") === value}
                label={label}
                hint={hint}
              />
            ))}
          </ChoiceFieldset>
          <SubmitButton>Add</SubmitButton>
        </Form>
      </section>
    </>
  );
}

/** A button that posts one action (`intent`) on another member; a role change carries the new `role`. */
function MemberButton({
  intent,
  id,
  role,
  variant = "outline",
  children,
}: {
  intent: "role" | "end-sessions" | "reset-factors" | "remove";
  id: string;
  role?: StaffRole;
  variant?: "outline" | "ghost";
  children: ReactNode;
}) {
  return (
    <ButtonForm hiddenFields={role ? { intent, id, role } : { intent, id }} variant={variant} size="sm">
      {children}
    </ButtonForm>
  );
}
