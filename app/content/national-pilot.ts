/**
 * The First National Pilot card's words (the /investors page and the pitch
 * PDF, through app/content/dated.ts nationalPilotCard). Its own module, apart from
 * the rest of the investor copy in ./investors, because app/content/dated.ts runs
 * on every page that React hydrates and should not carry that copy along.
 *
 * Relative imports on purpose: the PDF script runs under tsx outside Vite.
 */
import type { Phase } from "~/platform/calendar";
import { nationalPilot, ukPilot, ukPilotWhen } from "./milestones";

/**
 * The First National Pilot card (page and PDF), by the national pilot's phase
 * (its launch quarter) and the UK pilot's phase (app/content/dated.ts).
 */
export function firstNationalPilotOn(phases: { national: Phase; uk: Phase; status: string }) {
  const { national, uk, status } = phases;
  const launches =
    national === "before"
      ? `launches in ${nationalPilot.launch}`
      : national === "during"
        ? `launches this quarter, ${nationalPilot.launch}`
        : `launched in ${nationalPilot.launch}`;
  return {
    eyebrow: "First National Pilot",
    title: "First National Pilot",
    status,
    launchLabel: national === "after" ? "Launched" : "Launching",
    launch: nationalPilot.launch,
    countryNote: nationalPilot.countryNote,
    description: `Our first national pilot with a ministry of health ${launches}. We will announce the country with our partners.`,
    ukPilotNote: `Alongside it, a ${ukPilot.durationMonths}-month pilot in ${ukPilot.setting} ${ukPilotWhen(uk)}.`,
  };
}
