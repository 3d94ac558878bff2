import { company } from "~/platform/company";
import { defineLayoutEmail } from "~/platform/mail/layout-email";
import { singleLine } from "~/platform/text";
import { plural } from "~/platform/words";

/**
 * To a member of staff a colleague assigned enquiries to (the inbox's
 * "Assign", app/features/inbox/changes.server.ts): which ones, each a link into the
 * console. It names no enquirer and quotes nothing they wrote: the console
 * shows that to whoever signs in.
 */
export type StaffAssignedEmailProps = {
  /** The colleague who assigned them. */
  assignedBy: string;
  enquiries: {
    /** "Demo request". */
    kind: string;
    /** "Fri 20 Nov 2026, 16:12". */
    received: string;
    url: string;
  }[];
  /** The inbox filtered to the member's own enquiries. */
  mineUrl: string;
};

/** "2 enquiries". */
const howMany = (props: StaffAssignedEmailProps) => plural(props.enquiries.length, "enquiry", "enquiries");

export const PreviewProps = {
  assignedBy: "Joseph Owusu",
  enquiries: [
    {
      kind: "Demo request",
      received: "Fri 20 Nov 2026, 16:12",
      url: `${company.siteUrl}/staff/enquiries/0b6d1f3e-5a55-4f0e-9d0a-5d2c7a1e9b10`,
    },
    {
      kind: "Contact",
      received: "Mon 23 Nov 2026, 09:40",
      url: `${company.siteUrl}/staff/enquiries/7f1c2d4e-8b9a-4c3d-a2e1-0f9e8d7c6b5a`,
    },
  ],
  mineUrl: `${company.siteUrl}/staff?assigned=mine`,
} satisfies StaffAssignedEmailProps;

/** Names nobody: the worker logs staff e-mails' subjects (app/platform/mail/staff-mail.server.ts). */
export function staffAssignedSubject(props: StaffAssignedEmailProps): string {
  return singleLine(`${howMany(props)} assigned to you`);
}

export const staffAssigned = defineLayoutEmail<StaffAssignedEmailProps>({
  subject: staffAssignedSubject,
  PreviewProps,
  layout: (props) => ({
    title: `${howMany(props)} for you`,
    preheader: `${props.assignedBy} assigned you ${howMany(props)} in the ${company.brand} staff console.`,
    intro: (
      <>
        <p>{`${props.assignedBy} assigned you ${howMany(props)} in the ${company.brand} staff console:`}</p>
        <ul>
          {props.enquiries.map((item) => (
            <li key={item.url}>
              <a href={item.url}>{item.kind}</a>
              {`, received ${item.received}`}
            </li>
          ))}
        </ul>
      </>
    ),
    ctas: [{ label: "Your enquiries", url: props.mineUrl }],
    footerNote: "You get this e-mail when a colleague assigns enquiries to you.",
    addUtm: false,
  }),
});
export default staffAssigned.Email;
