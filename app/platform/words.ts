/** Counting in words, the same on every page and in every e-mail. */

/**
 * A count and its noun: "1 enquiry", "2 enquiries", "1,250 visitors". The
 * number is grouped as in en-GB; `many` defaults to `one` with an "s".
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${grouped(n)} ${n === 1 ? one : many}`;
}

/** A number with its thousands grouped as in en-GB: "1,250". */
export function grouped(n: number): string {
  return n.toLocaleString("en-GB");
}
