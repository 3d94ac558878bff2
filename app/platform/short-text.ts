import { z } from "zod";
import { hasDisallowedCharacters } from "./text";

/**
 * A short, single-line text a member types, like their own name or a
 * passkey's: inner runs of white space made one space, trimmed, at most `max`
 * characters, none that a line may not hold (hasDisallowedCharacters: controls
 * and bidi overrides). `what` starts each error ("Your name must be 100
 * characters or fewer"); `empty` is the error when nothing is left, and
 * without it nothing is allowed (the empty string).
 */
export function shortTextSchema({ what, max, empty }: { what: string; max: number; empty?: string }) {
  const text = empty ? z.string().min(1, empty) : z.string();
  return z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(
      text
        .max(max, `${what} must be ${max} characters or fewer`)
        .refine((value) => !hasDisallowedCharacters(value), `${what} contains characters that are not allowed`),
    );
}
