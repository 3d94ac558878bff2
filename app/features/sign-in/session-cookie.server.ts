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

/**
 * The request's headers as a browser without a session would send them: its
 * session cookie emptied (better-auth's merge of a `Set-Cookie`), its other
 * cookies kept. `sessionCookie` is the session token's cookie name
 * (`authCookies.sessionToken.name` of better-auth's context).
 */
export function headersWithoutSession(request: Request, sessionCookie: string): Headers {
  const headers = new Headers(request.headers);
  applySetCookies(headers, [`${sessionCookie}=; Max-Age=0`]);
  return headers;
}
