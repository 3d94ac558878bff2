import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company, formatAddress } from "../app/platform/company";
import { figures } from "../app/content/figures";
import { whyInvest } from "../app/content/investors";
import { nationalPilot, roadmapEntries } from "../app/content/milestones";
import { renderPitchPdf, writePitchPdf } from "./build-pitch-pdf";
import { INVESTOR_CARD_TITLES } from "../test/support/investors";

// Local font data for the standard PDF fonts (Helvetica), so pdf.js needs no network.
const standardFontDataUrl = join(
  dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")),
  "standard_fonts/",
);

async function extract(pdf: Uint8Array) {
  const task = getDocument({ data: pdf, standardFontDataUrl, useSystemFonts: false });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  const info = await doc.getMetadata();
  await task.destroy();
  // Collapse whitespace so text wrapped across lines still matches.
  return { numPages: pages.length, text: pages.join(" ").replace(/\s+/g, " "), info };
}

const squash = (text: string) => text.replace(/\s+/g, "");

describe("one-page pitch PDF", () => {
  let pdf: Buffer;
  let result: Awaited<ReturnType<typeof extract>>;

  beforeAll(async () => {
    // As the specification words it: on 1 June 2025.
    pdf = await renderPitchPdf("2025-06-01");
    result = await extract(new Uint8Array(pdf));
  });

  it("is a valid A4 PDF of exactly one page", () => {
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-8).toString("latin1")).toContain("%%EOF");
    expect(result.numPages).toBe(1);
  });

  it("states the key figures from the figures module", () => {
    for (const figure of [
      figures.maternalDeathsPerYear,
      figures.preventableShare,
      figures.lowResourceShare,
      figures.newbornDeathsPerYear,
      figures.countries,
      figures.partners,
      figures.records,
      figures.uptime,
      figures.womenBy2030,
      figures.countriesBy2030,
      figures.reductionGoal,
    ]) {
      expect(result.text).toContain(figure.value);
    }
    expect(result.text).toContain("295,000");
  });

  it("covers the problem, solution, pilot, roadmap and why invest", () => {
    for (const phrase of [
      ...INVESTOR_CARD_TITLES,
      nationalPilot.status,
      nationalPilot.launch,
      nationalPilot.countryNote,
      "Alongside it, a 9-month pilot in UK maternity services launches in Q1 2026.",
      ...roadmapEntries.flatMap((item) => [item.year, item.title]),
      ...whyInvest.reasons.map((reason) => reason.title),
    ]) {
      expect(result.text).toContain(phrase);
    }
    // The statuses are letter-spaced capitals: pdf.js extracts them with gaps.
    expect(squash(result.text)).toContain("2025UPCOMINGPilotlaunch");
    expect(squash(result.text)).toContain("2026PLANNEDWestAfrica");
  });

  it("follows the date: after the pilots, statuses and tenses change", async () => {
    const later = await extract(new Uint8Array(await renderPitchPdf("2026-11-23")));
    expect(later.text).toContain("Launched");
    expect(later.text).not.toContain("Coming Soon");
    expect(squash(later.text)).toContain("2025COMPLETEDPilotlaunch");
    expect(squash(later.text)).toContain("2026INPROGRESSWestAfrica");
    expect(squash(later.text)).toContain("2027+UPCOMINGGlobal");
    expect(later.text).toContain("ran from January to September 2026");
  });

  it("gives the company contact details", () => {
    expect(result.text).toContain(company.email.enquiries);
    expect(result.text).toContain(company.telephone.display);
    expect(result.text).toContain(company.legalName);
    expect(result.text).toContain(formatAddress());
  });

  it("carries document metadata", () => {
    const info = result.info.info as Record<string, unknown>;
    expect(info.Author).toBe(company.legalName);
    expect(String(info.Title)).toContain(company.brand);
  });

  describe("writePitchPdf", () => {
    const dir = mkdtempSync(join(tmpdir(), "pitch-pdf-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("writes the file to the given path, creating folders", async () => {
      const target = join(dir, "nested", "pitch.pdf");
      const { path, bytes } = await writePitchPdf(target);
      expect(path).toBe(target);
      expect(statSync(target).size).toBe(bytes);
      expect(readFileSync(target).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    });
  });
});
