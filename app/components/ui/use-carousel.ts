import { useCallback, useEffect, useRef, useState, type FocusEvent, type SetStateAction } from "react";

export type CarouselOptions = {
  /** How many slides there are. */
  count: number;
  /** Auto-advance interval in ms. */
  intervalMs?: number;
  /** Wrap from the last slide to the first and back. */
  loop?: boolean;
  /** Start rotating automatically (never under prefers-reduced-motion). */
  autoPlay?: boolean;
};

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** The slide `delta` (1 or -1) away from slide `i`: round the ends when looping, else stay at the end. */
function step(i: number, delta: number, count: number, loop: boolean) {
  const next = i + delta;
  return next >= 0 && next < count ? next : loop ? (next + count) % count : i;
}

/**
 * The state of a carousel: which slide shows, whether it rotates by itself,
 * and what pauses it. Rotation stops when the user presses Pause or prefers
 * reduced motion, and waits while the pointer is over the carousel or focus is
 * inside it (but not on the pause button itself, which must not pause what it
 * has just started).
 *
 * `enhanced` turns true after hydration: until then the server's markup, with
 * every slide reachable, stays as it is.
 */
export function useCarousel({ count, intervalMs = 7000, loop = true, autoPlay = true }: CarouselOptions) {
  const [enhanced, setEnhanced] = useState(false);
  const [index, setSlide] = useState(0);
  // Slides cross-fade only once the visitor or the rotation moves them: the
  // switch from the scrollable row (before hydration) to the stack must not
  // animate, or the fading slides count as a layout shift.
  const [animated, setAnimated] = useState(false);
  const setIndex = useCallback((next: SetStateAction<number>) => {
    setAnimated(true);
    setSlide(next);
  }, []);
  const [playing, setPlaying] = useState(autoPlay);
  const [hoverPaused, setHoverPaused] = useState(false);
  const [focusPaused, setFocusPaused] = useState(false);
  const rotationButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setEnhanced(true);
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    if (query.matches) setPlaying(false);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setPlaying(false);
    };
    query.addEventListener?.("change", onChange);
    return () => query.removeEventListener?.("change", onChange);
  }, []);

  const rotating = enhanced && playing && !hoverPaused && !focusPaused && count > 1 && (loop || index < count - 1);

  /** Shows slide `next`, kept within the slides. */
  const goTo = useCallback((next: number) => setIndex(Math.max(0, Math.min(count - 1, next))), [count, setIndex]);
  /** Moves `delta` (1 or -1) slides on from whichever shows when the update runs. */
  const go = useCallback((delta: number) => setIndex((i) => step(i, delta, count, loop)), [count, loop, setIndex]);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => go(1), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, intervalMs, go]);

  return {
    index,
    enhanced,
    animated,
    playing,
    rotating,
    goTo,
    go,
    /** The slide `delta` (1 or -1) away from the current one. */
    neighbour: (delta: number) => step(index, delta, count, loop),
    /** Whether there is a slide `delta` away: always when looping. */
    canGo: (delta: number) => loop || (delta > 0 ? index < count - 1 : index > 0),
    togglePlaying() {
      if (playing) {
        setPlaying(false);
      } else {
        // An explicit Play overrides the hover/focus pause until the pointer or focus leaves and returns.
        setHoverPaused(false);
        setFocusPaused(false);
        setPlaying(true);
      }
    },
    rotationButtonRef,
    /** For the carousel's root element: rotation waits while it is hovered or holds focus. */
    pauseHandlers: {
      onMouseEnter: () => setHoverPaused(true),
      onMouseLeave: () => setHoverPaused(false),
      onFocus: (event: FocusEvent) => {
        if (event.target !== rotationButtonRef.current) setFocusPaused(true);
      },
      onBlur: (event: FocusEvent) => {
        const next = event.relatedTarget as Node | null;
        if (!next || !event.currentTarget.contains(next)) setFocusPaused(false);
      },
    },
  };
}

export type CarouselState = ReturnType<typeof useCarousel>;
