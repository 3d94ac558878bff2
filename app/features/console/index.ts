/** The console feature's face to the other features: what they may use of it (its contract). */
export { useHydrated } from "./console-shell";
export { MY_ENQUIRIES_PATH, SIGN_IN_PATH, enquiryPath, isStaffPath } from "./paths";
export { ButtonForm, PostForm, SubmitButton } from "./post-form";
export { staffRoles, type Actor, type RequestMeta, type StaffMember, type StaffRole } from "./types";
