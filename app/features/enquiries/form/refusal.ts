import { ERROR_SUMMARY_TITLE } from "~/components/ui/error-summary";
import { company } from "~/platform/company";
import type { EnquiryResult } from "./types";

export type Notice = { title: string; description: string };

/** The words of one form: its toasts, its failure message, and its name in the console log. */
export type EnquiryNotices = {
  /** Shown as a toast after a successful enquiry. */
  success: Notice;
  /**
   * The specification's destructive toast (section 8): its title heads the
   * toast of every refusal, its description is said when there is no more
   * specific reason (an unexpected error).
   */
  failure: Notice;
  /** The heading of the failure message in the form. */
  alertTitle: string;
  /** Why it was not sent when the enquiry could not be stored (the service unavailable), and what to do. */
  unavailable: string;
  /** Names the form in the console log of a failure ("Contact form"). */
  logLabel: string;
};

/**
 * What a visitor is told when a form is refused. The toast and the page say
 * the same thing: the toast's title is the specification's, the page's
 * message has a heading of its own, and both carry `description`.
 */
export type Refusal = {
  reason: "invalid" | "expired" | "rate-limited" | "unavailable" | "error";
  /** The destructive toast's title: the specification's ('Message Failed', 'Error'). */
  toastTitle: string;
  /** The heading of the message on the page (the error summary's, or the alert's). */
  title: string;
  /** Why it was not sent and what to do, in the toast and on the page. */
  description: string;
};

/** The refusal a result stands for, or undefined when there is none (no result, or sent). */
export function refusalOf(
  result: EnquiryResult | undefined,
  { notices, submitLabel }: { notices: EnquiryNotices; submitLabel: string },
): Refusal | undefined {
  if (!result || result.status === "success") return undefined;
  const toastTitle = notices.failure.title;
  switch (result.status) {
    case "invalid": {
      const count = Object.values(result.errors).filter(Boolean).length;
      return {
        reason: "invalid",
        toastTitle,
        title: ERROR_SUMMARY_TITLE,
        description: count === 1 ? "Check the field marked below." : `Check the ${count} fields marked below.`,
      };
    }
    case "expired":
      return {
        reason: "expired",
        toastTitle,
        title: "Please send the form again",
        description: `This page was open for more than a day, so for your security we did not send it. Your answers are still here: check them and select ‘${submitLabel}’ again.`,
      };
    case "failed":
      if (result.reason === "rate-limited") {
        return {
          reason: "rate-limited",
          toastTitle,
          title: notices.alertTitle,
          description: `You have sent several forms recently. Please try again ${retryWhen(result.retryAfterSeconds)}, or email us directly at ${company.email.enquiries}`,
        };
      }
      return {
        reason: result.reason,
        toastTitle,
        title: notices.alertTitle,
        description: result.reason === "unavailable" ? notices.unavailable : notices.failure.description,
      };
  }
}

/** "in a minute", "in 5 minutes", "in about 3 hours". */
export function retryWhen(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return "in a minute";
  if (minutes < 90) return `in ${minutes} minutes`;
  return `in about ${Math.round(minutes / 60)} hours`;
}
