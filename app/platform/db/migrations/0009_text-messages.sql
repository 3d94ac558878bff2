CREATE TABLE "text_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_messages_status_check" CHECK ("text_messages"."status" in ('queued', 'sent', 'failed', 'dead'))
);
--> statement-breakpoint
CREATE INDEX "text_messages_recipient_idx" ON "text_messages" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "text_messages_created_at_idx" ON "text_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "text_messages_dead_idx" ON "text_messages" USING btree ("status") WHERE "text_messages"."status" = 'dead';