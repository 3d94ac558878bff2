-- One name per concept (issue 42, docs/decisions/023-by-feature.md): an
-- enquiry is an enquiry in the tables too, and the deliveries to webhooks,
-- Slack and Teams are the integrations' deliveries. Renames only: no data moves.
ALTER TABLE "submissions" RENAME TO "enquiries";--> statement-breakpoint
ALTER INDEX "submissions_created_at_idx" RENAME TO "enquiries_created_at_idx";--> statement-breakpoint
ALTER INDEX "submissions_email_idx" RENAME TO "enquiries_email_idx";--> statement-breakpoint
ALTER INDEX "submissions_fingerprint_idx" RENAME TO "enquiries_fingerprint_idx";--> statement-breakpoint
ALTER INDEX "submissions_inbox_assigned_idx" RENAME TO "enquiries_inbox_assigned_idx";--> statement-breakpoint
ALTER INDEX "submissions_inbox_idx" RENAME TO "enquiries_inbox_idx";--> statement-breakpoint
ALTER INDEX "submissions_inbox_new_idx" RENAME TO "enquiries_inbox_new_idx";--> statement-breakpoint
ALTER INDEX "submissions_search_idx" RENAME TO "enquiries_search_idx";--> statement-breakpoint
ALTER TABLE "enquiries" RENAME CONSTRAINT "submissions_spam_reason_check" TO "enquiries_spam_reason_check";--> statement-breakpoint
ALTER TABLE "deliveries" RENAME COLUMN "submission_id" TO "enquiry_id";--> statement-breakpoint
ALTER TABLE "deliveries" RENAME CONSTRAINT "deliveries_submission_id_fk" TO "deliveries_enquiry_id_fk";--> statement-breakpoint
ALTER TABLE "deliveries" RENAME CONSTRAINT "deliveries_submission_kind_unique" TO "deliveries_enquiry_kind_unique";--> statement-breakpoint
ALTER TABLE "enquiry_notes" RENAME COLUMN "submission_id" TO "enquiry_id";--> statement-breakpoint
ALTER TABLE "enquiry_notes" RENAME CONSTRAINT "enquiry_notes_submission_id_submissions_id_fk" TO "enquiry_notes_enquiry_id_enquiries_id_fk";--> statement-breakpoint
ALTER INDEX "enquiry_notes_submission_idx" RENAME TO "enquiry_notes_enquiry_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" RENAME TO "integration_deliveries";--> statement-breakpoint
ALTER TABLE "integration_deliveries" RENAME COLUMN "submission_id" TO "enquiry_id";--> statement-breakpoint
ALTER TABLE "integration_deliveries" RENAME CONSTRAINT "webhook_deliveries_event_check" TO "integration_deliveries_event_check";--> statement-breakpoint
ALTER TABLE "integration_deliveries" RENAME CONSTRAINT "webhook_deliveries_status_check" TO "integration_deliveries_status_check";--> statement-breakpoint
ALTER TABLE "integration_deliveries" RENAME CONSTRAINT "webhook_deliveries_delivery_id_fk" TO "integration_deliveries_delivery_id_fk";--> statement-breakpoint
ALTER TABLE "integration_deliveries" RENAME CONSTRAINT "webhook_deliveries_integration_id_fk" TO "integration_deliveries_integration_id_fk";--> statement-breakpoint
ALTER TABLE "integration_deliveries" RENAME CONSTRAINT "webhook_deliveries_submission_id_fk" TO "integration_deliveries_enquiry_id_fk";--> statement-breakpoint
ALTER TABLE "integration_deliveries" RENAME CONSTRAINT "webhook_deliveries_event_unique" TO "integration_deliveries_event_unique";--> statement-breakpoint
ALTER INDEX "webhook_deliveries_dead_idx" RENAME TO "integration_deliveries_dead_idx";--> statement-breakpoint
ALTER INDEX "webhook_deliveries_log_idx" RENAME TO "integration_deliveries_log_idx";--> statement-breakpoint
ALTER INDEX "webhook_deliveries_submission_idx" RENAME TO "integration_deliveries_enquiry_idx";
