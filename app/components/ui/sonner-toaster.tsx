import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { TOAST_DURATION_MS } from "./toast-durations";

let markMounted: () => void;
/** Resolves once the region is on the page: a toast raised earlier would not be shown. */
export const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Sonner, styled for the site: see ./toaster.tsx, which loads this on demand. */
export default function SonnerToaster() {
  useEffect(() => markMounted(), []);
  return (
    <Sonner
      containerAriaLabel="Notifications"
      hotkey={["altKey", "KeyT"]}
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: "!rounded-card !border !border-line !bg-white !text-ink !shadow-card !font-sans",
          title: "!text-base !font-semibold",
          description: "!text-sm !text-muted",
          error: "!border-danger-700 !bg-danger-50 [&_[data-title]]:!text-danger-700",
          success: "!border-success-800/30",
        },
      }}
    />
  );
}

export { toast };
