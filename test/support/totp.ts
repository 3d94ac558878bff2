import { TOTP } from "otpauth";
import {
  TOTP_DIGITS,
  TOTP_PERIOD_MS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  totpStep,
} from "../../app/features/sign-in/sign-in";
import { waitFor } from "./wait";

/**
 * An authenticator app's codes in the tests, as a phone's would be (the
 * otpauth library), for the unit tests (./staff-auth.ts, AuthenticatorApp)
 * and the end-to-end ones (./staff.ts, appCode); a new app's first code:
 * currentAppCode.
 *
 * The server accepts the code of the current step or of up to TOTP_WINDOW
 * steps either side (app/features/sign-in/sign-in.ts, whose values these are),
 * and each step's code once, in order. A test that needs several codes takes
 * the earliest step's first (the previous one's, with a window of one), and
 * waits for the clock only when every step in the window is used. The
 * earliest step's code is given only while PREVIOUS_STEP_MARGIN_MS of the
 * current step remain, so it is still inside the window when the server
 * checks it (after a browser has typed it, on a loaded machine).
 */
const PREVIOUS_STEP_MARGIN_MS = 10_000;

/** The step of the next code to give after `last`, or undefined while none is left until the clock moves on. */
export function nextAppStep(last: number, now = Date.now()): number | undefined {
  const step = totpStep(now);
  // The earliest step's code stops working when the current step ends.
  const marginLeft = (step + 1) * TOTP_PERIOD_MS - now >= PREVIOUS_STEP_MARGIN_MS;
  const earliest = step - TOTP_WINDOW + (marginLeft ? 0 : 1);
  const next = Math.max(last + 1, earliest);
  return next <= step + TOTP_WINDOW ? next : undefined;
}

/** The code of step `step` for the key `secret` (base32). */
export function appCodeAt(secret: string, step: number): string {
  return new TOTP({ secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).generate({
    timestamp: step * TOTP_PERIOD_MS,
  });
}

/** The code of the app set up with key `secret` for the current step (Date.now(), which a test may have set). */
export const currentAppCode = (secret: string) => appCodeAt(secret, totpStep());

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
