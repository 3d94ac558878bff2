import { z } from "zod";
import { hasDisallowedCharacters } from "~/platform/text";
import type { Announcement, BannerState } from "~/content/banner";

/** What the banner shows, and what the site shows now: the content module's (~/content/banner). */
export type { Announcement, BannerState };

/** A published row, as the console's editor shows it. */
export type PublishedAnnouncement = {
  id: string;
  message: string;
  linkLabel: string;
  linkHref: string;
  startsAt: Date | null;
  endsAt: Date | null;
  publishedAt: Date;
  publishedBy: string;
  unpublishedAt: Date | null;
};

export const ANNOUNCEMENT_LIMITS = { message: 200, linkLabel: 40, linkHref: 500 } as const;

/** A path on this site ("/contact", "/about#team"), never "//host". */
const sitePath = /^\/(?![/\\])[^\s]*$/;

function isLinkTarget(value: string) {
  if (sitePath.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The editor's form, as the console's action validates it (times already read as instants). */
export const announcementInput = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, "Enter the announcement")
      .max(ANNOUNCEMENT_LIMITS.message, `The announcement must be ${ANNOUNCEMENT_LIMITS.message} characters or fewer`)
      .refine(
        (message) => !hasDisallowedCharacters(message, { lines: true }),
        "The announcement contains characters that are not allowed",
      ),
    linkLabel: z
      .string()
      .trim()
      .min(1, "Enter the link text")
      .max(ANNOUNCEMENT_LIMITS.linkLabel, `The link text must be ${ANNOUNCEMENT_LIMITS.linkLabel} characters or fewer`)
      .refine((label) => !hasDisallowedCharacters(label), "The link text contains characters that are not allowed"),
    linkHref: z
      .string()
      .trim()
      .min(1, "Enter where the link goes")
      .max(ANNOUNCEMENT_LIMITS.linkHref, "The link target is too long")
      // Checked first: an https:// address holding a NUL parses (the URL encodes it), and the database refuses it.
      .refine((href) => !hasDisallowedCharacters(href), "The link target contains characters that are not allowed")
      .refine(isLinkTarget, "Enter a path on this site, like /contact, or an address starting with https://"),
    startsAt: z.date().nullable(),
    endsAt: z.date().nullable(),
  })
  .refine((input) => !input.startsAt || !input.endsAt || input.endsAt > input.startsAt, {
    path: ["endsAt"],
    message: "The end must be after the start",
  });
export type AnnouncementInput = z.infer<typeof announcementInput>;

/** Whether a published announcement shows at `now`: published, not withdrawn, within its window. */
export function showsAt(row: PublishedAnnouncement, now: Date): boolean {
  if (row.unpublishedAt) return false;
  if (row.startsAt && now < row.startsAt) return false;
  if (row.endsAt && now >= row.endsAt) return false;
  return true;
}

export function toAnnouncement(row: PublishedAnnouncement): Announcement {
  return { id: row.id, message: row.message, link: { label: row.linkLabel, to: row.linkHref } };
}

/**
 * The site's side, kept in memory by each process and refreshed within
 * seconds of a change on any process (LISTEN/NOTIFY on PostgreSQL).
 */
export interface BannerSource {
  state(now: Date): BannerState;
}
