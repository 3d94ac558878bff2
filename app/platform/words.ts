/** Counting in words, the same on every page and in every e-mail. */

/**
 * A count and its noun: "1 enquiry", "2 enquiries", "1,250 visitors". The
 * number is grouped as in en-GB; `many` defaults to `one` with an "s".
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
}
