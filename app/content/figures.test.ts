import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { dashboard } from "./dashboard";
import { demoTiles, figures } from "./figures";
import { globalPresence } from "./global";
import { home, CAROUSEL_INTERVAL_MS } from "./home";
import { aims2030, impact, sdgs } from "./impact";
import { roadmapOn } from "~/content/dated";
import { ukPilot } from "./milestones";
import { product } from "./product";

const appDir = join(process.cwd(), "app");

/** The figures as the company's specification states them, verbatim. */
const specFigures = {
  maternalDeathsPerYear: "295,000",
  preventableShare: "80%",
  lowResourceShare: "94%",
  newbornDeathsPerYear: "2.7M",
  womenPerDay: "810",
  reductionGoal: "50%",
  womenBy2030: "1M+",
  countriesBy2030: "50+",
  countries: "3",
  partners: "15+",
  records: "10K+",
  uptime: "99.9%",
  indicators: "47",
} as const;

const specTiles = { activePatients: "1,247", highRisk: "23", appointments: "18", alerts: "7" } as const;

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, pattern);
    return pattern.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A figure string as a whole token: "47" must not match "147" or "4.7", "50%" must not match "150%". */
function tokenPattern(value: string) {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\d.,])${escaped}(?![\\d.,]*\\d)`);
}

describe("marketing figures", () => {
  it("are all present with the exact values", () => {
    for (const [key, value] of Object.entries(specFigures)) {
      expect(figures[key as keyof typeof figures].value, key).toBe(value);
    }
  });

  it("include the four demo tiles with the exact values", () => {
    for (const [key, value] of Object.entries(specTiles)) {
      expect(demoTiles[key as keyof typeof demoTiles].value, key).toBe(value);
    }
    expect(dashboard.tiles.map((t) => t.value)).toEqual(["1,247", "23", "18", "7"]);
  });

  it("are defined once: no other content module or page of this issue retypes a figure", () => {
    const sources = [
      ...filesUnder(join(appDir, "content"), /\.ts$/).filter((f) => !f.endsWith("figures.ts")),
      ...["home", "product", "dashboard", "about", "our-story", "impact", "global", "vision"].flatMap((slug) =>
        filesUnder(join(appDir, "routes", slug), /\.tsx?$/),
      ),
      ...filesUnder(join(appDir, "components", "product-screens"), /\.tsx?$/),
    ];
    expect(sources.length).toBeGreaterThan(10);
    // Distinctive figure strings; one-digit values such as "3" cannot be told apart from ordinary numbers.
    const distinctive = [...Object.values(specFigures).filter((v) => v.length > 1), specTiles.activePatients];
    const offenders: string[] = [];
    for (const file of sources) {
      const text = readFileSync(file, "utf8");
      for (const value of distinctive) {
        if (tokenPattern(value).test(text)) offenders.push(`${relative(appDir, file)}: ${value}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("the token check itself catches a retyped figure", () => {
    expect(tokenPattern("295,000").test("about 295,000 deaths")).toBe(true);
    expect(tokenPattern("47").test("track 47 indicators")).toBe(true);
    expect(tokenPattern("47").test("MAT-147 and 4.7 km")).toBe(false);
    expect(tokenPattern("50%").test("a 50% reduction")).toBe(true);
  });

  it("pages that show the same figure use the same constant", () => {
    expect(home.impact.stats).toContain(figures.maternalDeathsPerYear);
    expect(impact.stats.items).toContain(figures.maternalDeathsPerYear);
    expect(product.stats.items).toContain(figures.records);
    expect(globalPresence.metrics.items).toContain(figures.records);
    expect(aims2030).toEqual([figures.womenBy2030, figures.countriesBy2030, figures.reductionGoal]);
  });
});

describe("page content", () => {
  it("home carousel: 4 slides in the specified order, 7000 ms", () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(7000);
    expect(home.slides.map((s) => s.title)).toEqual([
      "Web Summit Lisbon 2025",
      "Digital Maternal Records",
      "AI for Early Risk Insights",
      "Continuous Health Monitoring",
    ]);
    expect(home.slides.map((s) => s.ctas.map((c) => c.to))).toEqual([
      ["/contact"],
      ["/product"],
      ["/demo"],
      ["/product", "/demo"],
    ]);
    expect(home.slides[3]!.points).toEqual(["Heart rate", "Activity", "Sleep", "Stress"]);
  });

  it("home sections have the specified cards and calls to action", () => {
    expect(home.features.cards).toHaveLength(5);
    expect(home.whyChoose.cards).toHaveLength(4);
    expect(home.impact.title).toContain("SDG 3.1");
    const [join, partner] = home.cta.ctas;
    expect(join).toEqual({ label: "Join the Pilot", to: "/contact" });
    expect(partner.label).toBe("Partner With Us");
    expect(partner.to.startsWith("/contact")).toBe(true);
  });

  it("product page quotes the specified buttons and the UK pilot dates", () => {
    expect(product.hero.ctas).toEqual([
      { label: "See How It Works", to: "/demo" },
      { label: "Schedule Demo", to: "/contact" },
    ]);
    expect(product.ai.services.map((s) => s.title)).toEqual([
      "Clinical decision support",
      "Predictive analytics",
      "Workflow automation",
    ]);
    expect(ukPilot).toMatchObject({ duration: "9 months", launch: "Q1 2026" });
    expect(product.pilot.title).toContain(`${ukPilot.durationMonths}-month`);
    expect(product.pilot.lead).toContain(ukPilot.launch);
    expect(product.contact.title).toBe("Get in Touch");
  });

  it("roadmap items are the specified three, in order, as on 1 June 2025", () => {
    expect(roadmapOn("2025-06-01").map((r) => [r.year, r.title.toLowerCase(), r.status])).toEqual([
      ["2025", "pilot launch", "upcoming"],
      ["2026", "west africa expansion", "planned"],
      ["2027+", "global rollout", "planned"],
    ]);
  });

  it("demo alerts carry every priority, and SDG cards cover 3.1, 3.7 and 3.8", () => {
    expect(new Set(dashboard.alerts.items.map((a) => a.priority))).toEqual(new Set(["high", "medium", "low"]));
    expect(sdgs.map((s) => s.target)).toEqual(["SDG 3.1", "SDG 3.7", "SDG 3.8"]);
    expect(globalPresence.phases.items).toHaveLength(4);
  });
});
