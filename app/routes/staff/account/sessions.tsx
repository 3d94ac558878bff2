import { MAX_SESSIONS_PER_MEMBER } from "~/features/sign-in/sign-in";
import { ButtonForm } from "~/features/console/post-form";

export type SessionRow = { id: string; device: string; signedIn: string; lastSeen: string; current: boolean };

/** Where the member is signed in (ADR 019): each session, and "End" for any but this one (a recent sign-in first). */
export function SessionList({ sessions, recent }: { sessions: SessionRow[]; recent: boolean }) {
  return (
    <section aria-labelledby="sessions-heading" className="mt-12">
      <h2 id="sessions-heading" className="text-2xl">
        Where you are signed in
      </h2>
      <p className="mt-2 max-w-prose">
        Each sign-in is a session. End any you do not recognise, or that you left open on another device. You can have{" "}
        {MAX_SESSIONS_PER_MEMBER} at once: signing in once more ends the one you have not used for longest.
        {recent
          ? null
          : " To end one, you will be asked to sign in again first (you signed in more than 5 minutes ago)."}
      </p>
      <ul className="mt-4 grid gap-4" aria-label="Your sessions">
        {sessions.map((session) => (
          <li key={session.id} className="rounded-card border-2 border-line bg-white p-4">
            <p className="font-semibold">
              {session.device}
              {session.current ? <span className="font-normal text-muted"> (this device)</span> : null}
            </p>
            <p className="text-sm text-muted">
              Signed in {session.signedIn}, last seen {session.lastSeen}
            </p>
            {session.current ? null : (
              <ButtonForm
                hiddenFields={{ intent: "end-session", id: session.id }}
                formClassName="mt-3"
                variant="outline"
                size="sm"
                aria-label={`End the session on ${session.device}, signed in ${session.signedIn}`}
              >
                End
              </ButtonForm>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
