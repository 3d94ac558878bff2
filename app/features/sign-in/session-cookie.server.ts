import { applySetCookies } from "better-auth/cookies";

/**
 * The request as the browser will send its next one, once it has the
 * cookies `setCookies` sets (better-auth's own merge of `Set-Cookie` into
 * `Cookie`). Used when a session is replaced during a request (enrolment:
 * docs/decisions/020-multi-factor-sign-in.md), so the rest of that request
 * (the recovery codes, the loaders after the action) acts as the new session.
 */
export function requestWithCookies(request: Request, setCookies: Headers): Request {
  const headers = new Headers(request.headers);
  applySetCookies(headers, setCookies.getSetCookie());
  return new Request(request.url, { method: "GET", headers });
}
