/** The members feature's face to the other features: what they may use of it (its contract). */
export type { MemberSummary } from "./members";
