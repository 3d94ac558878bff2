/**
 * How long a toast stays: 5000 ms for errors, 4000 ms otherwise. A module of
 * its own so that the toaster and the lazily loaded Sonner region can both use
 * them without importing each other.
 */
export const TOAST_DURATION_MS = 4000;
export const TOAST_ERROR_DURATION_MS = 5000;
