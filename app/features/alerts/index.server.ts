/** The alerts' server side: counting what was given up after every retry. */
export { createAlerts } from "./alerts.server";
