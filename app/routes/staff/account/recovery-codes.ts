import { company } from "~/platform/company";
import { londonTime } from "~/platform/london-time";
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH, normaliseRecoveryCode } from "~/features/sign-in/sign-in";
import { getConsole, getStaff, postOnly } from "~/routes/staff/access/request.server";
import type { Route } from "./+types/recovery-codes";

/**
 * POST /staff/account/recovery-codes.txt with the codes just shown as form
 * fields `code` (issue 43): the same codes as a text file to keep, without
 * JavaScript. A POST from the page that shows them: the codes never go in a
 * URL. Only codes the member still holds are written (checked by their
 * hashes), so the file is never anything else than their unused codes.
 */
export const loader = postOnly;

const RECOVERY_CODE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);
const MAX_CODES = 20;

function refused(status: number, message: string) {
  return new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const codes = (await request.formData())
    .getAll("code")
    .slice(0, MAX_CODES + 1)
    .map((code) => String(code).slice(0, 64).trim());
  if (
    codes.length === 0 ||
    codes.length > MAX_CODES ||
    !codes.every((c) => RECOVERY_CODE.test(normaliseRecoveryCode(c)))
  )
    return refused(400, "Post the recovery codes shown on the page as the form fields code.");
  if (!(await getConsole(context).auth.holdsRecoveryCodes(request, codes)))
    return refused(409, "These are not your recovery codes now: make new ones on your Account page.");
  const text = [
    `${company.brand} staff console: recovery codes`,
    `For ${staff.member.email}, saved ${londonTime(new Date())} (London time).`,
    "",
    "Each code signs you in once, after your e-mail code, when your passkey or authenticator app",
    "is not at hand. Type it with or without its dashes. Keep this file somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\r\n");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${company.brand.toLowerCase()}-recovery-codes.txt"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
