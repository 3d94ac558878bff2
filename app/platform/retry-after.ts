/**
 * A route's `headers` export for actions that answer 429 with Retry-After
 * (the enquiry forms, staff sign-in): passes the action's Retry-After on to
 * the document response (a form posted without JavaScript), which React
 * Router does not do by itself.
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
