import { ButtonForm } from "~/features/console/post-form";
import type { SignInPause } from "~/features/sign-in/sign-in";
import { londonTime } from "~/platform/london-time";
import { SECOND_STEP_LOCK } from "~/features/sign-in/sign-in";

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
    case "second-step":
      return `Too many wrong app or recovery codes in a row: their second step is paused everywhere until ${until}. Their passkeys still work.`;
  }
}

export type PauseGroup = ReturnType<typeof pauseGroups>[number];

/** The pauses by what an admin lifts: a member (all their pauses, from any client) or a client. */
export function pauseGroups(pauses: SignInPause[]) {
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

/** "Paused code sign-in": each pause in words, with a Lift button per member or client (ADR 019). */
export function SignInPauses({ pauses }: { pauses: PauseGroup[] }) {
  return (
    <section aria-labelledby="pauses-heading" id="sign-in-pauses" className="mt-12 max-w-3xl">
      <h2 id="pauses-heading" className="text-2xl">
        Paused code sign-in
      </h2>
      <p className="mt-2 text-muted">
        Wrong e-mail codes, or too many codes asked for, slow down or pause code sign-in from one client (a network
        address, shown as a keyed hash as in the audit log) or for one member from one client, never for a member
        everywhere. Only {SECOND_STEP_LOCK.wrongCodes} wrong app or recovery codes in a row, which needed a right e-mail
        code each time, pause a member&rsquo;s second step everywhere, for {SECOND_STEP_LOCK.minutes} minutes. Passkeys
        are never paused. Pauses end by themselves; lifting one lets them try again at once.
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
  );
}
