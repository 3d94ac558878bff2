import type { ComponentType } from "react";
import type { EnquiryKind } from "~/features/enquiries/kinds";
// The islands' script, bundled on its own (React and the forms, no router)
// into a hashed file, as the content pages' script is (app/root.tsx).
import islandUrl from "./main.tsx?worker&url";

/** Escapes what would end the script element or confuse an HTML parser; JSON.parse reads it back unchanged. */
export function serializeProps(props: unknown) {
  return JSON.stringify(props)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A form island on the server: the form's markup in a container the browser
 * hydrates as its own React root, and the props it was rendered with, as
 * JSON beside it. The content pages' script (app/enhance/islands.ts) loads
 * the islands' script (./main.tsx) when the visitor first moves to the form;
 * until then, and without JavaScript, the form works as plain HTML.
 */
export function Island<P extends object>({
  kind,
  form: Form,
  props,
  className,
}: {
  kind: EnquiryKind;
  /** The default export of `app/routes/<kind>/<kind>-form.tsx`, which the islands' script hydrates (./registry.ts). */
  form: ComponentType<P>;
  props: P;
  className?: string;
}) {
  // A form rendered with a result (after a post made without the island) starts its island at once, for the toast.
  const eager = (props as { actionData?: unknown }).actionData ? "" : undefined;
  return (
    <>
      <div data-island={kind} data-island-src={islandUrl} data-island-eager={eager} className={className}>
        <Form {...props} />
      </div>
      <script
        type="application/json"
        data-island-props={kind}
        dangerouslySetInnerHTML={{ __html: serializeProps(props) }}
      />
    </>
  );
}
