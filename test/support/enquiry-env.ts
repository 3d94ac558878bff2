/**
 * Imported first by the enquiry page and action tests (tests only), before
 * anything reads the environment: a fixed form secret and a throwaway
 * DATA_DIR. A file that needs another setting (FORM_MIN_FILL_MS) sets it in
 * `vi.hoisted`, which runs before any import.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.FORM_SECRET ??= "enquiry-test-secret-0123456789abcdef-0123";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "maternis-enquiry-test-"));
