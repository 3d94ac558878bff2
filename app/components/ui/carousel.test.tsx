/**
 * The carousel: its markup (./carousel.tsx, rendered by React on the server)
 * and its behaviour (app/enhance/carousel.ts, the content page's script).
 */
import { act, fireEvent, render as renderReact, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { enhanceCarousel } from "~/enhance/carousel";
import { mediaQueryList } from "../../../test/support/media-query";
import { Carousel, type CarouselSlide } from "./carousel";

/** Renders the markup, then runs the enhancement on it, as a content page does. */
function render(ui: ReactElement) {
  const result = renderReact(ui);
  enhanceCarousel(result.container.querySelector<HTMLElement>('[data-slot="carousel"]')!);
  return result;
}

const slides: CarouselSlide[] = [
  { id: "a", label: "Alpha", content: <a href="/a">Alpha link</a> },
  { id: "b", label: "Bravo", content: <a href="/b">Bravo link</a> },
  { id: "c", label: "Charlie", content: <a href="/c">Charlie link</a> },
  { id: "d", label: "Delta", content: <a href="/d">Delta link</a> },
];

const originalMatchMedia = window.matchMedia;

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn((query: string) =>
    mediaQueryList(query, reduce && query.includes("prefers-reduced-motion: reduce")),
  );
}

/** The slide groups, in order. */
function slideGroups() {
  return screen
    .getAllByRole("group", { hidden: true })
    .filter((el) => el.getAttribute("aria-roledescription") === "slide");
}

/** Index of the one visible slide (the others are aria-hidden). */
function currentSlide() {
  const visible = slideGroups().filter((el) => el.getAttribute("aria-hidden") !== "true");
  expect(visible).toHaveLength(1);
  return visible[0]!.getAttribute("aria-label");
}

function currentDot() {
  const dots = within(screen.getByRole("group", { name: "Choose a slide" })).getAllByRole("button");
  const current = dots.filter((d) => d.getAttribute("aria-current") === "true");
  expect(current).toHaveLength(1);
  return current[0]!.getAttribute("aria-label");
}

/** Advance fake time in 500 ms steps so each re-render can schedule the next timer. */
function advance(ms: number) {
  for (let left = ms; left > 0; left -= 500) {
    act(() => {
      vi.advanceTimersByTime(Math.min(500, left));
    });
  }
}

describe("Carousel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library drains pending work with setTimeout(0) and only advances
    // fake timers itself when it sees a `jest` global; give it Vitest's clock.
    vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    window.matchMedia = originalMatchMedia;
  });

  it("is an APG carousel: labelled region, slides labelled N of M", () => {
    render(<Carousel label="Highlights" slides={slides} />);
    const region = screen.getByRole("region", { name: "Highlights" });
    expect(region).toHaveAttribute("aria-roledescription", "carousel");
    expect(slideGroups().map((s) => s.getAttribute("aria-label"))).toEqual(["1 of 4", "2 of 4", "3 of 4", "4 of 4"]);
    expect(currentSlide()).toBe("1 of 4");
    expect(currentDot()).toBe("Alpha");
  });

  it("advances every 7000 ms and loops from the last slide to the first", () => {
    render(<Carousel label="Highlights" slides={slides} intervalMs={7000} />);
    advance(6999);
    expect(currentSlide()).toBe("1 of 4");
    advance(1);
    expect(currentSlide()).toBe("2 of 4");
    expect(currentDot()).toBe("Bravo");
    advance(7000);
    expect(currentSlide()).toBe("3 of 4");
    advance(7000);
    expect(currentSlide()).toBe("4 of 4");
    advance(7000);
    expect(currentSlide()).toBe("1 of 4");
  });

  it("keeps aria-live off while rotating and polite once paused", async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<Carousel label="Highlights" slides={slides} />);
    const live = container.querySelector("[data-slot=carousel-slides]")!;
    expect(live).toHaveAttribute("aria-live", "off");
    await user.click(screen.getByRole("button", { name: /pause/i }));
    expect(live).toHaveAttribute("aria-live", "polite");
  });

  it("moves with the dots and the previous/next arrows, wrapping when looping", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Carousel label="Highlights" slides={slides} />);
    await user.click(screen.getByRole("button", { name: "Charlie" }));
    expect(currentSlide()).toBe("3 of 4");
    expect(currentDot()).toBe("Charlie");
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(currentSlide()).toBe("4 of 4");
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(currentSlide()).toBe("1 of 4");
    await user.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(currentSlide()).toBe("4 of 4");
  });

  it("hides the other slides from assistive technology and the tab order", () => {
    render(<Carousel label="Highlights" slides={slides} />);
    expect(screen.getByRole("link", { name: "Alpha link" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Bravo link" })).toBeNull();
    const bravo = slideGroups()[1]!;
    expect(bravo).toHaveAttribute("inert");
  });

  it("supports arrow keys on the slide buttons", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Carousel label="Highlights" slides={slides} />);
    screen.getByRole("button", { name: "Alpha" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(currentSlide()).toBe("2 of 4");
    expect(screen.getByRole("button", { name: "Bravo" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(currentSlide()).toBe("4 of 4");
  });

  it("pauses while hovered and resumes when the pointer leaves", () => {
    render(<Carousel label="Highlights" slides={slides} />);
    const region = screen.getByRole("region", { name: "Highlights" });
    fireEvent.mouseEnter(region);
    advance(21000);
    expect(currentSlide()).toBe("1 of 4");
    fireEvent.mouseLeave(region);
    advance(7000);
    expect(currentSlide()).toBe("2 of 4");
  });

  it("pauses while focus is inside and resumes when focus leaves", () => {
    render(
      <>
        <Carousel label="Highlights" slides={slides} />
        <button type="button">Outside</button>
      </>,
    );
    act(() => screen.getByRole("link", { name: "Alpha link" }).focus());
    advance(21000);
    expect(currentSlide()).toBe("1 of 4");
    act(() => screen.getByRole("button", { name: "Outside" }).focus());
    advance(7000);
    expect(currentSlide()).toBe("2 of 4");
  });

  it("has a visible pause/play control that stops and restarts rotation", async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <Carousel label="Highlights" slides={slides} />
        <button type="button">Outside</button>
      </>,
    );
    const control = screen.getByRole("button", { name: "Pause automatic slide rotation" });
    expect(control).toBeVisible();
    await user.click(control);
    expect(control).toHaveAccessibleName("Play automatic slide rotation");
    await user.unhover(control);
    act(() => screen.getByRole("button", { name: "Outside" }).focus());
    advance(21000);
    expect(currentSlide()).toBe("1 of 4");
    await user.click(control);
    expect(control).toHaveAccessibleName("Pause automatic slide rotation");
    advance(7000);
    expect(currentSlide()).toBe("2 of 4");
  });

  it("does not auto-advance when the user prefers reduced motion", () => {
    mockReducedMotion(true);
    render(<Carousel label="Highlights" slides={slides} />);
    advance(30000);
    expect(currentSlide()).toBe("1 of 4");
    expect(screen.getByRole("button", { name: "Play automatic slide rotation" })).toBeVisible();
    expect(window.matchMedia).toHaveBeenCalledWith("(prefers-reduced-motion: reduce)");
  });

  it("in non-looping mode disables previous at the start and next at the end, and stops at the last slide", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Carousel label="Steps" slides={slides} loop={false} autoPlay={false} />);
    const previous = screen.getByRole("button", { name: "Previous slide" });
    const next = screen.getByRole("button", { name: "Next slide" });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    await user.click(next);
    expect(previous).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Delta" }));
    expect(currentSlide()).toBe("4 of 4");
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
  });

  it("non-looping auto-rotation stops at the last slide instead of wrapping", () => {
    render(<Carousel label="Steps" slides={slides} loop={false} />);
    advance(7000 * 10);
    expect(currentSlide()).toBe("4 of 4");
  });

  it("renders every slide without JavaScript; the enhancement then shows one at a time", () => {
    vi.useRealTimers();
    const html = renderToString(<Carousel label="Highlights" slides={slides} />);
    // Server markup: all four slides present, none hidden, controls invisible until enhanced.
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(4);
    expect(html).toContain("snap-x");
    const host = document.createElement("div");
    host.innerHTML = html;
    document.body.appendChild(host);
    const root = host.querySelector<HTMLElement>("[data-slot=carousel]")!;
    expect(root).not.toHaveAttribute("data-enhanced");
    expect(
      host.querySelectorAll("[data-slot=carousel-slide][aria-hidden], [data-slot=carousel-slide][inert]"),
    ).toHaveLength(0);
    expect(host.querySelectorAll("[data-slot=carousel-slide][data-current]")).toHaveLength(4);
    expect(within(root).getByRole("button", { name: "Pause automatic slide rotation" })).toBeInTheDocument();
    enhanceCarousel(root);
    expect(root).toHaveAttribute("data-enhanced", "");
    // The first switch to one slide at a time does not animate (it would count as a layout shift).
    expect(root).not.toHaveAttribute("data-animated");
    expect(host.querySelectorAll("[data-slot=carousel-slide][aria-hidden=true]")).toHaveLength(3);
    expect(host.querySelectorAll("[data-slot=carousel-slide][inert]")).toHaveLength(3);
    host.remove();
  });

  it("cross-fades only once the slide changes", async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<Carousel label="Highlights" slides={slides} />);
    const root = container.querySelector("[data-slot=carousel]")!;
    expect(root).not.toHaveAttribute("data-animated");
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(root).toHaveAttribute("data-animated", "");
  });

  it("the pause control's visible word and icon follow its state", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Carousel label="Highlights" slides={slides} />);
    const control = screen.getByRole("button", { name: "Pause automatic slide rotation" });
    expect(control).toHaveTextContent(/^Pause$/);
    expect(control).not.toHaveAttribute("data-paused");
    await user.click(control);
    expect(control).toHaveTextContent(/^Play$/);
    expect(control).toHaveAttribute("data-paused", "");
  });
});
