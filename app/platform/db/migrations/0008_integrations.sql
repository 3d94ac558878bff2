CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"secret" text,
	"events" jsonb NOT NULL,
	"detail" text DEFAULT 'link' NOT NULL,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_kind_check" CHECK ("integrations"."kind" in ('webhook', 'slack', 'teams')),
	CONSTRAINT "integrations_detail_check" CHECK ("integrations"."detail" in ('link', 'summary'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"integration_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"event" text NOT NULL,
	"delivery_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"http_status" integer,
	"latency_ms" integer,
	"response" text,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_event_unique" UNIQUE NULLS NOT DISTINCT("integration_id","submission_id","event","delivery_id"),
	CONSTRAINT "webhook_deliveries_event_check" CHECK ("webhook_deliveries"."event" in ('enquiry.received', 'enquiry.released', 'delivery.dead_lettered')),
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('queued', 'sent', 'failed', 'dead', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_integration_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" USING btree ("integration_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_submission_idx" ON "webhook_deliveries" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_dead_idx" ON "webhook_deliveries" USING btree ("status") WHERE "webhook_deliveries"."status" = 'dead';