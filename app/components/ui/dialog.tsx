import { XIcon } from "lucide-react";
import { useRef, type ReactNode, type RefObject } from "react";
import { cn } from "~/components/ui/cn";

/**
 * A modal dialog on the native <dialog> element. The browser does the hard
 * parts: the rest of the page becomes inert (focus stays inside), Escape
 * closes it, and focus returns to the element that opened it. Its content is
 * part of the page from the start (hidden until opened), so opening it costs
 * one method call and no library.
 */
export function useDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  return { ref, open: () => ref.current?.showModal() };
}

export function DialogContent({
  id,
  dialogRef,
  labelledBy,
  describedBy,
  closeLabel = "Close",
  className,
  children,
}: {
  /** Lets a button with `data-opens-dialog={id}` open it on a page that is not hydrated (app/enhance/dialogs.ts). */
  id?: string;
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The id of the dialog's title. */
  labelledBy: string;
  describedBy?: string;
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <dialog
      id={id}
      ref={dialogRef}
      data-slot="dialog-content"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // A click on the backdrop lands on the <dialog> itself (its content box is
      // covered by the inner wrapper): close, as a click outside a modal should.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className={cn(
        "m-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-card bg-white p-0 text-ink shadow-card backdrop:bg-primary-950/60",
        className,
      )}
    >
      <div className="relative p-6 sm:p-8">
        {children}
        <button
          type="button"
          data-slot="dialog-close"
          onClick={() => dialogRef.current?.close()}
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-ink"
        >
          <XIcon aria-hidden="true" className="size-5" />
          <span className="sr-only">{closeLabel}</span>
        </button>
      </div>
    </dialog>
  );
}
