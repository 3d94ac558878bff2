/**
 * Builds the one-page investor pitch PDF from the site's content modules, so a
 * figure or date changed in app/content changes the PDF on the next build.
 *
 *   npx tsx scripts/build-pitch-pdf.tsx [output path]
 *
 * Default output: public/downloads/maternis-one-page-pitch.pdf (Vite copies
 * public/ into the client build, so it is served as a static file). Uses only
 * react-pdf's built-in Helvetica: no fonts or images are fetched.
 */
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Circle, Document, Font, Page, renderToBuffer, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import { company, formatAddress } from "../app/content/company";
import {
  firstNationalPilot,
  goals2030,
  investorHero,
  pitchPdf,
  problem,
  roadmapIntro,
  solution,
  traction,
  whyInvest,
} from "../app/content/investors";
import { roadmap } from "../app/content/milestones";

// Whole words only: no automatic hyphenation.
Font.registerHyphenationCallback((word) => [word]);

const colour = {
  primary50: "#effaf8",
  primary100: "#d5f1ec",
  primary700: "#0b6259",
  primary800: "#0a4e48",
  primary950: "#042522",
  accent50: "#fff3ef",
  accent700: "#a33422",
  ink: "#14201f",
  muted: "#4a5857",
  line: "#d9e2e1",
  white: "#ffffff",
};

const s = StyleSheet.create({
  page: { fontFamily: "Helvetica", fontSize: 8.5, lineHeight: 1.35, color: colour.ink, backgroundColor: colour.white },
  header: {
    backgroundColor: colour.primary800,
    color: colour.white,
    paddingHorizontal: 36,
    paddingTop: 22,
    paddingBottom: 18,
    position: "relative",
    overflow: "hidden",
  },
  headerRow: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start" },
  brand: { fontFamily: "Helvetica-Bold", fontSize: 24, letterSpacing: 0.5, lineHeight: 1.15 },
  tagline: { fontSize: 11, color: colour.primary100, marginTop: 2, lineHeight: 1.3 },
  docType: {
    fontFamily: "Helvetica-Bold",
    fontSize: 8,
    letterSpacing: 1.2,
    color: colour.primary100,
    textAlign: "right",
  },
  docUrl: { fontSize: 9, marginTop: 3, textAlign: "right" },
  heroLead: { fontSize: 9.5, marginTop: 10, lineHeight: 1.4, maxWidth: 440 },
  body: { paddingHorizontal: 36, paddingTop: 14 },
  figures: { flexDirection: "row", gap: 8 },
  figure: { flex: 1, backgroundColor: colour.primary50, borderRadius: 6, padding: 8 },
  figureHeadline: { backgroundColor: colour.accent50 },
  figureValue: { fontFamily: "Helvetica-Bold", fontSize: 18, lineHeight: 1.2, color: colour.primary800 },
  figureValueAccent: { color: colour.accent700 },
  figureLabel: { fontSize: 7.5, color: colour.muted, marginTop: 2, lineHeight: 1.3 },
  columns: { flexDirection: "row", gap: 18, marginTop: 10 },
  column: { flex: 1 },
  eyebrow: {
    fontFamily: "Helvetica-Bold",
    fontSize: 7.5,
    letterSpacing: 1.2,
    color: colour.accent700,
    marginBottom: 2,
  },
  h2: { fontFamily: "Helvetica-Bold", fontSize: 11.5, color: colour.ink, marginBottom: 6, lineHeight: 1.3 },
  sectionTitle: { fontFamily: "Helvetica-Bold", fontSize: 11.5, color: colour.ink, marginBottom: 6, lineHeight: 1.3 },
  item: { marginBottom: 4 },
  itemTitle: { fontFamily: "Helvetica-Bold", fontSize: 9, color: colour.primary800 },
  itemText: { color: colour.muted },
  pilotBox: {
    borderLeftWidth: 3,
    borderLeftColor: colour.accent700,
    backgroundColor: colour.accent50,
    padding: 9,
    borderRadius: 4,
  },
  badge: {
    fontFamily: "Helvetica-Bold",
    fontSize: 7.5,
    color: colour.white,
    backgroundColor: colour.accent700,
    alignSelf: "flex-start",
    paddingHorizontal: 6,
    paddingVertical: 2,
    borderRadius: 8,
    marginBottom: 4,
  },
  pilotLaunch: { fontFamily: "Helvetica-Bold", fontSize: 14, lineHeight: 1.25, color: colour.ink },
  tractionGrid: { flexDirection: "row", flexWrap: "wrap", gap: 6 },
  tractionItem: {
    width: "48%",
    borderWidth: 1,
    borderColor: colour.line,
    borderRadius: 4,
    paddingHorizontal: 6,
    paddingVertical: 4,
  },
  tractionValue: { fontFamily: "Helvetica-Bold", fontSize: 13, lineHeight: 1.2, color: colour.primary800 },
  section: { marginTop: 10 },
  roadmap: { flexDirection: "row", gap: 8 },
  roadmapItem: { flex: 1, borderWidth: 1, borderColor: colour.line, borderRadius: 6, padding: 8 },
  roadmapHighlight: { borderColor: colour.primary700, borderWidth: 1.5, backgroundColor: colour.primary50 },
  roadmapTop: { flexDirection: "row", justifyContent: "space-between", alignItems: "center", marginBottom: 2 },
  roadmapYear: { fontFamily: "Helvetica-Bold", fontSize: 13, lineHeight: 1.2, color: colour.primary800 },
  status: { fontFamily: "Helvetica-Bold", fontSize: 7, letterSpacing: 0.8, color: colour.muted },
  statusUpcoming: { color: colour.accent700 },
  reasons: { flexDirection: "row", gap: 8 },
  reason: { flex: 1, borderTopWidth: 2, borderTopColor: colour.primary700, paddingTop: 5 },
  goals: { flexDirection: "row", gap: 8, marginTop: 8, backgroundColor: colour.primary50, borderRadius: 6, padding: 8 },
  goalsTitle: { fontFamily: "Helvetica-Bold", fontSize: 9, color: colour.primary800, width: 62, lineHeight: 1.3 },
  goal: { flex: 1, flexDirection: "row", alignItems: "center", gap: 5 },
  goalValue: { fontFamily: "Helvetica-Bold", fontSize: 14, lineHeight: 1.2, color: colour.primary800 },
  goalLabel: { flex: 1, fontSize: 7.5, color: colour.muted, lineHeight: 1.3 },
  footer: {
    position: "absolute",
    left: 0,
    right: 0,
    bottom: 0,
    backgroundColor: colour.primary950,
    color: colour.white,
    paddingHorizontal: 36,
    paddingVertical: 13,
    flexDirection: "row",
    justifyContent: "space-between",
    gap: 16,
  },
  footerTitle: { fontFamily: "Helvetica-Bold", fontSize: 11 },
  footerText: { fontSize: 8.5, color: colour.primary100, marginTop: 2 },
  footerContact: { fontSize: 8.5, textAlign: "right" },
});

function Eyebrow({ children }: { children: string }) {
  return <Text style={s.eyebrow}>{children.toUpperCase()}</Text>;
}

export function PitchDocument() {
  const [headline, ...supporting] = [problem.headline, ...problem.supportingFigures];
  return (
    <Document
      title={pitchPdf.title}
      author={company.legalName}
      subject={`${company.brand}: ${company.tagline}`}
      keywords="maternal health, digital health records, investors"
      creator={company.legalName}
      producer={company.legalName}
      language="en-GB"
    >
      <Page size="A4" style={s.page}>
        <View style={s.header}>
          <Svg width={150} height={150} style={{ position: "absolute", right: -55, top: 30 }}>
            <Circle cx={75} cy={75} r={70} fill={colour.primary700} />
            <Circle cx={75} cy={75} r={40} fill={colour.primary800} />
          </Svg>
          <View style={s.headerRow}>
            <View>
              <Text style={s.brand}>{company.brand}</Text>
              <Text style={s.tagline}>{company.tagline}</Text>
            </View>
            <View>
              <Text style={s.docType}>INVESTOR SUMMARY</Text>
              <Text style={s.docUrl}>{company.siteUrl.replace(/^https:\/\//, "")}</Text>
            </View>
          </View>
          <Text style={s.heroLead}>{investorHero.lead}</Text>
        </View>

        <View style={s.body}>
          <View style={s.figures}>
            {headline ? (
              <View style={[s.figure, s.figureHeadline]}>
                <Text style={[s.figureValue, s.figureValueAccent]}>{headline.value}</Text>
                <Text style={s.figureLabel}>{headline.label}</Text>
              </View>
            ) : null}
            {supporting.map((f) => (
              <View key={f.label} style={s.figure}>
                <Text style={s.figureValue}>{f.value}</Text>
                <Text style={s.figureLabel}>{f.label}</Text>
              </View>
            ))}
          </View>

          <View style={s.columns}>
            <View style={s.column}>
              <Eyebrow>{problem.eyebrow}</Eyebrow>
              <Text style={s.h2}>{problem.title}</Text>
              {problem.points.map((p) => (
                <View key={p.id} style={s.item}>
                  <Text style={s.itemTitle}>{p.title}</Text>
                  <Text style={s.itemText}>{p.description}</Text>
                </View>
              ))}
            </View>
            <View style={s.column}>
              <Eyebrow>{solution.eyebrow}</Eyebrow>
              <Text style={s.h2}>{solution.title}</Text>
              {solution.audiences.map((a) => (
                <View key={a.id} style={s.item}>
                  <Text style={s.itemTitle}>{a.title}</Text>
                  <Text style={s.itemText}>{a.description}</Text>
                </View>
              ))}
            </View>
          </View>

          <View style={s.columns}>
            <View style={s.column}>
              <View style={s.pilotBox}>
                <Eyebrow>{firstNationalPilot.title}</Eyebrow>
                <Text style={s.badge}>{firstNationalPilot.status}</Text>
                <Text style={s.pilotLaunch}>{firstNationalPilot.launch}</Text>
                <Text style={s.itemText}>{firstNationalPilot.countryNote}.</Text>
                <Text style={[s.itemText, { marginTop: 3 }]}>{firstNationalPilot.ukPilotNote}</Text>
              </View>
            </View>
            <View style={s.column}>
              <Eyebrow>Traction</Eyebrow>
              <View style={s.tractionGrid}>
                {traction.map((f) => (
                  <View key={f.label} style={s.tractionItem}>
                    <Text style={s.tractionValue}>{f.value}</Text>
                    <Text style={s.figureLabel}>{f.label}</Text>
                  </View>
                ))}
              </View>
            </View>
          </View>

          <View style={s.section}>
            <Text style={s.sectionTitle}>
              <Text style={s.eyebrow}>{roadmapIntro.eyebrow.toUpperCase()}</Text>
              {"   "}
              {roadmapIntro.title}
            </Text>
            <View style={s.roadmap}>
              {roadmap.map((item) => (
                <View
                  key={item.year}
                  style={item.status === "upcoming" ? [s.roadmapItem, s.roadmapHighlight] : s.roadmapItem}
                >
                  <View style={s.roadmapTop}>
                    <Text style={s.roadmapYear}>{item.year}</Text>
                    <Text style={item.status === "upcoming" ? [s.status, s.statusUpcoming] : s.status}>
                      {item.status.toUpperCase()}
                    </Text>
                  </View>
                  <Text style={s.itemTitle}>{item.title}</Text>
                  <Text style={s.itemText}>{item.description}</Text>
                </View>
              ))}
            </View>
          </View>

          <View style={s.section}>
            <Text style={s.sectionTitle}>
              <Text style={s.eyebrow}>{whyInvest.eyebrow.toUpperCase()}</Text>
              {"   "}
              {whyInvest.title}
            </Text>
            <View style={s.reasons}>
              {whyInvest.reasons.map((r) => (
                <View key={r.id} style={s.reason}>
                  <Text style={s.itemTitle}>{r.title}</Text>
                  <Text style={s.itemText}>{r.description}</Text>
                </View>
              ))}
            </View>
            <View style={s.goals}>
              <Text style={s.goalsTitle}>Our goals for 2030</Text>
              {goals2030.map((g) => (
                <View key={g.label} style={s.goal}>
                  <Text style={s.goalValue}>{g.value}</Text>
                  <Text style={s.goalLabel}>{g.label}</Text>
                </View>
              ))}
            </View>
          </View>
        </View>

        <View style={s.footer} fixed>
          <View>
            <Text style={s.footerTitle}>Partner with us</Text>
            <Text style={s.footerText}>Book a demo: {company.siteUrl}/demo</Text>
            <Text style={s.footerText}>{company.legalName}</Text>
            <Text style={s.footerText}>{formatAddress()}</Text>
          </View>
          <View>
            <Text style={s.footerContact}>{company.email.enquiries}</Text>
            <Text style={[s.footerContact, { marginTop: 3 }]}>{company.telephone.display}</Text>
            <Text style={[s.footerContact, { marginTop: 3 }]}>{company.siteUrl}</Text>
          </View>
        </View>
      </Page>
    </Document>
  );
}

/** Renders the pitch to PDF bytes. */
export async function renderPitchPdf(): Promise<Buffer> {
  return renderToBuffer(<PitchDocument />);
}

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const defaultOutputPath = resolve(projectRoot, pitchPdf.publicPath);

/** Renders the pitch and writes it to `outputPath`; returns the path and size. */
export async function writePitchPdf(outputPath: string = defaultOutputPath) {
  const pdf = await renderPitchPdf();
  mkdirSync(dirname(outputPath), { recursive: true });
  writeFileSync(outputPath, pdf);
  return { path: outputPath, bytes: pdf.byteLength };
}

function isMain() {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return pathToFileURL(realpathSync(entry)).href === import.meta.url;
  } catch {
    return false;
  }
}

if (isMain()) {
  const target = process.argv[2] ? resolve(process.argv[2]) : defaultOutputPath;
  writePitchPdf(target)
    .then(({ path, bytes }) => console.log(`Wrote ${path} (${Math.round(bytes / 1024)} KB)`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
