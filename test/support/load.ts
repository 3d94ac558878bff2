/**
 * Generating load: a seeded random sequence and a bounded pool of tasks.
 */
/** A small seeded PRNG (mulberry32): the same seed gives the same sequence. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

/** Runs `tasks` with at most `limit` at a time; resolves with every result or error in order. */
export async function pool<T>(
  count: number,
  limit: number,
  task: (i: number) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(count);
  let next = 0;
  async function lane() {
    while (next < count) {
      const i = next++;
      try {
        results[i] = { status: "fulfilled", value: await task(i) };
      } catch (reason) {
        results[i] = { status: "rejected", reason };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, count) }, lane));
  return results;
}
