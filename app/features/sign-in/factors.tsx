import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { useHydrated } from "~/features/console";
import { ButtonForm, PostForm, SubmitButton } from "~/features/console";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";
import type { FactorResult } from "~/features/sign-in/sign-in";

/**
 * The pieces of setting up second factors (ADR 020), shared by the enrolment
 * page and the Account page; their actions are ~/routes/staff/access/factor-actions.server.
 */

/** "Set up an authenticator app": asks the server for a new key. */
export function StartApp({ label = "Set up an authenticator app" }: { label?: string }) {
  return (
    <ButtonForm hiddenFields={{ intent: "start-app" }} variant="outline">
      {label}
    </ButtonForm>
  );
}

/** The key to type into the app (in groups of four), a link for an app on this device, and the code to confirm it. */
export function AppSetup({ result }: { result: Extract<FactorResult, { step: "app" | "confirm-app" }> }) {
  const error = result.step === "confirm-app" ? result.error : undefined;
  return (
    <section
      aria-labelledby="app-setup-heading"
      className="mt-6 grid gap-6 rounded-card border-2 border-line bg-white p-4"
    >
      <h2 id="app-setup-heading" className="text-2xl">
        Set up your authenticator app
      </h2>
      {error ? <ErrorSummary errors={[{ field: "app-confirm-code", message: error }]} /> : null}
      {result.step === "app" ? (
        <ol className="grid list-decimal gap-3 pl-6">
          <li>
            Open an authenticator app (for example Microsoft Authenticator, Google Authenticator or 1Password) and add
            an account by typing in a key.
          </li>
          <li>
            Enter this key, with the account name Maternis:{" "}
            <code id="app-secret" className="block py-2 font-mono text-lg break-all">
              {result.secret.match(/.{1,4}/g)?.join(" ")}
            </code>
            On a phone with the app,{" "}
            <a href={result.uri} className="font-semibold text-primary-800 underline">
              open this key in the app
            </a>{" "}
            instead.
          </li>
          <li>Enter the 6-digit code the app then shows.</li>
        </ol>
      ) : (
        <p>
          Enter the code your app shows for Maternis, or <StartAgain />.
        </p>
      )}
      <CodeForm
        hiddenFields={{ intent: "confirm-app" }}
        id="app-confirm-code"
        label="Code from the app"
        hint="It changes every 30 seconds."
        error={error}
        value={result.step === "confirm-app" ? result.code : ""}
        submit="Confirm the app"
      />
    </section>
  );
}

function StartAgain() {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="start-app" />
      <button type="submit" className="font-semibold text-primary-800 underline">
        start again with a new key
      </button>
    </Form>
  );
}

/** Recovery codes, shown once: each signs in once, with the e-mail code, when the app or passkey is not at hand. */
export function RecoveryCodes({ codes, message }: { codes: string[]; message: string }) {
  return (
    <section
      aria-labelledby="recovery-heading"
      className="mt-6 grid gap-4 rounded-card border-2 border-success-800 bg-white p-4"
    >
      <p role="status" className="font-semibold">
        {message}
      </p>
      <h2 id="recovery-heading" className="text-2xl">
        Your recovery codes
      </h2>
      <p className="max-w-prose">
        Save these somewhere safe that is not this device, such as a password manager or a printed copy. If you lose
        your passkey or authenticator app, sign in with your e-mail code and one of these. Each works once, typed with
        or without its dashes. We will not show them again.
      </p>
      <ul aria-label="Recovery codes" className="grid gap-2 font-mono sm:grid-cols-2 sm:text-lg">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Enrolling a passkey (JavaScript and a browser with passkeys): adds one on
 * this device, then tells the server, which answers with recovery codes.
 */
export function EnrolPasskey({ reauthUrl }: { reauthUrl: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const { add, error, stale, busy } = useAddPasskey(
    () => submit({ intent: "passkey-enrolled" }, { method: "post" }),
    "The passkey was not added. Use one that asks for your PIN, fingerprint or face, and try again.",
  );
  if (!hydrated || typeof window.PublicKeyCredential !== "function") {
    return (
      <p className="text-muted">To use a passkey, open this page in a browser with JavaScript and passkey support.</p>
    );
  }
  return (
    <div className="grid gap-3">
      {stale ? (
        <p role="alert" className="font-semibold text-danger-700">
          Your e-mail code was more than 5 minutes ago.{" "}
          <a href={reauthUrl} className="underline">
            Sign in again
          </a>{" "}
          to add a passkey.
        </p>
      ) : error ? (
        <p role="alert" className="font-semibold text-danger-700">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="button" onClick={() => void add("")} disabled={busy}>
          Add a passkey on this device
        </Button>
      </div>
    </div>
  );
}

/**
 * Adding a passkey on this device: `add(name)` asks the browser for one, then
 * runs `onAdded`. `stale` when the sign-in was too long ago; otherwise `error`
 * says why it was not added (`refused`: the browser or the server said no).
 */
export function useAddPasskey(onAdded: () => Promise<unknown>, refused: string) {
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  async function add(name: string) {
    setBusy(true);
    setError(null);
    setStale(false);
    try {
      const { addPasskey } = await import("~/features/sign-in/passkey-client");
      const result = await addPasskey(name);
      if (result.ok) await onAdded();
      else if (result.status === 403) setStale(true);
      else setError(refused);
    } catch {
      setError("The passkey was not added. Try again.");
    }
    setBusy(false);
  }
  return { add, error, stale, busy };
}

/** A form of one code field and its submit button: the e-mail code, the app's code at sign-in or when setting it up. */
export function CodeForm({
  hiddenFields,
  submit,
  busy,
  ...field
}: { hiddenFields: Record<string, string>; submit: string; busy?: boolean } & Parameters<typeof CodeField>[0]) {
  return (
    <PostForm hiddenFields={hiddenFields} className="grid gap-6" noValidate>
      <CodeField {...field} />
      <SubmitButton busy={busy}>{submit}</SubmitButton>
    </PostForm>
  );
}

/** A one-time code's field (e-mail, app): digits, the phone's one-time-code autofill, what was typed kept on an error. */
export function CodeField({
  id,
  label,
  hint,
  error,
  value,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
}) {
  return (
    <Field name="code" id={id} hint={hint} error={error}>
      <FieldLabel>{label}</FieldLabel>
      {hint ? <FieldHint /> : null}
      <FieldError />
      <Input
        key={error ?? id}
        defaultValue={value}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={12}
        className="max-w-48 text-xl tracking-widest"
        required
      />
    </Field>
  );
}
