import { Toaster as Sonner, toast } from "sonner";

/** Default durations (SPEC section 9): 5000 ms for errors, 4000 ms otherwise. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_ERROR_DURATION_MS = 5000;

/**
 * The site's one notification region: labelled 'Notifications', focusable with
 * Alt+T, one visible toast at a time (SPEC section 9).
 */
export function Toaster() {
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

export function notifySuccess(title: string, description: string) {
  toast.success(title, { description, duration: TOAST_DURATION_MS });
}

/** A destructive notification (SPEC section 8: 'Message Failed', 'Error'). */
export function notifyError(title: string, description: string) {
  toast.error(title, { description, duration: TOAST_ERROR_DURATION_MS });
}
