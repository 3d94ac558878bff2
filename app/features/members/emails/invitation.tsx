import { company } from "~/platform/company";
import { defineLayoutEmail } from "~/platform/mail/layout-email";
import { singleLine } from "~/platform/text";

/** To someone an admin added to the staff console: how to get in. */
export type StaffInvitationEmailProps = { name: string; invitedBy: string; role: "admin" | "staff"; signInUrl: string };

export const PreviewProps = {
  name: "Amara Mensah",
  invitedBy: "Joseph Owusu",
  role: "staff",
  signInUrl: `${company.siteUrl}/staff/sign-in`,
} satisfies StaffInvitationEmailProps;

export const staffInvitation = defineLayoutEmail<StaffInvitationEmailProps>({
  subject: () => singleLine(`You have been added to the ${company.brand} staff console`),
  PreviewProps,
  staff: true,
  layout: (props) => ({
    title: "Welcome to the staff console",
    preheader: `${props.invitedBy} added you to the ${company.brand} staff console.`,
    intro: (
      <>
        <p>{`Hello ${props.name},`}</p>
        <p>{`${props.invitedBy} added you to the ${company.brand} staff console${props.role === "admin" ? " as an admin" : ""}.`}</p>
        <p>
          To sign in, open the sign-in page and enter this e-mail address. We will send you a one-time code. After you
          sign in, add a passkey so you can sign in faster next time.
        </p>
      </>
    ),
    ctas: [{ label: "Sign in", url: props.signInUrl }],
    footerNote: "If you were not expecting this, you can ignore this e-mail.",
  }),
});
export default staffInvitation.Email;
