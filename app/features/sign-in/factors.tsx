import { useState, type ComponentProps } from "react";
import { useSubmit } from "react-router";
import { SIGN_IN_PATH, useHydrated } from "~/features/console";
import { ALREADY_ENROLLED } from "./sign-in";
import { ButtonForm, PostForm, SubmitButton } from "~/features/console";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";

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

/**
 * Enrolling a passkey (JavaScript and a browser with passkeys): adds one on
 * this device, then tells the server, which answers with recovery codes.
 */
export function EnrolPasskey({ reauthUrl }: { reauthUrl: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const { add, error, stale, enrolled, busy } = useAddPasskey(
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
      ) : enrolled ? (
        <p role="alert" className="font-semibold text-danger-700">
          {ALREADY_ENROLLED}{" "}
          <a href={SIGN_IN_PATH} className="underline">
            Sign in again
          </a>{" "}
          with it.
        </p>
      ) : error ? (
        <p role="alert" className="font-semibold text-danger-700">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="button" onClick={() => void add("")} busy={busy}>
          Add a passkey on this device
        </Button>
      </div>
    </div>
  );
}

/**
 * Adding a passkey on this device: `add(name)` asks the browser for one, then
 * runs `onAdded`. `stale` when the sign-in was too long ago; `enrolled` when,
 * from a setup-only session, the member got a second factor elsewhere first
 * (the server's 409); otherwise `error` says why it was not added (`refused`:
 * the browser or the server said no).
 */
export function useAddPasskey(onAdded: () => Promise<unknown>, refused: string) {
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [enrolled, setEnrolled] = useState(false);
  const [busy, setBusy] = useState(false);
  async function add(name: string) {
    setBusy(true);
    setError(null);
    setStale(false);
    setEnrolled(false);
    try {
      const { addPasskey } = await import("~/features/sign-in/passkey-client");
      const result = await addPasskey(name);
      if (result.ok) await onAdded();
      else if (result.status === 403) setStale(true);
      else if (result.status === 409) setEnrolled(true);
      else setError(refused);
    } catch {
      setError("The passkey was not added. Try again.");
    }
    setBusy(false);
  }
  return { add, error, stale, enrolled, busy };
}

/**
 * A form of one code field and its submit button: the e-mail code, the app's
 * code at sign-in or when setting it up, a recovery code. `outline` when it
 * is the page's second way (a recovery code under the app's code).
 */
export function CodeForm({
  hiddenFields,
  submit,
  busy,
  outline = false,
  className,
  ...field
}: {
  hiddenFields: Record<string, string>;
  submit: string;
  busy?: boolean;
  outline?: boolean;
  className?: string;
} & Parameters<typeof CodeField>[0]) {
  return (
    <PostForm hiddenFields={hiddenFields} className={cn("grid gap-6", className)} noValidate>
      <CodeField {...field} />
      <SubmitButton busy={busy} variant={outline ? "outline" : undefined}>
        {submit}
      </SubmitButton>
    </PostForm>
  );
}

/** How each kind of code is typed: digits with the phone's one-time-code autofill, or a recovery code's letters and digits. */
const codeInputs = {
  digits: {
    inputMode: "numeric",
    autoComplete: "one-time-code",
    pattern: "[0-9]*",
    maxLength: 12,
    className: "max-w-48 text-xl tracking-widest",
  },
  recovery: { autoComplete: "off", spellCheck: false, maxLength: 64, className: "max-w-80 font-mono" },
} as const satisfies Record<string, ComponentProps<typeof Input>>;

/** A code's field (`digits`: e-mail, app; or a recovery code), what was typed kept on an error. */
export function CodeField({
  id,
  label,
  hint,
  error,
  value,
  code = "digits",
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  code?: keyof typeof codeInputs;
}) {
  return (
    <Field name="code" id={id} hint={hint} error={error}>
      <FieldLabel>{label}</FieldLabel>
      <FieldHint />
      <FieldError />
      <Input key={error ?? id} defaultValue={value} {...codeInputs[code]} required />
    </Field>
  );
}
