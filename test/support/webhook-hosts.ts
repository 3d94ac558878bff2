import { expect } from "vitest";

/**
 * For tests of the integrations' outgoing requests and addresses
 * (app/features/integrations): host names resolved without the internet, and
 * a stand-in for the secret part of a webhook's address.
 *
 *   resolverOf(...addresses: string[]): { asked: string[]; lookup(hostname): Promise<Resolved[]> }
 *     A resolver (the `lookup` the integrations take) that answers `addresses`
 *     for any host name, and records which host names it was asked.
 *   PUBLIC_ADDRESS, publicLookup: an address webhooks may reach (not a documentation range), and a
 *     resolver that answers it for every host name (for tests that save endpoints like hooks.slack.com).
 *   SECRET_PATH: string
 *     A path and query that stand for a webhook's secret.
 *   expectNoSecret(message: string): void
 *     Fails when `message` repeats any part of SECRET_PATH.
 *   rejectionOf(promise: Promise<unknown>): Promise<Error>
 *     The Error `promise` rejects with; fails when it resolves.
 */

export function resolverOf(...addresses: string[]) {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
  };
  return { asked, lookup };
}

export const PUBLIC_ADDRESS = "93.184.215.14";
export const publicLookup = resolverOf(PUBLIC_ADDRESS).lookup;

export const SECRET_PATH = "/services/T0SECRET/B0SECRET/xoxSECRETTOKEN?sig=SECRETSIG";

export function expectNoSecret(message: string) {
  expect(message).not.toMatch(/SECRET|services|sig=/);
}

export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`Expected a rejection, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(Error);
  return outcome.error as Error;
}
