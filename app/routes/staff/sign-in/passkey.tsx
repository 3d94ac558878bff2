import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";

/** "Sign in with a passkey": only once JavaScript runs, in a browser that supports passkeys. */
export function PasskeySignIn({ returnTo }: { returnTo: string }) {
  const [supported, setSupported] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === "function");
  }, []);
  if (!supported) return null;
  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const { signInWithPasskey } = await import("~/features/sign-in/passkey-client");
      const result = await signInWithPasskey();
      if (result.ok) {
        window.location.assign(returnTo);
        return;
      }
      setError(`${result.message} Use a code instead, or try again.`);
    } catch {
      setError("We could not sign you in with a passkey. Use a code instead, or try again.");
    }
    setBusy(false);
  }
  return (
    <div className="mb-8 grid gap-3 border-b-2 border-line pb-8">
      {error ? (
        <p role="alert" className="font-semibold text-danger-700">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="button" variant="outline" onClick={() => void signIn()} busy={busy}>
          Sign in with a passkey
        </Button>
      </div>
      <p className="text-sm text-muted">Or sign in with a code sent to your e-mail:</p>
    </div>
  );
}
