import { company } from "~/platform/company";
import { defineLayoutEmail } from "~/platform/mail/layout-email";
import { singleLine } from "~/platform/text";

/**
 * To the console's admins, once per window, when wrong sign-in codes reach a
 * limit (app/features/sign-in/lockout.server.ts): many for one address from anywhere
 * (an alert only: nobody is locked out), or too many from one client (whose
 * code checks pause for the rest of the hour). Also once per lock when wrong
 * app or recovery codes in a row pause a member's second step
 * (app/features/sign-in/second-step-lock.server.ts). An address is named only
 * when it is a member's (a stranger's guessed address never is); never the codes.
 */
export type StaffSignInLockedEmailProps = {
  limit: "address" | "client" | "second-step";
  /** The member whose address was tried; absent for a client's limit or an address that is not staff. */
  memberEmail?: string;
  /** Wrong codes that reached the limit. */
  wrongCodes: number;
  /** "24 hours", "1 hour"; for the second step, how long it is paused ("15 minutes"). */
  window: string;
  /** "Wed 25 Nov 2026, 09:14". */
  at: string;
  auditUrl: string;
  /** The "Members" page, where admins see and lift pauses. */
  staffUrl: string;
};

export const PreviewProps = {
  limit: "address",
  memberEmail: "amara@maternis.health",
  wrongCodes: 20,
  window: "24 hours",
  at: "Wed 25 Nov 2026, 09:14",
  auditUrl: `${company.siteUrl}/staff/audit?action=sign-in-locked`,
  staffUrl: `${company.siteUrl}/staff/members#sign-in-pauses`,
} satisfies StaffSignInLockedEmailProps;

function whose(props: StaffSignInLockedEmailProps) {
  if (props.limit === "client") return "from one network address (client)";
  return props.memberEmail ? `for ${props.memberEmail}` : "for an address that is not a member of staff";
}

/** The wrong codes and whose they were: "10 wrong app or recovery codes in a row for …". */
function what(props: StaffSignInLockedEmailProps) {
  return props.limit === "second-step"
    ? `${props.wrongCodes} wrong app or recovery codes in a row ${whose(props)}`
    : `${props.wrongCodes} wrong sign-in codes ${whose(props)} within ${props.window}`;
}

/** What happened, in one sentence. */
function happened(props: StaffSignInLockedEmailProps) {
  if (props.limit === "second-step")
    return `At ${props.at}, ${props.wrongCodes} wrong app or recovery codes in a row had been entered at the second step of signing in ${whose(props)}.`;
  return `At ${props.at}, ${props.wrongCodes} wrong sign-in codes had been tried ${whose(props)} within ${props.window}.`;
}

function effect(props: StaffSignInLockedEmailProps) {
  if (props.limit === "second-step")
    return `Their authenticator app and recovery codes are paused for ${props.window}, from every browser. Their passkey still works, and you can lift the pause on the Members page.`;
  if (props.limit === "client")
    return `Code sign-in from that client is paused for the rest of the ${props.window}. Other clients are not affected. If a colleague works from that network, you can lift the pause on the Members page.`;
  return props.memberEmail
    ? `This does not stop ${props.memberEmail} signing in: each client that keeps trying wrong codes for the address is slowed down, and one that tries too many is paused. Their passkey always works.`
    : "Nobody is locked out: each client that keeps trying wrong codes is slowed down, and one that tries too many is paused.";
}

export const staffSignInLocked = defineLayoutEmail<StaffSignInLockedEmailProps>({
  subject: () => singleLine(`${company.brand} staff console: many wrong sign-in codes`),
  PreviewProps,
  staff: true,
  layout: (props) => ({
    title: "Many wrong sign-in codes",
    preheader: `${what(props)}.`,
    variant: "alert",
    intro: (
      <>
        <p>{happened(props)}</p>
        <p>{effect(props)}</p>
        <p>
          {props.limit === "second-step"
            ? "Whoever entered them had a right e-mail code first. If the member did not mistype their codes themselves, someone else can read their mailbox: check the audit log, and consider Reset sign-in."
            : "Someone may be guessing codes. If the member did not mistype their codes themselves, check the audit log, and consider whether their mailbox is safe."}
        </p>
      </>
    ),
    ctas: [{ label: "Open the audit log", url: props.auditUrl }],
    secondaryCtas: [{ label: "See and lift pauses on the Members page", url: props.staffUrl }],
    footerNote:
      "You receive this because you are an admin of the staff console. It is sent once each time a limit is reached, not for every wrong code.",
  }),
});
export default staffSignInLocked.Email;
