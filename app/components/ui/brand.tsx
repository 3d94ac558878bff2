import { company } from "~/platform/company";
import { cn } from "~/components/ui/cn";

/** The Maternis mark: a record card cradled by an arc. Decorative; the name is text. */
function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("size-8", className)}>
      <rect width="32" height="32" rx="9" fill="#0b6259" />
      <path
        d="M9 22.5c0-5.5 3.1-9.5 7-9.5s7 4 7 9.5"
        fill="none"
        stroke="#ffc1ad"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <circle cx="16" cy="9.5" r="3" fill="#fff" />
      <path d="M12.5 22.5h7" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

export function BrandName({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-xl font-semibold tracking-tight", className)}>
      <BrandMark />
      {company.brand}
    </span>
  );
}
