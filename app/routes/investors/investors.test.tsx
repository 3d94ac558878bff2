import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { figures } from "~/content/figures";
import { pitchPdf } from "~/content/investors";
import { roadmapEntries as roadmap } from "~/content/milestones";
import { contentDate } from "~/content/dated";
import { formatFileSize, getPitchPdfInfo } from "./pitch-pdf.server";
import InvestorsPage from "./route";
import { INVESTOR_CARD_TITLES } from "../../../test/support/investors";

function renderInvestors() {
  const Stub = createRoutesStub([
    {
      // The root loader's dated data (app/root.tsx), as on 1 June 2025.
      id: "root",
      loader: () => ({ contentDate: contentDate("2025-06-01"), announcement: null }),
      HydrateFallback: () => null,
      children: [
        {
          path: "/investors",
          // The stub passes loaderData to the route component like the framework does.
          Component: InvestorsPage as never,
          loader: () => ({ pitch: { href: pitchPdf.href, fileName: pitchPdf.fileName, size: "38 KB" } }),
          HydrateFallback: () => null,
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={["/investors"]} />);
}

describe("Investors page", () => {
  it("has the problem, solution, pilot, roadmap, why invest and partner sections", async () => {
    renderInvestors();
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getAllByText(figures.maternalDeathsPerYear.value).length).toBeGreaterThan(0);
    for (const title of [
      ...INVESTOR_CARD_TITLES,
      "First National Pilot",
      "Secure SaaS",
      "AI-Driven Insights",
      "High-Impact Global Market",
      "Partner With Us",
      ...roadmap.map((item) => item.title),
    ]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    const pilot = screen.getByRole("heading", { name: "First National Pilot" }).closest("section")!;
    expect(within(pilot).getByText("Coming Soon")).toBeInTheDocument();
    expect(within(pilot).getByText("Q1 2026")).toBeInTheDocument();
  });

  it("offers the three partner actions, the PDF as a download with its size", async () => {
    renderInvestors();
    const section = (await screen.findByRole("heading", { name: "Partner With Us", level: 2 })).closest("section")!;
    expect(within(section).getByRole("link", { name: /Book a Demo/ })).toHaveAttribute("href", "/demo");
    const pdf = within(section).getByRole("link", { name: "Download One-Page Pitch PDF (PDF, 38 KB)" });
    expect(pdf).toHaveAttribute("href", "/downloads/maternis-one-page-pitch.pdf");
    expect(pdf).toHaveAttribute("download", "maternis-one-page-pitch.pdf");
    expect(
      within(section)
        .getByRole("link", { name: /Contact Us for Partnerships/ })
        .getAttribute("href"),
    ).toMatch(/^\/contact\b/);
  });
});

describe("pitch PDF info (build-time loader)", () => {
  it("formats sizes", () => {
    expect(formatFileSize(38 * 1024)).toBe("38 KB");
    expect(formatFileSize(100)).toBe("1 KB");
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });

  it("reads the size of the built file and fails loudly when it is missing", () => {
    const root = mkdtempSync(join(tmpdir(), "pitch-info-"));
    try {
      expect(() => getPitchPdfInfo(root)).toThrow(/build-pitch-pdf/);
      const file = join(root, pitchPdf.publicPath);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, Buffer.alloc(10 * 1024));
      expect(getPitchPdfInfo(root)).toEqual({ href: pitchPdf.href, fileName: pitchPdf.fileName, size: "10 KB" });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
