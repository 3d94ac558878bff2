import { createContext } from "react-router";
import type { AppServices } from "./services";

/**
 * Values the Express server hands to loaders and actions for each request.
 * The server reads these context objects from the build's entry module
 * (entry.server.tsx re-exports them), so both sides share one identity.
 */
export const nonceContext = createContext<string | null>(null);
export const servicesContext = createContext<AppServices | null>(null);
