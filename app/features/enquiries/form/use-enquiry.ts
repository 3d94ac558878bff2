import { useEffect, useRef, useState, type FormEvent } from "react";
import { decodeActionData } from "~/platform/action-result";
import { notifyError, notifySuccess } from "~/components/ui/toaster";
import { SOURCE_FIELD } from "../source";
import { refusalOf, type EnquiryNotices } from "./refusal";
import type { EnquiryResult } from "./types";

export type { EnquiryNotices, Notice } from "./refusal";

/**
 * The state of one enquiry form, in its island (docs/decisions/015-form-islands.md):
 * no React Router in the browser. With JavaScript the form posts to its
 * route's action through the action's `.data` endpoint (the page stays put)
 * and shows the answer; should that answer be anything but the action's plain
 * data, or the request fail, the browser posts the form itself. Without
 * JavaScript the browser posts the form and the page comes back rendered with
 * the action's result (`actionData`). Either way `result` is the latest
 * outcome, until `reset()` puts the form back, and `refusal` what a refused
 * one tells the visitor: the same words in the toast and on the page.
 */
export function useEnquiry({
  action,
  actionData,
  loaderToken,
  loaderSource = "",
  notices,
  submitLabel,
}: {
  /** The route's path, which the form posts to. */
  action: string;
  actionData: EnquiryResult | undefined;
  loaderToken: string;
  /** Where the visitor came from, as the page's loader worked it out (../source.ts); "" for none. */
  loaderSource?: string;
  notices: EnquiryNotices;
  /** The submit button's label (a refusal may ask to select it again). */
  submitLabel: string;
}) {
  const [posted, setPosted] = useState<EnquiryResult | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const latest = posted ?? actionData;
  const [dismissed, setDismissed] = useState<EnquiryResult | undefined>(undefined);
  const result = latest && latest !== dismissed ? latest : undefined;
  // The token the form carries next: the action's (kept or renewed) or a fresh one from the loader.
  const token = result && "token" in result ? result.token : loaderToken;
  // The source the form carries: the one it was posted with (a refusal sends it back), or the loader's.
  const source = (result && "values" in result ? result.values[SOURCE_FIELD] : undefined) ?? loaderSource;
  const refusal = refusalOf(result, { notices, submitLabel });

  const announced = useRef<EnquiryResult | undefined>(undefined);
  useEffect(() => {
    // Also a result the page came with (posted before the island started): its toast shows now.
    if (!latest || latest === announced.current) return;
    announced.current = latest;
    if (latest.status === "success") {
      notifySuccess(notices.success.title, notices.success.description);
      return;
    }
    const refused = refusalOf(latest, { notices, submitLabel });
    if (!refused) return;
    if (latest.status === "failed") console.error(`${notices.logLabel} submission failed`, { reason: latest.reason });
    notifyError(refused.toastTitle, refused.description);
  }, [latest, notices, submitLabel]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (pending) return;
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
    setPending(true);
    let answer: EnquiryResult;
    try {
      const response = await fetch(`${action}.data`, { method: "POST", body });
      answer = await actionAnswer(response, body, token);
      if (!answer || typeof answer !== "object" || typeof answer.status !== "string") throw new Error("no result");
    } catch {
      // Not the action's plain answer (or no answer): let the browser post the form, as without JavaScript.
      HTMLFormElement.prototype.submit.call(form);
      return;
    }
    setPending(false);
    setPosted(answer);
  }

  return {
    action,
    onSubmit,
    result,
    refusal,
    pending,
    token,
    source,
    /** Back to an empty form (after success, for another message). */
    reset: () => setDismissed(latest),
  };
}

export type EnquiryState = ReturnType<typeof useEnquiry>;

/**
 * The action's answer in a `.data` response. The server's own limit on posts answers before the
 * action, with a plain-text 429: that is read as the action's "rate-limited", with what was typed,
 * since posting the form again would only be refused too (and lose it). Anything else not the
 * action's data throws.
 */
async function actionAnswer(response: Response, body: URLSearchParams, token: string): Promise<EnquiryResult> {
  const text = await response.text();
  try {
    return decodeActionData(text) as EnquiryResult;
  } catch (error) {
    if (response.status !== 429) throw error;
    const retryAfterSeconds = Number(response.headers.get("Retry-After")) || 60;
    return { status: "failed", reason: "rate-limited", retryAfterSeconds, values: Object.fromEntries(body), token };
  }
}
