import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { useLocation } from "react-router";

/**
 * A menu in a <details> disclosure (the site's phone menu, the console's):
 * it opens without JavaScript; once hydrated it closes on Escape, with focus
 * back on its summary, and when a page is chosen. Spread `detailsProps` on the
 * <details> and give `summaryRef` to its <summary>.
 */
export function useMenuDisclosure() {
  const [open, setOpen] = useState(false);
  const summaryRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  const detailsProps = {
    open,
    onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open),
    onKeyDown: (event: KeyboardEvent<HTMLDetailsElement>) => {
      if (event.key === "Escape" && open) {
        event.preventDefault();
        setOpen(false);
        summaryRef.current?.focus();
      }
    },
  };
  return { open, setOpen, summaryRef, detailsProps };
}
