import { PostForm, SubmitButton } from "~/features/console/post-form";
import { DISPLAY_NAME_MAX } from "~/features/members";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldError, FieldHint, FieldLabel, Input } from "~/components/ui/field";

/** "Your name": the display name the console shows for the member, which they change here (issue 43). */
export function DisplayName({ name, typed, error }: { name: string; typed?: string; error?: string }) {
  return (
    <section aria-labelledby="name-heading" className="mt-10 max-w-xl">
      <h2 id="name-heading" className="text-2xl">
        Your name
      </h2>
      {error ? (
        <div className="mt-4">
          <ErrorSummary errors={[{ field: "display-name", message: error }]} />
        </div>
      ) : null}
      <PostForm hiddenFields={{ intent: "display-name" }} className="mt-4 grid gap-4" noValidate>
        <Field
          name="display-name"
          id="display-name"
          hint="How the console shows you to other members of staff: in the inbox, on assignments and in the audit log."
          error={error}
        >
          <FieldLabel>Display name</FieldLabel>
          <FieldHint />
          <FieldError />
          <Input
            key={error ?? name}
            defaultValue={typed ?? name}
            autoComplete="name"
            maxLength={DISPLAY_NAME_MAX + 20}
            required
          />
        </Field>
        <div>
          <SubmitButton variant="outline">Save name</SubmitButton>
        </div>
      </PostForm>
    </section>
  );
}
