import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "lucide-react";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SetStateAction,
} from "react";
import { cn } from "~/lib/utils";

export type CarouselSlide = {
  /** Stable key for the slide. */
  id: string;
  /** Short name of the slide; names its dot button. */
  label: string;
  content: ReactNode;
};

export type CarouselProps = {
  /** Accessible name of the carousel region. */
  label: string;
  slides: readonly CarouselSlide[];
  /** Auto-advance interval in ms. Home uses 7000 (SPEC section 9). */
  intervalMs?: number;
  /** Wrap from the last slide to the first and back. When false, previous/next are disabled at the ends. */
  loop?: boolean;
  /** Start rotating automatically (never under prefers-reduced-motion). */
  autoPlay?: boolean;
  /** Colours of the controls: "light" for white backgrounds, "dark" for primary-900 and darker. */
  tone?: "light" | "dark";
  className?: string;
};

const controlTones = {
  light: {
    rotation: "border-primary-700 bg-white text-primary-800 hover:bg-primary-50",
    arrow: "bg-primary-700 text-white hover:bg-primary-800 disabled:bg-line disabled:text-muted",
    dotCurrent: "bg-primary-700",
    dot: "border-primary-700 bg-white group-hover:bg-primary-100",
  },
  dark: {
    rotation: "border-white bg-transparent text-white hover:bg-white/10",
    arrow: "bg-white text-primary-900 hover:bg-primary-50 disabled:bg-primary-800 disabled:text-primary-100",
    dotCurrent: "bg-white",
    dot: "border-white bg-transparent group-hover:bg-white/40",
  },
} as const;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * A carousel in the WAI-ARIA APG pattern: a labelled region with
 * aria-roledescription="carousel", slides as groups labelled "N of M",
 * previous/next buttons, a button per slide, and a visible pause/play control
 * (WCAG 2.2.2). Rotation pauses while the carousel is hovered or holds focus,
 * and never starts by itself when the user prefers reduced motion.
 *
 * Server and first client render are the same markup: a horizontal
 * scroll-snap list where every slide is reachable without JavaScript. After
 * hydration an effect switches to one-slide-at-a-time and shows the controls.
 */
export function Carousel({
  label,
  slides,
  intervalMs = 7000,
  loop = true,
  autoPlay = true,
  tone = "light",
  className,
}: CarouselProps) {
  const colours = controlTones[tone];
  const baseId = useId();
  const slidesId = `${baseId}-slides`;
  const count = slides.length;

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
  const dotRefs = useRef<(HTMLButtonElement | null)[]>([]);

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

  const atStart = index === 0;
  const atEnd = index === count - 1;
  const rotating = enhanced && playing && !hoverPaused && !focusPaused && count > 1 && (loop || !atEnd);

  const goTo = useCallback((next: number) => setIndex(Math.max(0, Math.min(count - 1, next))), [count, setIndex]);
  const goNext = useCallback(() => setIndex((i) => (i + 1 < count ? i + 1 : loop ? 0 : i)), [count, loop, setIndex]);
  const goPrevious = useCallback(
    () => setIndex((i) => (i > 0 ? i - 1 : loop ? count - 1 : i)),
    [count, loop, setIndex],
  );

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(goNext, intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, intervalMs, goNext]);

  function onDotKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    let next: number | null = null;
    if (event.key === "ArrowRight") next = index + 1 < count ? index + 1 : loop ? 0 : index;
    else if (event.key === "ArrowLeft") next = index > 0 ? index - 1 : loop ? count - 1 : index;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = count - 1;
    if (next === null) return;
    event.preventDefault();
    goTo(next);
    dotRefs.current[next]?.focus();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-slot="carousel"
      data-enhanced={enhanced ? "" : undefined}
      className={cn("relative", className)}
      onMouseEnter={() => setHoverPaused(true)}
      onMouseLeave={() => setHoverPaused(false)}
      onFocus={(event) => {
        if (event.target !== rotationButtonRef.current) setFocusPaused(true);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (!next || !event.currentTarget.contains(next)) setFocusPaused(false);
      }}
    >
      <div
        id={slidesId}
        data-slot="carousel-slides"
        aria-live={enhanced && !rotating ? "polite" : "off"}
        // A scroll container in both layouts: were the slides to change their
        // scroll container at hydration, the browser would count that as a
        // layout shift, though nothing visible moves.
        className={cn(
          "overflow-x-auto overscroll-x-contain",
          enhanced ? "grid" : "flex snap-x snap-mandatory scroll-smooth",
        )}
      >
        {slides.map((slide, i) => {
          const hidden = enhanced && i !== index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              data-slot="carousel-slide"
              data-current={!enhanced || i === index ? "" : undefined}
              aria-hidden={hidden || undefined}
              inert={hidden || undefined}
              className={cn(
                "min-w-0",
                enhanced
                  ? cn(
                      "[grid-area:1/1] self-start md:self-center",
                      animated && "transition-[opacity,visibility] duration-500",
                      hidden ? "invisible opacity-0" : "visible opacity-100",
                    )
                  : "w-full shrink-0 snap-start",
              )}
            >
              {slide.content}
            </div>
          );
        })}
      </div>

      <div
        data-slot="carousel-controls"
        className={cn("mt-6 flex flex-wrap items-center justify-center gap-x-4 gap-y-3", !enhanced && "invisible")}
      >
        <button
          ref={rotationButtonRef}
          type="button"
          aria-label={playing ? "Pause automatic slide rotation" : "Play automatic slide rotation"}
          onClick={() => {
            if (playing) {
              setPlaying(false);
            } else {
              // An explicit Play overrides the hover/focus pause until the pointer or focus leaves and returns.
              setHoverPaused(false);
              setFocusPaused(false);
              setPlaying(true);
            }
          }}
          className={cn(
            "inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-4 text-sm font-semibold",
            colours.rotation,
          )}
        >
          {playing ? (
            <PauseIcon aria-hidden="true" className="size-4" />
          ) : (
            <PlayIcon aria-hidden="true" className="size-4" />
          )}
          {/* The visible word starts the accessible name (WCAG 2.5.3 label in name). */}
          <span>{playing ? "Pause" : "Play"}</span>
        </button>

        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-controls={slidesId}
            aria-label="Previous slide"
            disabled={!loop && atStart}
            onClick={goPrevious}
            className={cn(
              "inline-flex size-11 items-center justify-center rounded-full disabled:cursor-not-allowed",
              colours.arrow,
            )}
          >
            <ChevronLeftIcon aria-hidden="true" className="size-5" />
          </button>

          <div role="group" aria-label="Choose a slide" className="flex items-center" onKeyDown={onDotKeyDown}>
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                ref={(el) => {
                  dotRefs.current[i] = el;
                }}
                type="button"
                aria-controls={slidesId}
                aria-label={slide.label}
                aria-current={i === index ? "true" : undefined}
                onClick={() => goTo(i)}
                className="group inline-flex size-8 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "block h-2.5 rounded-full transition-all",
                    i === index ? cn("w-6", colours.dotCurrent) : cn("w-2.5 border-2", colours.dot),
                  )}
                />
              </button>
            ))}
          </div>

          <button
            type="button"
            aria-controls={slidesId}
            aria-label="Next slide"
            disabled={!loop && atEnd}
            onClick={goNext}
            className={cn(
              "inline-flex size-11 items-center justify-center rounded-full disabled:cursor-not-allowed",
              colours.arrow,
            )}
          >
            <ChevronRightIcon aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
    </section>
  );
}
