/**
 * The staff inbox's end-to-end helpers (e2e/staff-inbox*.spec.ts, e2e/staff-audit-words.spec.ts).
 *
 *   postEnquiries(page: Page, people: { name: string; organisation?: string }[], tag: string): Promise<string[]>
 *     Sends one contact enquiry per person through the public form's POST (as a browser without
 *     JavaScript does: one anti-spam token, its minimum fill time waited out once), each from a
 *     new address holding `tag` (so a search for `tag` finds exactly these); returns the addresses.
 *   newTag(prefix: string): string — `prefix` and six random letters and digits, new each call.
 *   postTagged(page: Page, prefix: string, names: string[]): Promise<string>
 *     postEnquiries under a newTag(prefix), one enquiry from "<name> <tag>" per name; returns the tag.
 *   atDesk(browser, options, run: (desk: Page) => Promise<void>): Promise<void>
 *     Runs `run` with a console page signed in as the admin, in a context of its own (made with
 *     `options`: a viewport, no JavaScript), closed afterwards.
 *   atInbox(browser, options, tag, run): atDesk, with the inbox searched for `tag` open before `run`.
 *   inboxTable(page): Locator — the inbox's table of enquiries.
 *   selectionBar(page): Locator — the selection bar (its group, "With the enquiries ticked").
 *   tabTo(page, target, max?): presses Tab until `target` has focus.
 *   expectNoSidewaysScroll(page): the page is no wider than the screen (names what reaches past it).
 *   wordsBrokenInside(locator): Promise<string[]> — the words of each element `locator` matches
 *     that the browser laid out over more than one line (a break inside a word).
 */
import { waitForConsole } from "./browser";
import { expect, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { MIN_FILL_MS } from "./form-pages";
import { uniqueAddress } from "./mailbox";
import { signInAsAdmin } from "./staff";

export async function postEnquiries(page: Page, people: { name: string; organisation?: string }[], tag: string) {
  await page.goto("/contact");
  const token = await page.locator('input[name="formStartedAt"]').inputValue();
  // A fixed wait is right here: the server rejects a post sooner than its minimum fill time after the token.
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
  const origin = new URL(page.url()).origin;
  const addresses: string[] = [];
  for (const [i, person] of people.entries()) {
    const email = uniqueAddress(`${tag}-${i}`);
    const response = await page.request.post("/contact", {
      form: {
        website: "",
        formStartedAt: token,
        name: person.name,
        email,
        organization: person.organisation ?? `Clinic ${tag}`,
        interest: "pricing",
        message: "Hello from an end-to-end test.",
      },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(response.status(), `enquiry from ${person.name}`).toBeLessThan(400);
    addresses.push(email);
  }
  return addresses;
}

export const newTag = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

export async function postTagged(page: Page, prefix: string, names: string[]) {
  const tag = newTag(prefix);
  await postEnquiries(
    page,
    names.map((name) => ({ name: `${name} ${tag}` })),
    tag,
  );
  return tag;
}

export async function atDesk(browser: Browser, options: BrowserContextOptions, run: (desk: Page) => Promise<void>) {
  const context = await browser.newContext(options);
  try {
    const desk = await context.newPage();
    await signInAsAdmin(desk);
    if (options.javaScriptEnabled !== false) await waitForConsole(desk);
    await run(desk);
  } finally {
    await context.close();
  }
}

export async function atInbox(
  browser: Browser,
  options: BrowserContextOptions,
  tag: string,
  run: (desk: Page) => Promise<void>,
) {
  await atDesk(browser, options, async (desk) => {
    await desk.goto(`/staff?q=${tag}`);
    // A new document: its keys and buttons work once React has hydrated it.
    if (options.javaScriptEnabled !== false) await waitForConsole(desk);
    await run(desk);
  });
}

export const inboxTable = (page: Page) => page.getByRole("table", { name: /Enquiries, newest first/ });
export const selectionBar = (page: Page) => page.getByRole("group", { name: "With the enquiries ticked" });

export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    wide: [...document.querySelectorAll("main *")]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
      .slice(0, 5),
  }));
  expect(scrollWidth, `wider than the screen: ${wide.join(", ")}`).toBeLessThanOrEqual(clientWidth);
}

export async function wordsBrokenInside(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        // A hyphen is a place a line may break: the parts either side are the words.
        for (const match of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          // One line box per line the word is laid out on: more than one top means it was split.
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );
}
