import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ButtonForm } from "~/features/console/post-form";
import { isoTime, londonTime } from "~/platform/london-time";

/**
 * A webhook's signing secret, shown once on the page an add or a replacement
 * leads to (loaded after the redirect, never in a URL), first on the page
 * with focus on it, with and without JavaScript.
 */
export function SecretOnce({ secret, name, lead }: { secret: string; name: string; lead: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, [secret]);
  return (
    <section
      aria-labelledby="secret-title"
      className="mt-6 rounded-card border-2 border-success-800 bg-success-50 p-4"
      data-slot="secret-once"
    >
      <h2 id="secret-title" className="text-xl font-semibold">
        Signing secret for {name}
      </h2>
      <p className="mt-2">{lead}</p>
      <p className="mt-2">
        Copy it into your receiver now: it is not shown again. Your receiver checks each request&rsquo;s{" "}
        <code>webhook-signature</code> with it (Standard Webhooks).
      </p>
      <label htmlFor="signing-secret" className="mt-3 block font-semibold">
        Secret
      </label>
      <input
        ref={ref}
        id="signing-secret"
        readOnly
        autoFocus
        value={secret}
        className="mt-1 w-full rounded-lg border-2 border-muted bg-white px-3 py-2 font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
    </section>
  );
}

/**
 * "Replace signing secret", confirmed (GOV.UK's pattern for what cannot be
 * undone): what happens to the current secret, and to one replaced less than
 * 24 hours ago.
 */
export function ReplaceSecretConfirm({
  id,
  name,
  previousUntil,
  busy,
}: {
  id: string;
  name: string;
  /** When a secret replaced earlier stops signing, if it still does. */
  previousUntil: Date | null;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="replace-title"
      className="mt-6 rounded-card border-2 border-danger-700 bg-danger-50 p-4"
      role="alert"
    >
      <h2 id="replace-title" className="text-xl font-semibold">
        Replace the signing secret of {name}?
      </h2>
      <p className="mt-2">
        A new secret is made and shown once. The current one keeps signing beside it for 24 hours (each request then
        carries both signatures), so your receiver keeps accepting requests while you put the new one in it. After that,
        only the new one signs.
      </p>
      {previousUntil ? (
        <p className="mt-2 font-semibold">
          The secret replaced before, which still signs until{" "}
          <time dateTime={isoTime(previousUntil)}>{londonTime(previousUntil)}</time>, stops at once.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <ButtonForm hiddenFields={{ intent: "rotate-confirmed" }} variant="danger" busy={busy}>
          Yes, replace it
        </ButtonForm>
        <Link to={`/staff/integrations/${id}`} className="self-center underline underline-offset-2">
          No, keep it
        </Link>
      </div>
    </section>
  );
}
