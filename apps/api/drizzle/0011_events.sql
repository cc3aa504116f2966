CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"patient_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"type" text NOT NULL,
	"is_marked_as_read" boolean DEFAULT false NOT NULL,
	"is_marked_as_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_requests" ADD COLUMN "delayed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_undispatched_idx" ON "events" USING btree ("occurred_at") WHERE "events"."dispatched_at" IS NULL;--> statement-breakpoint
CREATE INDEX "events_professional_idx" ON "events" USING btree ("professional_id","occurred_at");--> statement-breakpoint
CREATE INDEX "events_patient_idx" ON "events" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_idx" ON "notifications" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("professional_id","is_marked_as_archived","created_at");--> statement-breakpoint
CREATE INDEX "answer_requests_undelayed_idx" ON "answer_requests" USING btree ("sent_at") WHERE "answer_requests"."status" = 'sent' AND "answer_requests"."delayed_at" IS NULL;--> statement-breakpoint
-- Requests already late when events began are not announced as late now.
UPDATE "answer_requests" SET "delayed_at" = now() WHERE "status" = 'sent' AND "sent_at" <= now() - interval '48 hours';
