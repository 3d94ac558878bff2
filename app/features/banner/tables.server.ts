import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Announcements published by admins from the console. Each publish is a new
 * row (a new id, so visitors who dismissed the previous one see this one);
 * the newest row decides: published and within its window, it is the banner;
 * unpublished, there is none. With no rows at all, the content module's dated
 * announcement is the default.
 */
export const siteAnnouncements = pgTable(
  "site_announcements",
  {
    id: uuid("id").primaryKey(),
    message: text("message").notNull(),
    linkLabel: text("link_label").notNull(),
    /** A path on this site or an https: URL. */
    linkHref: text("link_href").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: text("published_by").notNull(),
    unpublishedAt: timestamp("unpublished_at", { withTimezone: true }),
    unpublishedBy: text("unpublished_by"),
  },
  (t) => [index("site_announcements_published_idx").on(t.publishedAt)],
);

export type SiteAnnouncement = typeof siteAnnouncements.$inferSelect;
