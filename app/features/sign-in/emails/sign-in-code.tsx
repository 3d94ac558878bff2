import { company } from "~/platform/company";
import { defineLayoutEmail } from "~/platform/mail/layout-email";
import { singleLine } from "~/platform/text";

/** To a member of staff who asked to sign in to the console: their one-time code, and how long it has left ("10 minutes"). */
export type StaffSignInCodeEmailProps = { code: string; validFor: string; signInUrl: string };

export const PreviewProps = {
  code: "482913",
  validFor: "10 minutes",
  signInUrl: `${company.siteUrl}/staff/sign-in?step=code`,
} satisfies StaffSignInCodeEmailProps;

export const staffSignInCode = defineLayoutEmail<StaffSignInCodeEmailProps>({
  /** The code itself is only in the body: a subject shows on lock screens, in notifications and in logs. */
  subject: () => singleLine(`Your ${company.brand} sign-in code`),
  PreviewProps,
  staff: true,
  layout: (props) => ({
    title: "Your sign-in code",
    preheader: `Use this code within ${props.validFor} to sign in to the staff console.`,
    intro: (
      <>
        <p>Your code to sign in to the {company.brand} staff console is:</p>
        <p style={{ fontSize: "28px", fontWeight: 700, letterSpacing: "6px" }} data-sign-in-code="">
          {props.code}
        </p>
        <p>{`It works once, for ${props.validFor}. Never share it: nobody from ${company.brand} will ask you for it.`}</p>
      </>
    ),
    ctas: [{ label: "Enter the code", url: props.signInUrl }],
    footerNote:
      "You are receiving this because someone asked for a sign-in code for this address. If that was not you, you can ignore this e-mail.",
  }),
});
export default staffSignInCode.Email;
