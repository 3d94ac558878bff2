/**
 * The root route's dated data (app/root.tsx loader) for route unit tests that
 * render pages with createRoutesStub: the pages read the date the site's
 * dated content follows from it (app/lib/use-dated.ts). Default: 1 June 2025,
 * when the site reads exactly as the specification words it.
 *
 *   SPEC_DATE: string — that day, "2025-06-01".
 *   rootDatedData(today?): RootDatedData — the root loader's dated data on `today`.
 *   withDatedRoot(children, today?) — a route list under a root route whose loader gives it.
 *   publishedBanner(id, message): BannerState — a banner staff published (app/features/banner),
 *     its link "Book" to /contact, for a BannerSource in a test.
 */
import { contentDate, currentAnnouncement } from "../../app/content/dated";
import type { BannerState } from "../../app/features/banner/banner";
import type { RootDatedData } from "../../app/lib/use-dated";

export const SPEC_DATE = "2025-06-01";

export function rootDatedData(today: string = SPEC_DATE): RootDatedData {
  const date = contentDate(today);
  return { contentDate: date, announcement: currentAnnouncement(date) };
}

/** Wraps a createRoutesStub route list in a root route whose loader gives the dated data. */
export function withDatedRoot<T>(children: T[], today: string = SPEC_DATE) {
  return [{ id: "root", loader: () => rootDatedData(today), HydrateFallback: () => null, children }];
}

export function publishedBanner(id: string, message: string): BannerState {
  return { kind: "published", announcement: { id, message, link: { label: "Book", to: "/contact" } } };
}
