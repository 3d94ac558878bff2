import { useEffect, useRef, useState } from "react";
import { useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import { notifyError, notifySuccess } from "~/components/ui/toaster";
import type { EnquiryResult } from "./types";

export type Notice = { title: string; description: string };

type EnquiryNotices = {
  /** Shown as a toast after a successful submission. */
  success: Notice;
  /** Shown as a destructive toast when the submission failed. */
  failure: Notice;
  /** Names the form in the console log of a failure ("Contact form"). */
  logLabel: string;
};

/**
 * The state of one enquiry form. With JavaScript the form posts through a
 * fetcher (the page stays put); without it, the browser posts the form and
 * the page comes back with the action's result as `actionData`. Either way
 * `result` is the latest outcome, until `reset()` puts the form back.
 */
export function useEnquiry({
  actionData,
  loaderToken,
  notices,
}: {
  actionData: EnquiryResult | undefined;
  loaderToken: string;
  notices: EnquiryNotices;
}) {
  const fetcher = useFetcher<EnquiryResult>();
  const latest = fetcher.data ?? actionData;
  const [dismissed, setDismissed] = useState<EnquiryResult | undefined>(undefined);
  const result = latest && latest !== dismissed ? latest : undefined;
  const pending = fetcher.state !== "idle";
  // The token the form carries next: the action's (kept or renewed) or a fresh one from the loader.
  const token = result && "token" in result ? result.token : loaderToken;

  const announced = useRef<EnquiryResult | undefined>(undefined);
  useEffect(() => {
    if (!latest || latest === announced.current) return;
    announced.current = latest;
    const { success, failure, logLabel } = notices;
    if (latest.status === "success") {
      notifySuccess(success.title, success.description);
    } else if (latest.status === "failed") {
      console.error(`${logLabel} submission failed`, {
        retryAfterSeconds: latest.retryAfterSeconds,
      });
      notifyError(failure.title, failure.description);
    }
  }, [latest, notices]);

  return {
    Form: fetcher.Form,
    result,
    pending,
    token,
    /** Back to an empty form (after success, for another message). */
    reset: () => setDismissed(latest),
  };
}

export type EnquiryState = ReturnType<typeof useEnquiry>;

/**
 * The `shouldRevalidate` export of the enquiry routes. Posting an enquiry
 * changes nothing the page's loaders show: the action's result carries the
 * next anti-spam token, and the token from the first load stays valid for a
 * day (an older one gets a fresh token from the action). So a submission is
 * one request, not an action followed by a reload of every loader.
 */
export function enquiryShouldRevalidate({
  formMethod,
  formAction,
  currentUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const ownPost =
    formMethod === "POST" &&
    formAction !== undefined &&
    new URL(formAction, currentUrl).pathname === currentUrl.pathname;
  return ownPost ? false : defaultShouldRevalidate;
}
