import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { company } from "~/platform/company";
import { leadershipTeam } from "~/content/team";
import TeamPage from "./route";

function renderTeam() {
  const Stub = createRoutesStub([
    { path: "/team", Component: TeamPage },
    { path: "/our-story", Component: () => <h1>Our Story page</h1> },
  ]);
  return render(<Stub initialEntries={["/team"]} />);
}

describe("Team page", () => {
  // Without the root loader the page's dated content follows the system date: 1 June 2025.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-06-01T12:00:00Z"));
  });
  afterAll(() => vi.useRealTimers());

  it("has one h1, 'Our Team | Leadership'", () => {
    renderTeam();
    const h1s = screen.getAllByRole("heading", { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent("Our Team | Leadership");
  });

  it("shows the four leaders with their roles and LinkedIn links that open in a new tab", () => {
    renderTeam();
    const roles = [
      "Founder & CEO",
      "Co-Founder & Chief Medical Officer",
      "Chief Technology Officer",
      "Chief Product Officer",
    ];
    expect(leadershipTeam.map((m) => m.role)).toEqual(roles);
    for (const member of leadershipTeam) {
      const card = screen.getByRole("article", { name: member.name });
      expect(within(card).getByText(member.role)).toBeInTheDocument();
      expect(within(card).getByRole("img", { name: new RegExp(member.name) })).toBeInTheDocument();
      const linkedin = within(card).getByRole("link", { name: `${member.name} on LinkedIn (opens in a new tab)` });
      expect(linkedin).toHaveAttribute("href", member.linkedin);
      expect(linkedin).toHaveAttribute("target", "_blank");
      expect(linkedin).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  it("'Join Our Mission' targets the Join Our Mission section and moves focus to it", async () => {
    const user = userEvent.setup();
    renderTeam();
    const link = screen.getByRole("link", { name: "Join Our Mission" });
    const href = link.getAttribute("href");
    expect(href).toBe("#join-our-mission");
    const section = document.getElementById(href!.slice(1));
    expect(section).not.toBeNull();
    expect(section).toHaveAttribute("tabindex", "-1");
    expect(within(section!).getByRole("heading", { level: 2, name: "Join Our Mission" })).toBeInTheDocument();
    await user.click(link);
    expect(section).toHaveFocus();
  });

  it("the Join Our Mission section has mailto links for careers and enquiries", () => {
    renderTeam();
    const section = document.getElementById("join-our-mission")!;
    const hrefs = within(section)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(hrefs).toContain(`mailto:${company.email.careers}`);
    expect(hrefs).toContain(`mailto:${company.email.enquiries}`);
  });

  it("'Our Story' goes to /our-story", async () => {
    const user = userEvent.setup();
    renderTeam();
    const link = screen.getByRole("link", { name: "Our Story" });
    expect(link).toHaveAttribute("href", "/our-story");
    await user.click(link);
    expect(await screen.findByRole("heading", { name: "Our Story page" })).toBeInTheDocument();
  });

  it("links the Advisory Network card to /advisory with its launch date", () => {
    renderTeam();
    const heading = screen.getByRole("heading", { name: "Health Advisory Network" });
    const card = heading.closest("section")!;
    expect(within(card).getByText("Coming Soon")).toBeInTheDocument();
    expect(within(card).getByText("Launching Q1 2026")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /Join the Network/ })).toHaveAttribute("href", "/advisory");
  });

  it("shows the four core values", () => {
    renderTeam();
    for (const value of ["Mission-Driven", "Security First", "Innovation", "Global Impact"]) {
      expect(screen.getByRole("heading", { level: 3, name: value })).toBeInTheDocument();
    }
  });
});

describe("Team member Read More dialog", () => {
  const member = leadershipTeam[1]!;
  /** The member's <dialog>. (Testing Library's role queries do not see a closed one.) */
  const memberDialog = () => {
    const dialog = document.getElementById(`${member.id}-dialog-name`)?.closest("dialog");
    if (!dialog) throw new Error(`no dialog for ${member.name}`);
    return dialog;
  };

  it("is a modal <dialog>, closed until Read More opens it, with the full biography in paragraphs", async () => {
    const user = userEvent.setup();
    renderTeam();
    const readMore = screen.getByRole("button", { name: `Read More about ${member.name}` });
    expect(readMore).toHaveAttribute("aria-haspopup", "dialog");
    const dialog = memberDialog();
    expect(dialog).not.toHaveAttribute("open");

    await user.click(readMore);
    expect(dialog).toHaveAttribute("open");
    expect(dialog).toHaveAccessibleName(member.name);
    expect(dialog).toHaveAccessibleDescription(member.role);
    const bio = within(dialog).getByTestId("full-bio");
    const paragraphs = bio.querySelectorAll("p");
    expect(member.fullBio.length).toBeGreaterThan(1);
    expect(paragraphs).toHaveLength(member.fullBio.length);
    member.fullBio.forEach((text, i) => expect(paragraphs[i]).toHaveTextContent(text));
  });

  it("closes with its close button, and with a click on the backdrop but not on its content", async () => {
    const user = userEvent.setup();
    renderTeam();
    const readMore = screen.getByRole("button", { name: `Read More about ${member.name}` });
    const dialog = memberDialog();

    await user.click(readMore);
    await user.click(within(dialog).getByRole("button", { name: "Close", hidden: true }));
    expect(dialog).not.toHaveAttribute("open");

    await user.click(readMore);
    await user.click(within(dialog).getByTestId("full-bio"));
    expect(dialog).toHaveAttribute("open");
    await user.click(dialog); // the backdrop: the <dialog> element itself
    expect(dialog).not.toHaveAttribute("open");
  });
});
