/**
 * What a browser posts to an enquiry form: the fields, the empty honeypot and
 * a signed formStartedAt token, urlencoded or as multipart/form-data.
 * Plain Node can run this module (the benchmark scripts import it), so it
 * imports nothing through the ~ alias.
 */
import { createHmac } from "node:crypto";
import { HONEYPOT_FIELD, TIMESTAMP_FIELD } from "../../app/features/enquiries/form-guard.ts";

export { HONEYPOT_FIELD, TIMESTAMP_FIELD };

/**
 * A valid anti-spam token issued at `issuedAt`, signed with `secret`: the same
 * token app/features/enquiries/form-guard.server.ts issues (form-posts.test.ts checks that).
 */
export function formToken(secret: string, issuedAt = Date.now() - 5_000): string {
  const signature = createHmac("sha256", Buffer.from(secret, "utf8")).update(`form:${issuedAt}`).digest("base64url");
  return `${issuedAt}.${signature}`;
}

/** The urlencoded body of a form post: an empty honeypot, the token, then the fields. */
export function urlencodedForm(fields: Record<string, string>, token: string): URLSearchParams {
  const body = new URLSearchParams();
  body.set(HONEYPOT_FIELD, "");
  body.set(TIMESTAMP_FIELD, token);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

/**
 * The fields of the `n`-th contact enquiry a benchmark posts (scripts/):
 * a name and an address of its own, the same clinic and role, and `message`.
 */
export function benchContactFields(n: number, message: string): Record<string, string> {
  return {
    name: `Bench Person ${n}`,
    email: `bench-${n}@example.org`,
    organization: "Bench Clinic",
    role: "Midwife",
    interest: "general",
    message,
  };
}

export type MultipartPart = { name: string; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body with exactly these parts (no honeypot or token added). */
export function multipartBody(parts: MultipartPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
