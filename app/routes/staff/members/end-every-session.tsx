import { Choice, ChoiceFieldset } from "~/features/console/choices";
import { PostForm, SubmitButton } from "~/features/console/post-form";
import { END_EVERY_SESSION_CONFIRM } from "./types";

/**
 * "End every session" (ASVS 7.4.5): signs every member out on every device,
 * the admin who asks included, when a device, a backup or the database may
 * have been exposed. A ticked box confirms it: it works without JavaScript,
 * and no stray click does it.
 */
export function EndEverySession({ error }: { error?: string }) {
  return (
    <section aria-labelledby="end-every-session-heading" className="mt-12 max-w-xl">
      <h2 id="end-every-session-heading" className="text-2xl">
        End every session
      </h2>
      <p className="mt-2 max-w-prose text-muted">
        Signs every member out of the console on every device, you included. Use it when a device, a backup or the
        database may have been exposed. Everyone then signs in again with an e-mail code and their second factor. To
        sign out one member, use &ldquo;End sessions&rdquo; in their row.
      </p>
      <PostForm
        hiddenFields={{ intent: "end-every-session" }}
        aria-labelledby="end-every-session-heading"
        className="mt-4 grid gap-4"
        noValidate
      >
        <ChoiceFieldset legend="Before you do" errorId={`${END_EVERY_SESSION_CONFIRM}-error`} error={error}>
          <Choice
            type="checkbox"
            id={END_EVERY_SESSION_CONFIRM}
            name="confirm"
            value="everyone"
            defaultChecked={false}
            label="I understand that everyone, me included, must sign in again"
          />
        </ChoiceFieldset>
        <SubmitButton variant="danger">End every session</SubmitButton>
      </PostForm>
    </section>
  );
}
