import { ButtonForm } from "~/features/console";
import { ErrorSummary } from "~/components/ui/error-summary";
import type { AppSetupView, FactorResult } from "~/features/sign-in/sign-in";
import { CodeForm } from "./factors";

/**
 * Setting up an authenticator app (ADR 020, issue 43), on the enrolment and
 * Account pages: a QR code of the otpauth: link beside the key in groups of
 * four that never break inside a group, the code to confirm it, and Cancel.
 * The set-up is the page loader's (`appSetupView`): it survives a reload
 * until it is confirmed or cancelled (or lapses after 10 minutes). `result`
 * is the page's last factor post (FactorResult).
 */
export function AppSetup({ setup, result }: { setup: AppSetupView; result?: FactorResult | null }) {
  // The last post's refusal, when it was this form's: its error, and the code as typed.
  const refused = result?.step === "confirm-app" ? result : undefined;
  const error = refused?.error;
  const code = refused?.code;
  return (
    <section
      id="app-setup"
      aria-labelledby="app-setup-heading"
      className="mt-6 grid gap-6 rounded-card border-2 border-line bg-white p-4"
    >
      <h2 id="app-setup-heading" className="text-2xl">
        Set up your authenticator app
      </h2>
      {error ? <ErrorSummary errors={[{ field: "app-confirm-code", message: error }]} /> : null}
      <ol className="grid list-decimal gap-4 pl-6">
        <li>
          Open an authenticator app (for example Microsoft Authenticator, Google Authenticator or 1Password) and add an
          account.
        </li>
        <li>
          <div className="grid items-start gap-4 sm:grid-cols-[auto_minmax(0,1fr)]">
            <QrCode qr={setup.qr} />
            <div className="grid gap-2">
              <p>Scan this QR code with the app, or type in this key with the account name Maternis:</p>
              <AppKey groups={setup.groups} />
              <p>
                On a phone with the app,{" "}
                <a href={setup.uri} className="font-semibold text-primary-800 underline">
                  open this key in the app
                </a>{" "}
                instead.
              </p>
            </div>
          </div>
        </li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <CodeForm
        hiddenFields={{ intent: "confirm-app" }}
        id="app-confirm-code"
        label="Code from the app"
        hint="It changes every 30 seconds."
        error={error}
        value={code ?? ""}
        submit="Confirm the app"
      />
      <div className="grid gap-2 border-t-2 border-line pt-4">
        <p className="text-sm text-muted">
          This key stays here until you confirm it or cancel, until {setup.until}. Cancelling throws it away: remove it
          from the app too.
        </p>
        <div>
          <ButtonForm hiddenFields={{ intent: "cancel-app" }} variant="ghost" size="sm">
            Cancel setting up the app
          </ButtonForm>
        </div>
      </div>
    </section>
  );
}

/** The key to type in: groups of four, each kept whole on one line; lines break only between groups. */
export function AppKey({ groups }: { groups: string[] }) {
  return (
    <code id="app-secret" className="block py-2 font-mono text-lg leading-loose tracking-wide">
      {groups.map((group, i) => (
        <span key={i}>
          {i > 0 ? " " : null}
          <span data-key-group className="whitespace-nowrap">
            {group}
          </span>
        </span>
      ))}
    </code>
  );
}

/**
 * The QR code of the otpauth: link, drawn as one SVG path on a white square
 * (the server's ./qr.server.ts): no script, no inline style, no image
 * request. At least 4 px a module (a phone reads it from a screen).
 */
export function QrCode({ qr }: { qr: AppSetupView["qr"] }) {
  return (
    <svg
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width={qr.size * 4}
      height={qr.size * 4}
      role="img"
      aria-labelledby="app-qr-title"
      shapeRendering="crispEdges"
      className="max-w-full border border-line"
      data-qr-size={qr.size}
    >
      <title id="app-qr-title">QR code of the key, for the authenticator app to scan</title>
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={qr.path} fill="#000000" />
    </svg>
  );
}
