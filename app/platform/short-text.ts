import { z } from "zod";

/**
 * A short, single-line text a member types, like their own name or a
 * passkey's: inner runs of white space made one space, trimmed, at most `max`
 * characters, no control characters. `what` starts each error ("Your name
 * must be 100 characters or fewer"); `empty` is the error when nothing is
 * left, and without it nothing is allowed (the empty string).
 */
/**
 * Control characters (C0, DEL, C1) and the invisible ones that change how
 * text reads: bidirectional overrides and isolates (a name shown backwards,
 * "gnp.exe"), marks, and line and paragraph separators.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

export function shortTextSchema({ what, max, empty }: { what: string; max: number; empty?: string }) {
  const text = empty ? z.string().min(1, empty) : z.string();
  return z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(
      text
        .max(max, `${what} must be ${max} characters or fewer`)
        .refine((value) => !CONTROLS.test(value), `${what} cannot contain control characters`),
    );
}
