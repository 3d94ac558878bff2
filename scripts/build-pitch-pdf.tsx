/**
 * Builds the one-page investor pitch PDF from the site's content modules, so a
 * figure or date changed in app/content changes the PDF on the next build.
 *
 *   npx tsx scripts/build-pitch-pdf.tsx [output path]
 *
 * Default output: public/downloads/maternis-one-page-pitch.pdf (Vite copies
 * public/ into the client build, so it is served as a static file). Uses only
 * react-pdf's built-in Helvetica: no fonts or images are fetched. The page
 * itself, its parts and styles, are in ./pitch-pdf.
 */
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { renderToBuffer } from "@react-pdf/renderer";
import { pitchPdf } from "../app/content/investors";
import { londonDate } from "../app/platform/calendar";
import { contentDate } from "../app/content/dated";
import { parseSiteClock } from "../app/platform/env.server";
import { PitchDocument } from "./pitch-pdf/document";

/**
 * The date the PDF's dated content follows: the build's clock (SITE_CLOCK, or
 * the real time), as for the prerendered pages. The PDF is a build output:
 * after a boundary it changes with the next build (docs/decisions/010-dated-content.md).
 */
export function pitchDate(): string {
  return contentDate(londonDate(parseSiteClock(process.env.SITE_CLOCK) ?? new Date()));
}

/** Renders the pitch to PDF bytes, dated content as on `today` (a London date). */
export async function renderPitchPdf(today: string = pitchDate()): Promise<Buffer> {
  return renderToBuffer(<PitchDocument today={today} />);
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
