/**
 * The browser side of passkeys (better-auth's client with its passkey
 * plugin), loaded on demand by the pages that use it: sign-in and account.
 */
import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";
import { STAFF_AUTH_PATH } from "./sign-in";

export function consoleAuthClient() {
  return createAuthClient({ baseURL: `${window.location.origin}${STAFF_AUTH_PATH}`, plugins: [passkeyClient()] });
}

/** Signs in with a passkey; true when a session was created. */
export async function signInWithPasskey(): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await consoleAuthClient().signIn.passkey();
  if (result.error && "code" in result.error && result.error.code === "USER_VERIFICATION_REQUIRED") {
    // ADR 020: a passkey counts as two factors only with its PIN, fingerprint or face.
    return {
      ok: false,
      message: "That passkey did not ask for your PIN, fingerprint or face, so it cannot sign you in.",
    };
  }
  if (result.error || !result.data) return { ok: false, message: "We could not sign you in with a passkey." };
  return { ok: true };
}

/** Registers a passkey on this device for the signed-in member. */
export async function addPasskey(name: string): Promise<{ ok: true } | { ok: false; status: number }> {
  const result = await consoleAuthClient().passkey.addPasskey({ name: name || undefined });
  if (result.error) return { ok: false, status: result.error.status };
  return { ok: true };
}

/** Whether this browser can use passkeys at all. */
export function passkeysSupported() {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}
