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
const CONTROLS = "\\u0000-\\u001f\\u007f-\\u009f";
const REORDERING = "\\u2028-\\u202e\\u2066-\\u2069";
const NOT_IN_A_LINE = new RegExp(`[${CONTROLS}${REORDERING}]`);
const NOT_IN_A_LINE_ALL = new RegExp(`[${CONTROLS}${REORDERING}]`, "g");
const NOT_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Whether `value` holds a character that text of one line (or, with `lines`, of several) never holds. */
export function hasControls(value: string, { lines = false }: { lines?: boolean } = {}): boolean {
  return (lines ? NOT_IN_LINES : NOT_IN_A_LINE).test(value);
}

/**
 * One line, for a header or a subject whatever the input: each of those
 * characters becomes a space, runs of white space become one, and the ends
 * are trimmed.
 */
export function singleLine(value: string): string {
  return value.replace(NOT_IN_A_LINE_ALL, " ").replace(/\s+/g, " ").trim();
}
