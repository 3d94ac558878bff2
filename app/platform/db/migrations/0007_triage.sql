ALTER TABLE "submissions" DROP CONSTRAINT "submissions_spam_reason_check";--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "assigned_to" text;--> statement-breakpoint
CREATE INDEX "submissions_inbox_assigned_idx" ON "submissions" USING btree ("assigned_to","created_at") WHERE "submissions"."spam_reason" is null and "submissions"."assigned_to" is not null;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_spam_reason_check" CHECK ("submissions"."spam_reason" in ('honeypot', 'time-trap', 'staff'));