ALTER TABLE "enquiries" ADD COLUMN "spam_at" timestamp with time zone;--> statement-breakpoint
-- Spam from before: counted from its receipt, as the retention sweep counted it until now.
UPDATE "enquiries" SET "spam_at" = "created_at" WHERE "spam_reason" IS NOT NULL;
