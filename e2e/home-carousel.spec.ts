/**
 * The home page carousel in a real browser: rotation every 7 seconds, pause
 * and play, previous and next, the dots, and the page without JavaScript.
 */
import { expect, test, type Page } from "@playwright/test";
import { home } from "../app/content/home";
import { waitForEnhancement } from "../test/support/browser";

const slideTitles = home.slides.map((s) => s.title);

function carouselParts(page: Page) {
  const carousel = page.getByRole("region", { name: home.carouselLabel });
  return {
    carousel,
    slide: (n: number) => carousel.getByRole("group", { name: `${n} of 4`, includeHidden: true }),
    dots: carousel.getByRole("group", { name: "Choose a slide" }).getByRole("button"),
    dot: (n: number) =>
      carousel.getByRole("group", { name: "Choose a slide" }).getByRole("button", { name: slideTitles[n - 1] }),
    next: carousel.getByRole("button", { name: "Next slide" }),
    previous: carousel.getByRole("button", { name: "Previous slide" }),
  };
}

/** Slide n is the one shown: its dot is current, it is visible, the others are hidden. */
async function expectCurrentSlide(page: Page, n: number) {
  const { slide, dot } = carouselParts(page);
  await expect(dot(n)).toHaveAttribute("aria-current", "true");
  await expect(slide(n)).not.toHaveAttribute("aria-hidden", "true");
  await expect(slide(n).getByRole("heading", { level: 2, name: slideTitles[n - 1] })).toBeVisible();
  for (let other = 1; other <= 4; other++) {
    if (other === n) continue;
    await expect(dot(other)).not.toHaveAttribute("aria-current", "true");
    await expect(slide(other)).toHaveAttribute("aria-hidden", "true");
  }
}

/** Opens the home page once its enhancement has run and the carousel is enhanced; returns the carousel's parts. */
async function openHome(page: Page) {
  await page.goto("/");
  await waitForEnhancement(page);
  await expect(page.locator('[data-slot="carousel"][data-enhanced]')).toBeAttached();
  return carouselParts(page);
}

async function openHomeWithClock(page: Page) {
  await page.clock.install();
  await openHome(page);
  // Keep the pointer off the carousel: hovering pauses the rotation.
  await page.mouse.move(1, 1);
  // From here on the page's time only moves when the test moves it, so
  // "not before 7 seconds" does not depend on how busy the machine is. The
  // first timer was armed at hydration, before this point.
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 500);
      break;
    } catch (error) {
      // The clock ran past `now + 500` before the call arrived (a busy machine); try again.
      if (attempt === 3) throw error;
    }
  }
}

test.describe("home carousel", () => {
  test("is a labelled carousel region that advances every 7 seconds and loops", async ({ page }) => {
    await openHomeWithClock(page);
    const { carousel } = carouselParts(page);
    await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    await expectCurrentSlide(page, 1);

    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 2);
    // Not before 7 seconds: 5 s after a change it is still the same slide, 2 s later the next.
    await page.clock.fastForward(5000);
    await expectCurrentSlide(page, 2);
    await page.clock.fastForward(2000);
    await expectCurrentSlide(page, 3);
    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 4);
    // Loops back to the first slide.
    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 1);
  });

  test("the pause control stops the rotation and play resumes it", async ({ page }) => {
    await openHomeWithClock(page);
    const { carousel } = carouselParts(page);
    const pause = carousel.getByRole("button", { name: "Pause automatic slide rotation" });
    await expect(pause).toBeVisible();
    await expect(pause).toContainText("Pause");
    await pause.click();
    const play = carousel.getByRole("button", { name: "Play automatic slide rotation" });
    await expect(play).toBeVisible();
    // Move the pointer away so only the pause control can be holding the slide.
    await page.mouse.move(1, 1);
    await page.clock.fastForward(7000);
    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 1);

    await play.click();
    await expect(carousel.getByRole("button", { name: "Pause automatic slide rotation" })).toBeVisible();
    await page.mouse.move(1, 1);
    await page.clock.fastForward(7000);
    await expectCurrentSlide(page, 2);
  });

  test("next and previous buttons change the slide and wrap around", async ({ page }) => {
    const { next, previous } = await openHome(page);
    await expectCurrentSlide(page, 1);
    // Each step: the button pressed, and the slide it shows.
    for (const [button, shown] of [
      [next, 2],
      [next, 3],
      [previous, 2],
      [previous, 1],
      [previous, 4],
      [next, 1],
    ] as const) {
      await button.click();
      await expectCurrentSlide(page, shown);
    }
  });

  test("the dots name their slides and show the chosen one; arrow keys move between them", async ({ page }) => {
    const { dots, dot } = await openHome(page);
    await expect(dots).toHaveCount(4);
    for (const [i, title] of slideTitles.entries()) await expect(dots.nth(i)).toHaveAccessibleName(title);
    await dot(3).click();
    await expectCurrentSlide(page, 3);
    await expect(page.getByRole("link", { name: home.slides[2]!.ctas[0]!.label })).toBeVisible();
    await dot(4).click();
    await expectCurrentSlide(page, 4);
    await page.keyboard.press("ArrowRight");
    await expectCurrentSlide(page, 1);
    await expect(dot(1)).toBeFocused();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the first slide shows and all four are in the DOM, reachable by scrolling", async ({ page }) => {
      await page.goto("/");
      const { carousel, slide } = carouselParts(page);
      await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
      const slides = carousel.locator('[data-slot="carousel-slide"]');
      await expect(slides).toHaveCount(4);
      for (let n = 1; n <= 4; n++) {
        await expect(slide(n)).not.toHaveAttribute("aria-hidden", "true");
        await expect(slide(n).getByRole("heading", { level: 2 })).toHaveText(slideTitles[n - 1]!);
      }

      const scroller = carousel.locator('[data-slot="carousel-slides"]');
      const geometry = () =>
        scroller.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const slideBoxes = [...el.children].map((child) => child.getBoundingClientRect());
          return {
            overflowX: getComputedStyle(el).overflowX,
            scrollLeft: el.scrollLeft,
            scrollable: el.scrollWidth > el.clientWidth,
            // Which slides lie inside the scroll container's visible box.
            inView: slideBoxes.map((s) => s.left >= box.left - 1 && s.right <= box.right + 1),
          };
        });
      const initial = await geometry();
      expect(initial.overflowX).toBe("auto");
      expect(initial.scrollable).toBe(true);
      expect(initial.scrollLeft).toBe(0);
      expect(initial.inView).toEqual([true, false, false, false]);
      await expect(slide(1).getByRole("heading", { level: 2 })).toBeVisible();

      // The last slide and its buttons are reachable: scrolling brings it into view.
      await slide(4).getByRole("link").last().scrollIntoViewIfNeeded();
      await expect.poll(async () => (await geometry()).inView[3]).toBe(true);
      expect((await geometry()).scrollLeft).toBeGreaterThan(0);
      await expect(slide(4).getByRole("link", { name: /Request a demo/ })).toBeVisible();
    });
  });
});
