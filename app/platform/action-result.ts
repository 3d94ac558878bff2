/**
 * Reads the answer of a route action posted to its `.data` endpoint (React
 * Router's single fetch) without React Router in the browser.
 *
 * The body is turbo-stream: its first line a JSON array in which every value
 * is stored once and referred to by index; an object is `{"_<key index>":
 * <value index>}`, an array a list of indexes, and a few negative indexes
 * stand for values JSON lacks. An action's answer is `{ data }` (or `{ error }`,
 * or a redirect). The enquiry actions return plain data only: strings,
 * numbers, booleans, null, undefined, objects and arrays. Anything else (a
 * typed entry, a promise, a redirect, an error) makes this throw, and the form
 * then falls back to the browser's own post, which works without JavaScript.
 */
const special: Record<number, unknown> = {
  [-7]: undefined,
  [-5]: null,
  [-2]: NaN,
  [-6]: Infinity,
  [-3]: -Infinity,
  [-4]: -0,
};

export function decodeActionData(body: string): unknown {
  const newline = body.indexOf("\n");
  const parsed: unknown = JSON.parse(newline === -1 ? body : body.slice(0, newline));
  if (!Array.isArray(parsed) || parsed.length === 0) throw new SyntaxError("not a turbo-stream body");
  const values: unknown[] = parsed;
  const seen = new Map<number, unknown>();

  function hydrate(index: number, depth: number): unknown {
    if (index in special) return special[index];
    if (depth > 32 || !Number.isInteger(index) || index < 0 || index >= values.length)
      throw new SyntaxError(`bad index ${index}`);
    if (seen.has(index)) return seen.get(index);
    const value: unknown = values[index];
    let result: unknown;
    if (value === null || typeof value !== "object") result = value;
    else if (Array.isArray(value)) {
      if (typeof value[0] === "string") throw new SyntaxError(`typed value ${value[0]}`);
      result = value.map((item: number) => (item === -1 ? undefined : hydrate(item, depth + 1)));
    } else {
      const object: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value as Record<string, number>)) {
        const name = hydrate(Number(key.slice(1)), depth + 1);
        if (typeof name !== "string") throw new SyntaxError("bad key");
        object[name] = hydrate(item, depth + 1);
      }
      result = object;
    }
    seen.set(index, result);
    return result;
  }

  const decoded = hydrate(0, 0);
  if (!decoded || typeof decoded !== "object" || !("data" in decoded)) throw new Error("the action answered no data");
  return (decoded as { data: unknown }).data;
}
