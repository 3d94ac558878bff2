import { useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "~/features/console";
import { Button } from "~/components/ui/button";

/** Where the recovery codes just shown are downloaded as a .txt file (a POST from this section: never in a URL). */
export const RECOVERY_CODES_DOWNLOAD = "/staff/account/recovery-codes.txt";

/**
 * Recovery codes, shown once (ADR 020): each signs in once, with the e-mail
 * code, when the app or passkey is not at hand. From an alphabet with no
 * look-alikes (no 0/o, 1/l/i), in lower case. Download (.txt) works without
 * JavaScript (a form post); Copy and Print come with it. Printing the page
 * prints this section alone (app/console.css, `data-print-alone`).
 */
export function RecoveryCodes({ codes, message }: { codes: string[]; message: string }) {
  return (
    <section
      aria-labelledby="recovery-heading"
      data-print-alone
      className="mt-6 grid gap-4 rounded-card border-2 border-success-800 bg-white p-4"
    >
      <p role="status" className="font-semibold print:hidden">
        {message}
      </p>
      <h2 id="recovery-heading" className="text-2xl">
        Your recovery codes
      </h2>
      <p className="max-w-prose">
        Save these somewhere safe that is not this device, such as a password manager or a printed copy. If you lose
        your passkey or authenticator app, sign in with your e-mail code and one of these. Each works once, typed with
        or without its dashes. We will not show them again.
      </p>
      <ul aria-label="Recovery codes" className="grid gap-2 font-mono sm:grid-cols-2 sm:text-lg">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Form method="post" action={RECOVERY_CODES_DOWNLOAD} reloadDocument>
          {codes.map((code) => (
            <input key={code} type="hidden" name="code" value={code} />
          ))}
          <Button type="submit" variant="outline" size="sm">
            Download as a text file
          </Button>
        </Form>
        <CopyAndPrint codes={codes} />
      </div>
    </section>
  );
}

/** Copy and Print, once JavaScript runs (the clipboard and the print dialog need it); what happened is announced. */
function CopyAndPrint({ codes }: { codes: string[] }) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  if (!hydrated) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(`${codes.join("\n")}\n`);
      setSaid("The codes are copied. Paste them into your password manager.");
    } catch {
      setSaid("Your browser did not let us copy. Select the codes and copy them, or download them.");
    }
  }
  return (
    <>
      {typeof navigator.clipboard?.writeText === "function" ? (
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          Copy the codes
        </Button>
      ) : null}
      <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
        Print
      </Button>
      <p role="status" className="basis-full text-sm">
        {said}
      </p>
    </>
  );
}
