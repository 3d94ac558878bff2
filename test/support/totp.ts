import { TOTP } from "otpauth";
import { waitFor } from "./wait";

/**
 * An authenticator app's codes in the tests, as a phone's would be (the
 * otpauth library), for the unit tests (./staff-auth.ts, AuthenticatorApp)
 * and the end-to-end ones (./staff.ts, appCode).
 *
 * The server accepts the code of the current 30-second step or of one either
 * side (app/features/sign-in/second-factor.server.ts, TOTP_WINDOW), and each
 * step's code once, in order. A test that needs several codes takes the
 * previous step's first, then the current one's, then the next one's, and
 * waits for the clock only when all three are used. The previous step's code
 * is given only while PREVIOUS_STEP_MARGIN_MS of the current step remain, so
 * it is still inside the window when the server checks it (after a browser
 * has typed it, on a loaded machine).
 */
export const TOTP_PERIOD_MS = 30_000;
const PREVIOUS_STEP_MARGIN_MS = 10_000;

/** The 30-second step a moment falls in. */
export const currentStep = (at = Date.now()) => Math.floor(at / TOTP_PERIOD_MS);

/** The step of the next code to give after `last`, or undefined while none is left until the clock moves on. */
export function nextAppStep(last: number, now = Date.now()): number | undefined {
  const step = currentStep(now);
  const earliest = (step + 1) * TOTP_PERIOD_MS - now >= PREVIOUS_STEP_MARGIN_MS ? step - 1 : step;
  const next = Math.max(last + 1, earliest);
  return next <= step + 1 ? next : undefined;
}

/** The code of step `step` for the key `secret` (base32). */
export function appCodeAt(secret: string, step: number): string {
  return new TOTP({ secret, digits: 6, period: TOTP_PERIOD_MS / 1000 }).generate({ timestamp: step * TOTP_PERIOD_MS });
}

/** Waits until a code is left after the step `last()` gives (up to two steps' time), and returns its step. */
export async function waitForAppStep(last: () => number, what: string): Promise<number> {
  let next: number | undefined;
  await waitFor(() => (next = nextAppStep(last())) !== undefined, {
    timeoutMs: 2 * TOTP_PERIOD_MS,
    intervalMs: 250,
    what,
  });
  return next!;
}
