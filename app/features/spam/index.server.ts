/** The spam folder (staff): suspected spam kept for review, released or deleted. */
export { createSpamService } from "./spam.server";
