import { useState } from "react";
import { useRevalidator } from "react-router";
import { useHydrated } from "~/features/console/console-shell";
import { useAddPasskey } from "~/features/sign-in/factors";
import { Button } from "~/components/ui/button";
import { Field, FieldError, FieldLabel, Input } from "~/components/ui/field";

/** Adding a passkey needs JavaScript (WebAuthn) and a recent sign-in. */
export function AddPasskey({ recent, reauthUrl }: { recent: boolean; reauthUrl: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const { add, error, stale, busy } = useAddPasskey(async () => {
    setName("");
    await revalidator.revalidate();
  }, "The passkey was not added. Try again.");
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
        error={stale ? "You need to sign in again before adding a passkey." : (error ?? undefined)}
      >
        <FieldLabel optional>Name for the new passkey</FieldLabel>
        <FieldError />
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={80}
          placeholder="Work laptop"
        />
      </Field>
      <div>
        <Button type="button" onClick={() => void add(name.trim())} busy={busy}>
          Add a passkey
        </Button>
      </div>
    </div>
  );
}
