import { lazy, Suspense, useSyncExternalStore } from "react";
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from "./toast-durations";

const loadSonner = () => import("./sonner-toaster");
const SonnerToaster = lazy(loadSonner);

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Loads the notification code and puts the region on the page. The enquiry
 * forms call this when a visitor starts on them (the first focus), so the
 * region is there, and announced by screen readers, well before the first
 * toast, and a page that is only read never downloads it.
 */
export function prepareToasts() {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return loadSonner();
}

/**
 * The notification region: labelled 'Notifications', focusable with Alt+T,
 * one visible toast at a time. Only the enquiry pages show
 * toasts, so only they render it, and it appears once prepared.
 */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

async function notify(kind: "success" | "error", title: string, description: string) {
  const { toast, mounted } = await prepareToasts();
  await mounted;
  toast[kind](title, {
    description,
    duration: kind === "error" ? TOAST_ERROR_DURATION_MS : TOAST_DURATION_MS,
  });
}

export function notifySuccess(title: string, description: string) {
  void notify("success", title, description);
}

/** A destructive notification (the forms' "Message Failed" and "Error"). */
export function notifyError(title: string, description: string) {
  void notify("error", title, description);
}
