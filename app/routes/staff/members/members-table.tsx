import type { ReactNode } from "react";
import { ButtonForm } from "~/features/console/post-form";
import { ColumnHeads } from "~/features/console/stacked-table";
import type { StaffRole } from "~/features/console/types";

/** A member as the table shows them (the loader's dates already in words). */
export type MemberRow = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  passkeys: number;
  enrolled: boolean;
  added: string;
};

/** Who has access, with a row of buttons for each other member. */
export function MembersTable({ team, me }: { team: MemberRow[]; me: string }) {
  return (
    // Scrolls sideways on a narrow screen: focusable and named, so a keyboard can scroll it.
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
              <td className="p-3">{member.id === me ? null : <MemberActions member={member} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The buttons for another member: role, sessions, sign-in, removal. */
function MemberActions({ member }: { member: MemberRow }) {
  return (
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
