/**
 * The seeded mix of faults/malformed.test.ts: TOTAL cases, 72 % form posts
 * (./form-cases.ts) and the rest requests to the communication endpoint
 * (./api-cases.ts), some without an Origin header.
 */
import { prng } from "../../test/support/load";
import { apiCaseGenerators } from "./api-cases";
import type { Case } from "./case";
import { formCaseGenerators } from "./form-cases";

export const TOTAL = 1000;

/** TOTAL cases from `seed` (the same seed, the same cases), posted to the server at `origin`. */
export function generate(seed: number, origin: string): Case[] {
  const r = prng(seed);
  const cases: Case[] = [];
  const formGenerators = formCaseGenerators(r, origin);
  const apiGenerators = apiCaseGenerators(r);
  for (let i = 0; i < TOTAL; i++) {
    const c = r.chance(0.72) ? r.pick(formGenerators)() : r.pick(apiGenerators)();
    // Some requests without an Origin header (allowed: not cross-site), as simple clients send them.
    if (c.request.headers && "Origin" in c.request.headers && r.chance(0.1)) delete c.request.headers.Origin;
    cases.push(c);
  }
  return cases;
}
