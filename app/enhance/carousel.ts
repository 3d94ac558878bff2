/**
 * The carousel's behaviour (markup: app/components/ui/carousel.tsx): one slide
 * at a time, previous/next, a button per slide (arrow keys, Home and End move
 * between them), rotation every `data-interval` ms that waits while the
 * carousel is hovered or holds focus (except on the pause control itself,
 * which must not pause what it has just started), stops on Pause, and never
 * starts under prefers-reduced-motion. A change of slide is announced only
 * while the carousel does not rotate by itself.
 */
export function enhanceCarousel(root: HTMLElement) {
  const $ = <E extends Element>(slot: string) => [...root.querySelectorAll<E>(`[data-slot="carousel-${slot}"]`)];
  const slides = $<HTMLElement>("slide");
  const dots = $<HTMLButtonElement>("dot");
  const [live] = $<HTMLElement>("slides");
  const [pause] = $<HTMLButtonElement>("pause");
  const [previous] = $<HTMLButtonElement>("previous");
  const [next] = $<HTMLButtonElement>("next");
  const count = slides.length;
  const loop = root.hasAttribute("data-loop");
  const interval = Number(root.dataset.interval) || 7000;
  const motion = window.matchMedia?.("(prefers-reduced-motion: reduce)");
  let index = 0;
  let playing = root.hasAttribute("data-autoplay") && !motion?.matches;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The slide the running timer moves on from, or -1 when none runs. */
  let timed = -1;

  const step = (delta: number) => {
    const to = index + delta;
    return to >= 0 && to < count ? to : loop ? (to + count) % count : index;
  };
  const canGo = (delta: number) => loop || (delta > 0 ? index < count - 1 : index > 0);

  function render() {
    const rotating = playing && !hovered && !focused && count > 1 && (loop || index < count - 1);
    slides.forEach((slide, i) => {
      const hidden = i !== index;
      slide.toggleAttribute("data-current", !hidden);
      slide.toggleAttribute("inert", hidden);
      if (hidden) slide.setAttribute("aria-hidden", "true");
      else slide.removeAttribute("aria-hidden");
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    live?.setAttribute("aria-live", rotating ? "off" : "polite");
    if (previous) previous.disabled = !canGo(-1);
    if (next) next.disabled = !canGo(1);
    if (pause) {
      pause.toggleAttribute("data-paused", !playing);
      pause.setAttribute("aria-label", `${playing ? "Pause" : "Play"} automatic slide rotation`);
      pause.lastElementChild!.textContent = playing ? "Pause" : "Play";
    }
    // The timer starts again only when the rotation resumes or the slide changes.
    if (rotating && timed === index) return;
    clearTimeout(timer);
    timed = rotating ? index : -1;
    if (rotating) timer = setTimeout(() => show(step(1)), interval);
  }

  function show(i: number) {
    index = Math.max(0, Math.min(count - 1, i));
    root.setAttribute("data-animated", "");
    render();
  }

  previous?.addEventListener("click", () => show(step(-1)));
  next?.addEventListener("click", () => show(step(1)));
  dots.forEach((dot, i) => dot.addEventListener("click", () => show(i)));
  dots[0]?.parentElement?.addEventListener("keydown", (event) => {
    const keys: Record<string, number> = { ArrowRight: step(1), ArrowLeft: step(-1), Home: 0, End: count - 1 };
    const to = keys[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to);
    dots[to]?.focus();
  });
  pause?.addEventListener("click", () => {
    // An explicit Play overrides the hover and focus pauses until the pointer or focus leaves and returns.
    if (!playing) hovered = focused = false;
    playing = !playing;
    render();
  });
  motion?.addEventListener?.("change", (event) => {
    if (event.matches) {
      playing = false;
      render();
    }
  });
  const pauseWhile = (type: string, set: (event: Event) => void) =>
    root.addEventListener(type, (event) => {
      set(event);
      render();
    });
  pauseWhile("mouseenter", () => (hovered = true));
  pauseWhile("mouseleave", () => (hovered = false));
  pauseWhile("focusin", (event) => (focused ||= event.target !== pause));
  pauseWhile("focusout", (event) => {
    const to = (event as FocusEvent).relatedTarget as Node | null;
    if (!to || !root.contains(to)) focused = false;
  });

  root.setAttribute("data-enhanced", "");
  render();
}
