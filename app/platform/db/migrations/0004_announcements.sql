CREATE TABLE "site_announcements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"link_label" text NOT NULL,
	"link_href" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text NOT NULL,
	"unpublished_at" timestamp with time zone,
	"unpublished_by" text
);
--> statement-breakpoint
CREATE INDEX "site_announcements_published_idx" ON "site_announcements" USING btree ("published_at");