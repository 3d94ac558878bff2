import { useRouteLoaderData } from "react-router";
import type { Announcement } from "~/content/banner";
import { londonDate } from "~/platform/calendar";
import { contentDate, currentAnnouncement } from "~/content/dated";

/** What the root loader (app/root.tsx) tells every page about the date. */
export type RootDatedData = {
  /** The date dated content is derived from (app/content/dated.ts contentDate). */
  contentDate: string;
  /** The announcement for the banner; null = no banner. */
  announcement: Announcement | null;
};

function useRootDatedData(): RootDatedData | undefined {
  return useRouteLoaderData("root") as RootDatedData | undefined;
}

/**
 * The London date dated content is derived from, as the server saw it (the
 * root loader), so the browser hydrates exactly what the server rendered.
 * Without root data (a component rendered on its own in a unit test) it is
 * today's date.
 */
export function useContentDate(): string {
  return useRootDatedData()?.contentDate ?? contentDate(londonDate(new Date()));
}

/** The current announcement from the root loader. */
export function useAnnouncement(): Announcement | null {
  const data = useRootDatedData();
  const fallbackDate = useContentDate();
  return data ? data.announcement : currentAnnouncement(fallbackDate);
}
