import { Form } from "react-router";
import { SubmitButton } from "~/features/console/post-form";
import { Button } from "~/components/ui/button";
import type { HeldView } from "./held-action";

/** Where "Cancel this change" posts (app/routes/staff/held/cancel.ts). */
export const CANCEL_HELD_PATH = "/staff/account/held-change";

/**
 * "Check your answers" for a change held while the member signed in again
 * (issue 43): what it was, what they had typed, and Confirm (the same fields
 * posted again, in the body) or Cancel.
 */
export function CheckYourAnswers({ held }: { held: HeldView }) {
  return (
    <section
      aria-labelledby="held-heading"
      className="mb-8 grid gap-4 rounded-card border-2 border-primary-700 bg-white p-4"
      data-held-change
    >
      <h2 id="held-heading" className="text-2xl">
        Check your answers before you go on
      </h2>
      <p className="max-w-prose">
        You have signed in again. This is the change you were making when we asked you to: check it, then confirm it or
        cancel it.
      </p>
      <dl className="grid gap-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <dt className="font-semibold">Change</dt>
        <dd>{held.change}</dd>
        {held.rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post" action={held.path}>
          {held.fields.map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <SubmitButton>Confirm and make this change</SubmitButton>
        </Form>
        <Form method="post" action={CANCEL_HELD_PATH}>
          <input type="hidden" name="back" value={held.path} />
          <Button type="submit" variant="ghost">
            Cancel this change
          </Button>
        </Form>
      </div>
    </section>
  );
}
