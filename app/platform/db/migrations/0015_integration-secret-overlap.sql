ALTER TABLE "integrations" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "reveal_to" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "reveal_until" timestamp with time zone;