/** The alerts feature's face to the other features: what they may use of it (its contract). */
export { DELIVERY_PROBLEMS_PATH, INTEGRATIONS_PATH } from "./alerts";
