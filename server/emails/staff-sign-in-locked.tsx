import { company } from "~/content/company";
import { defineEmail } from "./define";
import { EmailLayout } from "./layout";
import { subjectLine } from "./utils";

/**
 * To the console's admins, once per lockout window, when wrong sign-in codes
 * reach a limit (server/staff/lockout.server.ts): which limit, and for an
 * address lock the member's address when the address is a member's (a
 * stranger's guessed address is never named). Never the codes tried.
 */
export type StaffSignInLockedEmailProps = {
  limit: "address" | "client";
  /** The member whose code sign-in is locked; absent for a client lock or an address that is not staff. */
  memberEmail?: string;
  /** Wrong codes that reached the limit. */
  wrongCodes: number;
  /** "24 hours", "1 hour". */
  window: string;
  /** "Wed 25 Nov 2026, 09:14". */
  at: string;
  auditUrl: string;
};

export const PreviewProps = {
  limit: "address",
  memberEmail: "amara@maternis.health",
  wrongCodes: 20,
  window: "24 hours",
  at: "Wed 25 Nov 2026, 09:14",
  auditUrl: `${company.siteUrl}/staff/audit?action=sign-in-locked`,
} satisfies StaffSignInLockedEmailProps;

export function staffSignInLockedSubject(_props: StaffSignInLockedEmailProps): string {
  return subjectLine(`${company.brand} staff console: code sign-in locked after too many wrong codes`);
}

function whose(props: StaffSignInLockedEmailProps) {
  if (props.limit === "client") return "from one network address (client)";
  return props.memberEmail ? `for ${props.memberEmail}` : "for an address that is not a member of staff";
}

function effect(props: StaffSignInLockedEmailProps) {
  if (props.limit === "client") return `Code checks from that client are refused for the rest of ${props.window}.`;
  return props.memberEmail
    ? `Code sign-in for ${props.memberEmail} is refused for the rest of ${props.window}. They can still sign in with a passkey.`
    : `Code sign-in for that address is refused for the rest of ${props.window}.`;
}

export function StaffSignInLockedEmail(props: StaffSignInLockedEmailProps) {
  return (
    <EmailLayout
      title="Sign-in locked after too many wrong codes"
      preheader={`${props.wrongCodes} wrong sign-in codes ${whose(props)} within ${props.window}.`}
      variant="alert"
      intro={
        <>
          <p>{`At ${props.at}, ${props.wrongCodes} wrong sign-in codes had been tried ${whose(props)} within ${props.window}.`}</p>
          <p>{effect(props)}</p>
          <p>
            Someone may be guessing codes. If the member did not mistype their codes themselves, check the audit log,
            and consider whether their mailbox is safe.
          </p>
        </>
      }
      ctas={[{ label: "Open the audit log", url: props.auditUrl }]}
      footerNote="You receive this because you are an admin of the staff console. It is sent once per lockout."
      addUtm={false}
      suppressBranding
    />
  );
}

export const staffSignInLocked = defineEmail<StaffSignInLockedEmailProps>({
  subject: staffSignInLockedSubject,
  Email: StaffSignInLockedEmail,
  PreviewProps,
});
export default StaffSignInLockedEmail;
