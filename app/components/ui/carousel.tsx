import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "lucide-react";
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { useCarousel, type CarouselState } from "./use-carousel";

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

type Colours = (typeof controlTones)[keyof typeof controlTones];

/** What every part gets: the carousel's state, the id of its slides' container, and the controls' colours. */
type PartProps = { carousel: CarouselState; slidesId: string; colours: Colours };

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
 * The state lives in useCarousel; the parts below draw it.
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
  const carousel = useCarousel({ count: slides.length, intervalMs, loop, autoPlay });
  const part: PartProps = { carousel, slidesId, colours: controlTones[tone] };
  const { enhanced } = carousel;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-slot="carousel"
      data-enhanced={enhanced ? "" : undefined}
      className={cn("relative", className)}
      {...carousel.pauseHandlers}
    >
      <CarouselSlides {...part} slides={slides} />
      <div
        data-slot="carousel-controls"
        className={cn("mt-6 flex flex-wrap items-center justify-center gap-x-4 gap-y-3", !enhanced && "invisible")}
      >
        <CarouselPauseButton {...part} />
        <div className="flex items-center gap-2">
          <CarouselArrow {...part} direction={-1} />
          <CarouselDots {...part} slides={slides} />
          <CarouselArrow {...part} direction={1} />
        </div>
      </div>
    </section>
  );
}

/**
 * The slides. Before hydration they sit in a scroll-snap row, every one
 * reachable; after, they are stacked and all but the current one are hidden,
 * from assistive technology and the tab order too. A change of slide is
 * announced only while the carousel does not rotate by itself.
 */
export function CarouselSlides({ carousel, slidesId, slides }: PartProps & { slides: readonly CarouselSlide[] }) {
  const { enhanced, rotating, animated, index } = carousel;
  return (
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
            aria-label={`${i + 1} of ${slides.length}`}
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
  );
}

/** The visible pause/play control (WCAG 2.2.2). */
export function CarouselPauseButton({ carousel, colours }: PartProps) {
  const { playing, togglePlaying, rotationButtonRef } = carousel;
  return (
    <button
      ref={rotationButtonRef}
      type="button"
      data-slot="carousel-pause"
      aria-label={playing ? "Pause automatic slide rotation" : "Play automatic slide rotation"}
      onClick={togglePlaying}
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
  );
}

/** Previous (-1) or next (1) slide; disabled at the ends unless the carousel loops. */
export function CarouselArrow({ carousel, slidesId, colours, direction }: PartProps & { direction: 1 | -1 }) {
  const next = direction > 0;
  return (
    <button
      type="button"
      data-slot={next ? "carousel-next" : "carousel-previous"}
      aria-controls={slidesId}
      aria-label={next ? "Next slide" : "Previous slide"}
      disabled={!carousel.canGo(direction)}
      onClick={() => carousel.go(direction)}
      className={cn(
        "inline-flex size-11 items-center justify-center rounded-full disabled:cursor-not-allowed",
        colours.arrow,
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

/**
 * A button per slide, named after it, the current one marked with
 * aria-current. The arrow keys, Home and End move between them and the slides.
 */
export function CarouselDots({
  carousel,
  slidesId,
  colours,
  slides,
}: PartProps & { slides: readonly CarouselSlide[] }) {
  const { index, goTo } = carousel;
  const dotRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    let next: number | null = null;
    if (event.key === "ArrowRight") next = carousel.neighbour(1);
    else if (event.key === "ArrowLeft") next = carousel.neighbour(-1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = slides.length - 1;
    if (next === null) return;
    event.preventDefault();
    goTo(next);
    dotRefs.current[next]?.focus();
  }

  return (
    <div
      role="group"
      aria-label="Choose a slide"
      data-slot="carousel-dots"
      className="flex items-center"
      onKeyDown={onKeyDown}
    >
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
  );
}
