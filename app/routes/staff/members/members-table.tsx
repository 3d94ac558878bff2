import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { ButtonForm } from "~/features/console/post-form";
import { CardedCell, carded, ColumnHeads } from "~/features/console/stacked-table";
import { staffRoleLabels, type StaffRole } from "~/features/console/types";
import { plural } from "~/platform/words";
import { confirmPath } from "./types";

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

/** A member's second factor as a state, never an instruction (issue 43). */
export function secondFactorState(enrolled: boolean) {
  return enrolled ? "Ready to use" : "Not set up yet";
}

const headings = ["Name", "E-mail address", "Role", "Passkeys", "Second factor", "Added"] as const;

/**
 * Who has access, with a row of buttons for each other member. A table on
 * wide screens; below the md breakpoint each member is a card listing the
 * same cells with their column's name (nothing scrolls sideways or is cut off).
 */
export function MembersTable({ team, me }: { team: MemberRow[]; me: string }) {
  return (
    <div className="mt-8" id="team-table">
      <table className={`${carded.table} bg-white max-md:bg-transparent`}>
        <caption id="team-table-caption" className={carded.caption}>
          {plural(team.length, "person has", "people have")} access to the console
        </caption>
        <thead className={carded.thead}>
          <tr>
            <ColumnHeads
              headings={headings}
              className={carded.th}
              numeric={{ headings: ["Passkeys"], className: carded.numeric }}
            />
            <th scope="col" className={carded.th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={carded.tbody}>
          {team.map((member) => (
            <tr key={member.id} className={`${carded.tr} align-top`}>
              <th scope="row" className={`${carded.cell} font-semibold break-words max-md:text-lg`}>
                {member.name}
                {member.id === me ? " (you)" : ""}
              </th>
              <CardedCell label="E-mail address" className="[overflow-wrap:anywhere]">
                {member.email}
              </CardedCell>
              <CardedCell label="Role">{staffRoleLabels[member.role]}</CardedCell>
              <CardedCell label="Passkeys" className={carded.numeric}>
                {member.passkeys}
              </CardedCell>
              <CardedCell label="Second factor">{secondFactorState(member.enrolled)}</CardedCell>
              <CardedCell label="Added">{member.added}</CardedCell>
              <td className={`${carded.cell} max-md:pt-3`}>
                {member.id === me ? null : <MemberActions member={member} />}
              </td>
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
      {/* Each asks on a page of its own first (./confirm-member.tsx). */}
      <ButtonLink to={confirmPath("reset-factors", member.id)} variant="outline" size="sm">
        Reset sign-in<span className="sr-only">: {member.email}</span>
      </ButtonLink>
      <ButtonLink to={confirmPath("remove", member.id)} variant="ghost" size="sm">
        Remove<span className="sr-only"> {member.email}</span>
      </ButtonLink>
    </div>
  );
}

/** A button that posts one action (`intent`) on another member; a role change carries the new `role`. */
function MemberButton({
  intent,
  id,
  role,
  children,
}: {
  intent: "role" | "end-sessions";
  id: string;
  role?: StaffRole;
  children: ReactNode;
}) {
  return (
    <ButtonForm hiddenFields={role ? { intent, id, role } : { intent, id }} variant="outline" size="sm">
      {children}
    </ButtonForm>
  );
}
