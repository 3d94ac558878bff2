/**
 * The investors page's problem and solution cards as the specification names
 * them: the page (app/routes/investors) and the one-page pitch PDF
 * (scripts/build-pitch-pdf.tsx) both carry them, and their tests check these
 * exact words.
 */
export const INVESTOR_CARD_TITLES = [
  "Paper records are fragmented",
  "Lack of real-time data",
  "Poor continuity of care",
  "For Mothers",
  "For Providers",
  "For Ministries",
] as const;
