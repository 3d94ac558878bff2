import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useHydrated } from "~/features/console/console-shell";
import { useAddPasskey } from "~/features/sign-in/factors";
import { passkeyNameSchema } from "~/features/sign-in/sign-in";
import { Button } from "~/components/ui/button";
import { Field, FieldError, FieldLabel, Input } from "~/components/ui/field";

/** Adding a passkey needs JavaScript (WebAuthn) and a recent sign-in. */
export function AddPasskey({ recent, reauthUrl }: { recent: boolean; reauthUrl: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { add, error, stale, busy } = useAddPasskey(async () => {
    setName("");
    await revalidator.revalidate();
  }, "The passkey was not added. Try again.");
  /** Checks the name as the server will, before asking the browser for a passkey. */
  function addNamed() {
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? "Check the passkey's name");
      input.current?.focus();
      return;
    }
    setNameError(null);
    void add(parsed.data);
  }
  if (!hydrated || typeof window.PublicKeyCredential !== "function") {
    return <p className="mt-6 text-muted">To add a passkey, use a browser with JavaScript and passkey support.</p>;
  }
  if (!recent) {
    return (
      <p className="mt-6">
        To add a passkey, first{" "}
        <a href={reauthUrl} className="font-semibold text-primary-800 underline">
          sign in again
        </a>{" "}
        (you need to have signed in within the last 5 minutes).
      </p>
    );
  }
  return (
    <div className="mt-6 grid max-w-md gap-4 rounded-card border-2 border-line bg-white p-4">
      <Field
        name="passkey-name"
        id="new-passkey-name"
        error={stale ? "You need to sign in again before adding a passkey." : (nameError ?? error ?? undefined)}
      >
        <FieldLabel optional>Name for the new passkey</FieldLabel>
        <FieldError />
        <Input ref={input} value={name} onChange={(event) => setName(event.target.value)} placeholder="Work laptop" />
      </Field>
      <div>
        <Button type="button" onClick={addNamed} busy={busy}>
          Add a passkey
        </Button>
      </div>
    </div>
  );
}
