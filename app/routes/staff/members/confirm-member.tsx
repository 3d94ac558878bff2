import { Link } from "react-router";
import { ButtonForm } from "~/features/console/post-form";
import type { ConfirmedIntent } from "./types";

/**
 * The page of its own that a dangerous change to a member asks for (DESIGN.md:
 * "Dangerous actions (erasure, removing staff) on their own confirmation page
 * that names exactly what will happen"): removing them, or resetting their
 * sign-in. The table's "Remove" and "Reset sign-in" are links here
 * (?confirm=remove&id=…); the action refuses either change without `confirmed`.
 */
const words: Record<ConfirmedIntent, { title: (name: string) => string; body: string; button: string }> = {
  remove: {
    title: (name) => `Remove ${name}?`,
    body: "Their sessions end at once and they can no longer sign in. What they did stays in the audit log. To give them access again, add them as a new member.",
    button: "Remove this member",
  },
  "reset-factors": {
    title: (name) => `Reset ${name}’s sign-in?`,
    body: "Their sessions end at once, and their passkeys, authenticator app and recovery codes are deleted. No browser is remembered as theirs any more. Their next e-mailed code asks them to set up a second way to sign in.",
    button: "Reset their sign-in",
  },
};

export type Confirming = { intent: ConfirmedIntent; member: { id: string; name: string; email: string } };

export function ConfirmMember({ confirming }: { confirming: Confirming }) {
  const { intent, member } = confirming;
  const text = words[intent];
  return (
    <section
      aria-labelledby="confirm-member-heading"
      className="mt-6 space-y-4 rounded-card border-2 border-danger-700 bg-white p-5"
    >
      <h2 id="confirm-member-heading" className="text-xl font-semibold" tabIndex={-1}>
        {text.title(member.name)}
      </h2>
      <p className="break-words">
        <strong>{member.email}</strong>. {text.body}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <ButtonForm hiddenFields={{ intent, id: member.id, email: member.email, confirmed: "yes" }} variant="danger">
          {text.button}
        </ButtonForm>
        <Link to="/staff/members" className="text-primary-800 underline underline-offset-2">
          Cancel
        </Link>
      </div>
    </section>
  );
}
