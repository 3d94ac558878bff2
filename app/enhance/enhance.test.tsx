/**
 * The content pages' behaviours (app/enhance/), on the markup React renders
 * for them on the server, as in the browser: server HTML first, then the
 * enhancement, and no React in between. (The carousel's are in
 * app/components/ui/carousel.test.tsx.)
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnnouncementBannerView } from "~/components/layout/announcement-banner";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFoundPage } from "~/components/not-found";
import { TeamMemberCard } from "~/components/team/team-member-card";
import { announcement, dismissLabel } from "~/content/banner";
import { leadershipTeam } from "~/content/team";
import { BANNER_STORAGE_KEY } from "~/lib/banner-script";
import { enhanceBanner } from "./banner";
import { enhanceDialogs } from "./dialogs";
import { enhanceInPageLinks } from "./in-page-links";
import { PAUSE_MS, STARTING_EVENTS, startIslands } from "./islands";
import { enhanceMenu } from "./menu";
import { enhanceNotFound } from "./not-found";

/** Puts the server's HTML for `ui` into the document, as a page that is not hydrated. */
function serverMarkup(ui: ReactElement) {
  const host = document.createElement("div");
  host.innerHTML = renderToString(<MemoryRouter>{ui}</MemoryRouter>);
  document.body.append(host);
  return host;
}

afterEach(() => {
  document.body.innerHTML = "";
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("banner", () => {
  it("hides on dismissal, remembers it for the session and moves focus to the brand link", async () => {
    const host = serverMarkup(
      <>
        <AnnouncementBannerView announcement={announcement} />
        <SiteHeader />
      </>,
    );
    const banner = host.querySelector<HTMLElement>('[data-slot="announcement-banner"]')!;
    enhanceBanner(banner);
    await userEvent.click(screen.getByRole("button", { name: dismissLabel }));
    expect(banner).not.toBeVisible();
    expect(sessionStorage.getItem(BANNER_STORAGE_KEY)).toBe(announcement.id);
    expect(host.querySelector('[data-slot="brand-link"]')).toHaveFocus();
  });

  it("still hides for this page when storage is unavailable", async () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    const host = serverMarkup(<AnnouncementBannerView announcement={announcement} />);
    const banner = host.querySelector<HTMLElement>('[data-slot="announcement-banner"]')!;
    enhanceBanner(banner);
    await userEvent.click(screen.getByRole("button", { name: dismissLabel }));
    expect(banner).not.toBeVisible();
  });
});

describe("the banner's boot script", () => {
  /** Runs the inline script as the browser would, right after the banner. */
  function boot(host: HTMLElement) {
    const script = host.querySelector("script")!;
    vi.spyOn(document, "currentScript", "get").mockReturnValue(script);
    new Function(script.textContent!)();
  }

  it("hides the banner before it is painted when this announcement was dismissed this session", () => {
    sessionStorage.setItem(BANNER_STORAGE_KEY, announcement.id);
    const host = serverMarkup(<AnnouncementBannerView announcement={announcement} />);
    boot(host);
    expect(host.querySelector('[data-slot="announcement-banner"]')).toHaveAttribute("hidden");
  });

  it("shows a new announcement (a new id) to a visitor who dismissed the previous one", () => {
    sessionStorage.setItem(BANNER_STORAGE_KEY, announcement.id);
    const next = { ...announcement, id: "3f2c9d5e-new-announcement", message: "Now in Lagos." };
    const host = serverMarkup(<AnnouncementBannerView announcement={next} />);
    boot(host);
    expect(host.querySelector('[data-slot="announcement-banner"]')).not.toHaveAttribute("hidden");
  });
});

describe("mobile menu", () => {
  it("exposes aria-expanded, closes on Escape with focus on the toggle, and closes when a link is chosen", async () => {
    const user = userEvent.setup();
    const host = serverMarkup(<SiteHeader />);
    const details = host.querySelector<HTMLDetailsElement>('[data-slot="mobile-menu"]')!;
    const summary = details.querySelector("summary")!;
    // Without the enhancement the disclosure works, with no aria-expanded (React adds none on the server).
    expect(summary).not.toHaveAttribute("aria-expanded");
    enhanceMenu(details);
    expect(summary).toHaveAttribute("aria-expanded", "false");

    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    expect(summary).toHaveAttribute("aria-expanded", "true");
    details.querySelector<HTMLAnchorElement>("#mobile-menu-panel a")!.focus();
    await user.keyboard("{Escape}");
    expect(details.open).toBe(false);
    expect(summary).toHaveAttribute("aria-expanded", "false");
    expect(summary).toHaveFocus();

    details.open = true;
    const link = details.querySelector<HTMLAnchorElement>("#mobile-menu-panel a")!;
    link.addEventListener("click", (event) => event.preventDefault());
    await user.click(link);
    expect(details.open).toBe(false);
    expect(summary).toHaveAttribute("aria-expanded", "false");
  });
});

describe("team dialogs", () => {
  it("Read More opens the member's dialog; the close button and the backdrop close it", async () => {
    const user = userEvent.setup();
    const member = leadershipTeam[0]!;
    const host = serverMarkup(<TeamMemberCard member={member} />);
    // The page listens on its document; here, on the rendered markup.
    enhanceDialogs(host);
    const dialog = host.querySelector("dialog")!;
    expect(dialog).not.toHaveAttribute("open");

    await user.click(screen.getByRole("button", { name: `Read More about ${member.name}` }));
    expect(dialog).toHaveAttribute("open");
    await user.click(dialog.querySelector<HTMLButtonElement>('[data-slot="dialog-close"]')!);
    expect(dialog).not.toHaveAttribute("open");

    await user.click(screen.getByRole("button", { name: `Read More about ${member.name}` }));
    expect(dialog).toHaveAttribute("open");
    // A click inside the dialog's content keeps it open; one on the backdrop (the dialog itself) closes it.
    await user.click(dialog.querySelector("h2")!);
    expect(dialog).toHaveAttribute("open");
    await user.click(dialog);
    expect(dialog).not.toHaveAttribute("open");
  });
});

describe("404 page", () => {
  it("logs the missing path, and Go Back goes back in history", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    vi.spyOn(window.history, "length", "get").mockReturnValue(2);
    const host = serverMarkup(<NotFoundPage backHref="/about" />);
    enhanceNotFound(host.querySelector<HTMLElement>('[data-slot="not-found"]')!);
    expect(error).toHaveBeenCalledWith(
      "404 Error: User attempted to access non-existent route:",
      window.location.pathname,
    );
    const goBack = screen.getByRole("link", { name: "Go Back" });
    // Without JavaScript it is a link to the page the visitor came from.
    expect(goBack).toHaveAttribute("href", "/about");
    await userEvent.click(goBack);
    expect(back).toHaveBeenCalledOnce();
  });

  it("with no history to go back to, Go Back follows its link", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    vi.spyOn(window.history, "length", "get").mockReturnValue(1);
    const host = serverMarkup(<NotFoundPage backHref="/about" />);
    enhanceNotFound(host.querySelector<HTMLElement>('[data-slot="not-found"]')!);
    const goBack = screen.getByRole("link", { name: "Go Back" });
    let followed = false;
    goBack.addEventListener("click", (event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    });
    await userEvent.click(goBack);
    expect(back).not.toHaveBeenCalled();
    expect(followed).toBe(true);
  });
});

describe("in-page links", () => {
  it("move focus to their target", async () => {
    const host = document.createElement("div");
    host.innerHTML = `<a href="#join">Join Our Mission</a><section id="join" tabindex="-1"><h2>Join</h2></section>`;
    document.body.append(host);
    enhanceInPageLinks(host);
    host.querySelector("a")!.addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(screen.getByRole("link", { name: "Join Our Mission" }));
    expect(document.getElementById("join")).toHaveFocus();
  });
});

describe("form islands", () => {
  const SRC = "/assets/islands-test.js";

  /** An enquiry page as the server renders it: an island with its script, a field in it and a link outside. */
  function islandPage({ eager = false } = {}) {
    document.body.innerHTML = `<a href="/about">About</a><div data-island="contact" data-island-src="${SRC}"${eager ? " data-island-eager" : ""}><form><textarea id="message"></textarea></form></div>`;
  }

  /** The page, and the islands' script as fetched and run (both answer at once). */
  function setUp(options: { eager?: boolean } = {}) {
    islandPage(options);
    return { fetch: vi.fn(() => Promise.resolve()), run: vi.fn(() => Promise.resolve()) };
  }

  /** Lets the fetch's promise, and whatever is due by then, settle; `ms` later by default none. */
  const after = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("imports nothing while the page is only read, nor when the visitor moves elsewhere", async () => {
    const loading = setUp();
    startIslands(document, loading);
    const elsewhere = document.querySelector<HTMLElement>('a[href="/about"]')!;
    elsewhere.focus();
    for (const type of STARTING_EVENTS) elsewhere.dispatchEvent(new Event(type, { bubbles: true }));
    window.dispatchEvent(new Event("load"));
    await after(PAUSE_MS * 5);
    expect(loading.fetch).not.toHaveBeenCalled();
    expect(loading.run).not.toHaveBeenCalled();
    // Positive control: the pointer over the form starts it, and runs it once fetched (a pointer passing by is no activity).
    document.getElementById("message")!.dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(loading.fetch).toHaveBeenCalledExactlyOnceWith(SRC);
    await after();
    expect(loading.run).toHaveBeenCalledExactlyOnceWith(SRC);
  });

  it.each(STARTING_EVENTS)("starts on a %s in the form, and only once", async (type) => {
    const loading = setUp();
    startIslands(document, loading);
    const field = document.getElementById("message")!;
    field.dispatchEvent(new Event(type, { bubbles: true }));
    expect(loading.fetch).toHaveBeenCalledExactlyOnceWith(SRC);
    await after(PAUSE_MS);
    expect(loading.run).toHaveBeenCalledExactlyOnceWith(SRC);
    for (const again of STARTING_EVENTS) field.dispatchEvent(new Event(again, { bubbles: true }));
    await after(PAUSE_MS);
    expect(loading.fetch).toHaveBeenCalledOnce();
    expect(loading.run).toHaveBeenCalledOnce();
  });

  it.each([
    ["when the visitor focuses a field", false],
    ["at once when focus was already in the form before the script ran", true],
  ])("starts %s, and runs once they have paused", async (_, focusFirst) => {
    const loading = setUp();
    const field = document.getElementById("message")!;
    if (focusFirst) field.focus();
    startIslands(document, loading);
    if (!focusFirst) field.focus();
    expect(loading.fetch).toHaveBeenCalledExactlyOnceWith(SRC);
    await after(PAUSE_MS - 1);
    expect(loading.run).not.toHaveBeenCalled();
    await after(1);
    expect(loading.run).toHaveBeenCalledExactlyOnceWith(SRC);
  });

  it("runs the script only once typing in the form has paused, while fetching it at once", async () => {
    const loading = setUp();
    const field = document.getElementById("message")!;
    startIslands(document, loading);
    field.focus();
    expect(loading.fetch).toHaveBeenCalledExactlyOnceWith(SRC);
    const type = (event: string) => field.dispatchEvent(new Event(event, { bubbles: true }));
    // Typing every 200 ms for two seconds, keys and pasted text alike: the script waits.
    for (let elapsed = 0; elapsed < 2000; elapsed += 200) {
      type(elapsed % 400 ? "input" : "keydown");
      await after(200);
    }
    expect(loading.run).not.toHaveBeenCalled();
    // Typing elsewhere on the page does not hold it back; a pause in the form's typing lets it run.
    document.querySelector("a")!.dispatchEvent(new Event("keydown", { bubbles: true }));
    await after(PAUSE_MS - 200 - 1);
    expect(loading.run).not.toHaveBeenCalled();
    await after(1);
    expect(loading.run).toHaveBeenCalledExactlyOnceWith(SRC);
  });

  it("starts and runs at once when the form was rendered with a result (its toast), and in a hidden tab", async () => {
    const eager = setUp({ eager: true });
    startIslands(document, eager);
    await after();
    expect(eager.run).toHaveBeenCalledExactlyOnceWith(SRC);

    const hidden = setUp();
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    startIslands(document, hidden);
    await after();
    expect(hidden.run).toHaveBeenCalledExactlyOnceWith(SRC);
  });

  it("does nothing on a page without an island", async () => {
    const loading = setUp();
    document.body.innerHTML = "<main><p>About Maternis</p><input id='q'></main>";
    startIslands(document, loading);
    document.getElementById("q")!.focus();
    window.dispatchEvent(new Event("load"));
    await after(PAUSE_MS * 5);
    expect(loading.fetch).not.toHaveBeenCalled();
    // Positive control: the same page with an island starts it.
    islandPage();
    startIslands(document, loading);
    document.getElementById("message")!.focus();
    await after(PAUSE_MS);
    expect(loading.run).toHaveBeenCalledExactlyOnceWith(SRC);
  });
});
