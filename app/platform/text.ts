/**
 * What text that people type may hold, for every boundary: the console's
 * short texts, the enquiry forms, the communication endpoint, the e-mail
 * headers built from what a visitor typed, and the traffic figures' values.
 *
 * Refused (or, in a header, made a space) are the control characters (C0,
 * DEL, C1: a terminal's escapes, a NUL, a header's CR LF) and the invisible
 * ones that change how a line reads: bidirectional embeddings, overrides and
 * isolates (a name shown backwards: "exe.png" read as "gnp.exe") and the line
 * and paragraph separators. Left alone are the marks LRM and RLM, which
 * right-to-left writing uses and which cannot reorder a run by themselves.
 * Text of several lines may also hold tab, LF and CR. No zod here: the
 * public pages' client code uses it (a short text's schema: ./short-text.ts).
 */
const C0_BUT_TAB_AND_BREAKS = "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f";
const TAB_AND_BREAKS = "\\t\\n\\r";
const DEL_AND_C1 = "\\u007f-\\u009f";
const LINE_SEPARATORS = "\\u2028\\u2029";
const BIDI_CONTROLS = "\\u202a-\\u202e\\u2066-\\u2069";
const NOT_IN_A_LINE = `[${C0_BUT_TAB_AND_BREAKS}${TAB_AND_BREAKS}${DEL_AND_C1}${LINE_SEPARATORS}${BIDI_CONTROLS}]`;
const NOT_IN_LINES = `[${C0_BUT_TAB_AND_BREAKS}${DEL_AND_C1}${BIDI_CONTROLS}]`;
const notInALine = new RegExp(NOT_IN_A_LINE);
const notInALineAll = new RegExp(NOT_IN_A_LINE, "g");
const notInLines = new RegExp(NOT_IN_LINES);

/** Whether `value` holds a character that text of one line (or, with `lines`, of several) never holds. */
export function hasDisallowedCharacters(value: string, { lines = false }: { lines?: boolean } = {}): boolean {
  return (lines ? notInLines : notInALine).test(value);
}

/**
 * One line, for a header or a subject whatever the input: each of those
 * characters becomes a space, runs of white space become one, and the ends
 * are trimmed.
 */
export function singleLine(value: string): string {
  return value.replace(notInALineAll, " ").replace(/\s+/g, " ").trim();
}

/**
 * A value decoded once more when it is still percent-encoded (a link or a
 * path encoded twice: "ama%40example.org"); as it was when that fails.
 */
export function decodedOnce(value: string): string {
  if (!/%[0-9a-f]{2}/i.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
