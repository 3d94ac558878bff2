/** The members feature's face to the other features: what they may use of it (its contract). */
export { addedNameSchema, DISPLAY_NAME_MAX, displayNameSchema, type MemberSummary } from "./members";
