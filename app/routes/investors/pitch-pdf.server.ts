import { statSync } from "node:fs";
import { join } from "node:path";
import { pitchPdf } from "~/content/investors";

/** "38 KB" (kibibytes, rounded, at least 1), or "1.2 MB" from 1 MiB up. */
export function formatFileSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The pitch PDF's public URL and size, read at build time (the investors page
 * is prerendered). The PDF is written by scripts/build-pitch-pdf.tsx, which
 * must run before `react-router build`; a missing file fails the build.
 */
export function getPitchPdfInfo(root = process.cwd()) {
  const file = join(root, pitchPdf.publicPath);
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch (cause) {
    throw new Error(
      `The one-page pitch PDF is missing at ${file}. Run \`npx tsx scripts/build-pitch-pdf.tsx\` before building.`,
      { cause },
    );
  }
  return { href: pitchPdf.href, fileName: pitchPdf.fileName, size: formatFileSize(bytes) };
}
