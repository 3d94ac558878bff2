import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { cn } from "~/components/ui/cn";

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
  /** Auto-advance interval in ms (the home page uses 7000). */
  intervalMs?: number;
  /** Wrap from the last slide to the first and back. When false, previous/next are disabled at the ends. */
  loop?: boolean;
  /** Start rotating automatically (never under prefers-reduced-motion). */
  autoPlay?: boolean;
  /** Colours of the controls: "light" for white backgrounds, "dark" for primary-900 and darker. */
  tone?: "light" | "dark";
  className?: string;
};

/**
 * The controls' colours. A dot's inner mark is a ring; the current one
 * (aria-current on its button) is a pill filled with the ring's colour.
 */
const controlTones = {
  light: {
    rotation: "border-primary-700 bg-white text-primary-800 hover:bg-primary-50",
    arrow: "bg-primary-700 text-white hover:bg-primary-800 disabled:bg-line disabled:text-muted",
    dot: "border-primary-700 bg-white group-aria-[current=true]:bg-primary-700 group-[:not([aria-current=true]):hover]:bg-primary-100",
  },
  dark: {
    rotation: "border-white bg-transparent text-white hover:bg-white/10",
    arrow: "bg-white text-primary-900 hover:bg-primary-50 disabled:bg-primary-800 disabled:text-primary-100",
    dot: "border-white bg-transparent group-aria-[current=true]:bg-white group-[:not([aria-current=true]):hover]:bg-white/40",
  },
} as const;

/**
 * A carousel in the WAI-ARIA APG pattern: a labelled region with
 * aria-roledescription="carousel", slides as groups labelled "N of M",
 * previous/next buttons, a button per slide, and a visible pause/play control
 * (WCAG 2.2.2).
 *
 * This is markup only, the same on the server and (where a page is hydrated)
 * in the browser: a horizontal scroll-snap row in which every slide is
 * reachable without JavaScript, the controls reserved but invisible. The
 * behaviour (one slide at a time, rotation, pausing on hover and focus,
 * reduced motion, the keys) is the enhancement in app/enhance/carousel.ts,
 * which only sets attributes: `data-enhanced` and `data-animated` on the
 * region, `aria-hidden`/`inert`/`data-current` on the slides, `aria-current`
 * on the dots, `data-paused` on the pause control. The classes below style
 * those states.
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
  const slidesId = `${useId()}-slides`;
  const colours = controlTones[tone];
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-slot="carousel"
      data-interval={intervalMs}
      data-loop={loop ? "" : undefined}
      data-autoplay={autoPlay ? "" : undefined}
      className={cn("group/carousel relative", className)}
    >
      <div
        id={slidesId}
        data-slot="carousel-slides"
        aria-live="off"
        // A scroll container in both layouts: were the slides to change their
        // scroll container when enhanced, the browser would count that as a
        // layout shift, though nothing visible moves.
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain scroll-smooth group-data-enhanced/carousel:grid group-data-enhanced/carousel:snap-none"
      >
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            data-slot="carousel-slide"
            data-current=""
            className={cn(
              "w-full min-w-0 shrink-0 snap-start [grid-area:1/1]",
              // Stacked, each slide starts at the top: a shorter one centred
              // would open an empty band between what comes before and it.
              "group-data-enhanced/carousel:self-start",
              // Slides cross-fade only once the visitor or the rotation moves
              // them: the switch from the row to the stack must not animate,
              // or the fading slides count as a layout shift.
              "group-data-animated/carousel:transition-[opacity,visibility] group-data-animated/carousel:duration-500",
              "aria-hidden:invisible aria-hidden:opacity-0",
            )}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div
        data-slot="carousel-controls"
        className="invisible mt-6 flex flex-wrap items-center justify-center gap-x-4 gap-y-3 group-data-enhanced/carousel:visible"
      >
        <button
          type="button"
          data-slot="carousel-pause"
          data-paused={autoPlay ? undefined : ""}
          aria-label={autoPlay ? "Pause automatic slide rotation" : "Play automatic slide rotation"}
          className={cn(
            "group/pause inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-4 text-sm font-semibold",
            colours.rotation,
          )}
        >
          <PauseIcon aria-hidden="true" className="size-4 group-data-paused/pause:hidden" />
          <PlayIcon aria-hidden="true" className="hidden size-4 group-data-paused/pause:block" />
          {/* The visible word starts the accessible name (WCAG 2.5.3 label in name). */}
          <span>{autoPlay ? "Pause" : "Play"}</span>
        </button>
        <div className="flex items-center gap-2">
          <CarouselArrow slidesId={slidesId} className={colours.arrow} direction={-1} disabled={!loop} />
          <div role="group" aria-label="Choose a slide" data-slot="carousel-dots" className="flex items-center">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                data-slot="carousel-dot"
                aria-controls={slidesId}
                aria-label={slide.label}
                aria-current={i === 0 ? "true" : undefined}
                className="group inline-flex size-8 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "block h-2.5 w-2.5 rounded-full border-2 transition-all group-aria-[current=true]:w-6",
                    colours.dot,
                  )}
                />
              </button>
            ))}
          </div>
          <CarouselArrow slidesId={slidesId} className={colours.arrow} direction={1} disabled={slides.length < 2} />
        </div>
      </div>
    </section>
  );
}

/** Previous (-1) or next (1) slide; disabled at the ends unless the carousel loops. */
function CarouselArrow({
  slidesId,
  className,
  direction,
  disabled,
}: {
  slidesId: string;
  className: string;
  direction: 1 | -1;
  disabled: boolean;
}) {
  const next = direction > 0;
  return (
    <button
      type="button"
      data-slot={next ? "carousel-next" : "carousel-previous"}
      aria-controls={slidesId}
      aria-label={next ? "Next slide" : "Previous slide"}
      disabled={disabled}
      className={cn(
        "inline-flex size-11 items-center justify-center rounded-full disabled:cursor-not-allowed",
        className,
      )}
    >
      {next ? (
        <ChevronRightIcon aria-hidden="true" className="size-5" />
      ) : (
        <ChevronLeftIcon aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
