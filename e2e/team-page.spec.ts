/**
 * The team page in a real browser: the biography dialogs (focus, Escape,
 * inertness, axe), LinkedIn links and the Join Our Mission section; and its
 * HTML as the server sends it, with no JavaScript (the strings the
 * specification quotes asserted literally).
 */
import { expect, test, type Page } from "@playwright/test";
import { company } from "../app/platform/company";
import { ourStory } from "../app/content/our-story";
import { coreValues, leadershipTeam, teamQuote } from "../app/content/team";
import { expectNoAxeViolations, waitForEnhancement } from "../test/support/browser";
import {
  describePrerendered,
  escapeRegExp,
  expectLink,
  loadPrerendered,
  sectionByHeading,
} from "../test/support/page-checks";

/** Opens /team once its enhancement has run and clicks the member's Read More: returns that button and the dialog it opened. */
async function openBiography(page: Page, member: (typeof leadershipTeam)[number]) {
  await page.goto("/team");
  await waitForEnhancement(page);
  const readMore = page.getByRole("button", { name: `Read More about ${member.name}` });
  await readMore.click();
  const dialog = page.getByRole("dialog", { name: member.name });
  await expect(dialog).toBeVisible();
  return { readMore, dialog };
}

test.describe("team page", () => {
  test("Read More opens each member's full biography in a dialog; Escape closes it and returns focus", async ({
    page,
  }) => {
    await page.goto("/team");
    await waitForEnhancement(page);
    for (const member of leadershipTeam) {
      const readMore = page.getByRole("button", { name: `Read More about ${member.name}` });
      await expect(readMore).toHaveText(/^Read More/);
      await readMore.click();
      const dialog = page.getByRole("dialog", { name: member.name });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(member.role);
      const paragraphs = dialog.getByTestId("full-bio").locator("p");
      expect(member.fullBio.length).toBeGreaterThanOrEqual(2);
      await expect(paragraphs).toHaveText([...member.fullBio]);
      const dialogLink = dialog.getByRole("link", { name: /LinkedIn/ });
      await expect(dialogLink).toHaveAttribute("href", member.linkedin);
      await expect(dialogLink).toHaveAttribute("rel", "noopener noreferrer");
      await expect(dialogLink).toHaveAccessibleName(/new tab/i);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(readMore).toBeFocused();
    }
  });

  test("the dialog's close button closes it and focus returns to Read More", async ({ page }) => {
    const { readMore, dialog } = await openBiography(page, leadershipTeam[2]!);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(readMore).toBeFocused();
  });

  test("the page behind an open dialog is inert: Tab never leaves the dialog", async ({ page }) => {
    await openBiography(page, leadershipTeam[0]!);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      // Inside the dialog, or (between the last control and the first) on no element of the page.
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body ? "none" : active.closest("dialog") ? "dialog" : active.outerHTML;
      });
      expect(["dialog", "none"]).toContain(where);
    }
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
  });

  test("axe finds no violations with a biography dialog open @mobile", async ({ page }) => {
    const member = leadershipTeam[1]!;
    const { dialog } = await openBiography(page, member);
    await expect(dialog).toHaveAttribute("open", "");
    // expectNoAxeViolations lets any opening transition settle first.
    await expect(dialog.getByTestId("full-bio").locator("p")).toHaveCount(member.fullBio.length);
    await expectNoAxeViolations(page, "/team with the dialog open");
  });

  test("LinkedIn links open in a new tab safely and say so", async ({ page }) => {
    await page.goto("/team");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(leadershipTeam.length);
    for (const member of leadershipTeam) {
      const link = page.getByRole("article", { name: member.name }).getByRole("link", { name: /LinkedIn/ });
      await expect(link).toHaveAttribute("href", member.linkedin);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(link).toHaveAccessibleName(new RegExp(`${escapeRegExp(member.name)}.*LinkedIn.*new tab`, "i"));
    }
    // Every link that opens a new tab on the page is safe and announced (those in the
    // closed biography dialogs too, once a dialog shows them).
    const blankLinks = page.locator('main a[target="_blank"]:visible');
    expect(await blankLinks.count()).toBeGreaterThanOrEqual(leadershipTeam.length);
    for (const link of await blankLinks.all()) {
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAccessibleName(/new tab/i);
    }
  });

  test("'Join Our Mission' moves focus to the Join Our Mission section", async ({ page }) => {
    await page.goto("/team");
    await waitForEnhancement(page);
    const hero = page.locator("main section").first();
    await hero.getByRole("link", { name: "Join Our Mission" }).click();
    const section = page.locator("#join-our-mission");
    await expect(section).toBeFocused();
    await expect(page).toHaveURL(/\/team#join-our-mission$/);
    await expect(section.getByRole("heading", { level: 2, name: "Join Our Mission" })).toBeInViewport();
  });

  test("'Our Story' goes to /our-story", async ({ page }) => {
    await page.goto("/team");
    await waitForEnhancement(page);
    await page.locator("main section").first().getByRole("link", { name: "Our Story" }).click();
    await expect(page).toHaveURL(/\/our-story$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ourStory.hero.title);
  });

  test("Join Our Mission has mailto links for careers and enquiries", async ({ page }) => {
    await page.goto("/team");
    const section = page.locator("#join-our-mission");
    await expect(section.getByRole("link", { name: company.email.careers })).toHaveAttribute(
      "href",
      `mailto:${company.email.careers}`,
    );
    await expect(section.getByRole("link", { name: company.email.enquiries })).toHaveAttribute(
      "href",
      `mailto:${company.email.enquiries}`,
    );
    await expect(section.getByRole("heading", { level: 3, name: "Careers" })).toBeVisible();
  });
});

describePrerendered(() => {
  test("/team: title, mission and vision, four leaders, advisory network, values, quote, Join Our Mission", async ({
    page,
  }) => {
    await loadPrerendered(page, "/team", "Our Team | Leadership");
    await expect(page.getByRole("heading", { level: 3, name: "Our Mission" })).toBeAttached();
    await expect(page.getByRole("heading", { level: 3, name: "Our Vision" })).toBeAttached();

    const leadership = sectionByHeading(page, "Leadership Team");
    const cards = leadership.getByRole("article");
    await expect(cards).toHaveCount(4);
    const roles = [
      "Founder & CEO",
      "Co-Founder & Chief Medical Officer",
      "Chief Technology Officer",
      "Chief Product Officer",
    ];
    for (const [i, member] of leadershipTeam.entries()) {
      const card = cards.nth(i);
      await expect(card).toHaveAccessibleName(member.name);
      await expect(card).toContainText(roles[i]!);
      await expect(card).toContainText(member.shortBio);
      await expect(card.getByRole("img", { name: new RegExp(escapeRegExp(member.name)) })).toBeAttached();
      await expect(card.getByRole("button", { name: `Read More about ${member.name}` })).toBeAttached();
      await expect(card.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute("href", member.linkedin);
    }

    const advisory = sectionByHeading(page, /Advisory Network/);
    await expect(advisory).toContainText("Coming Soon");
    await expect(advisory).toContainText("Launching Q1 2026");
    await expectLink(advisory, /Join the Network/, "/advisory");

    const values = sectionByHeading(page, "Our Core Values");
    await expect(values.getByRole("heading", { level: 3 })).toHaveText([
      "Mission-Driven",
      "Security First",
      "Innovation",
      "Global Impact",
    ]);
    expect(coreValues.map((v) => v.title)).toEqual(["Mission-Driven", "Security First", "Innovation", "Global Impact"]);
    await expect(page.locator("main blockquote")).toContainText(teamQuote.text);

    const join = page.locator("#join-our-mission");
    await expect(join.getByRole("heading", { level: 2 })).toHaveText("Join Our Mission");
    await expect(join.locator(`a[href="mailto:${company.email.careers}"]`)).toHaveCount(1);
    await expect(join.locator(`a[href="mailto:${company.email.enquiries}"]`)).toHaveCount(1);
    await expectLink(page.locator("main"), /Join Our Mission/, "#join-our-mission");
    await expectLink(page.locator("main"), /Our Story/, "/our-story");
  });
});
