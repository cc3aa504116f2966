CREATE TABLE "answer_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_answer_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"parent_question_id" uuid,
	"position" integer NOT NULL,
	"value" jsonb NOT NULL,
	"idempotency_key" text,
	"answered_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"kind" text DEFAULT 'scheduled' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"answered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_answer_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_processes" (
	"quiz_id" uuid PRIMARY KEY NOT NULL,
	"professional_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_request_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"questions" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"hour" integer NOT NULL,
	"periodicity" text NOT NULL,
	"interval_days" integer,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"end_date" date,
	"channel" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"pin_hash" text,
	"pin_failed_attempts" integer DEFAULT 0 NOT NULL,
	"pin_locked_until" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answer_request_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "answer_items" ADD CONSTRAINT "answer_items_quiz_answer_id_quiz_answers_id_fk" FOREIGN KEY ("quiz_answer_id") REFERENCES "public"."quiz_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_requests" ADD CONSTRAINT "answer_requests_schedule_id_quiz_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."quiz_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_requests" ADD CONSTRAINT "answer_requests_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_requests" ADD CONSTRAINT "answer_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_requests" ADD CONSTRAINT "answer_requests_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_revisions" ADD CONSTRAINT "answer_revisions_quiz_answer_id_quiz_answers_id_fk" FOREIGN KEY ("quiz_answer_id") REFERENCES "public"."quiz_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_revisions" ADD CONSTRAINT "answer_revisions_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_revisions" ADD CONSTRAINT "answer_revisions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_revisions" ADD CONSTRAINT "answer_revisions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_revisions" ADD CONSTRAINT "answer_revisions_schedule_id_quiz_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."quiz_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_processes" ADD CONSTRAINT "bulk_processes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_processes" ADD CONSTRAINT "bulk_processes_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_answer_request_id_answer_requests_id_fk" FOREIGN KEY ("answer_request_id") REFERENCES "public"."answer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_schedule_id_quiz_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."quiz_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_schedules" ADD CONSTRAINT "quiz_schedules_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_schedules" ADD CONSTRAINT "quiz_schedules_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_schedules" ADD CONSTRAINT "quiz_schedules_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_items_question_key" ON "answer_items" USING btree ("quiz_answer_id","question_id",coalesce("parent_question_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE UNIQUE INDEX "answer_items_position_key" ON "answer_items" USING btree ("quiz_answer_id","position");--> statement-breakpoint
CREATE INDEX "answer_items_question_idx" ON "answer_items" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "answer_requests_schedule_idx" ON "answer_requests" USING btree ("schedule_id","due_at");--> statement-breakpoint
CREATE INDEX "answer_requests_due_idx" ON "answer_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "answer_requests_professional_idx" ON "answer_requests" USING btree ("professional_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "answer_requests_occurrence_key" ON "answer_requests" USING btree ("schedule_id","due_at") WHERE "answer_requests"."kind" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "answer_revisions_answer_key" ON "answer_revisions" USING btree ("quiz_answer_id");--> statement-breakpoint
CREATE INDEX "answer_revisions_professional_idx" ON "answer_revisions" USING btree ("professional_id","status","created_at");--> statement-breakpoint
CREATE INDEX "answer_revisions_patient_idx" ON "answer_revisions" USING btree ("patient_id","schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_answers_request_key" ON "quiz_answers" USING btree ("answer_request_id");--> statement-breakpoint
CREATE INDEX "quiz_answers_schedule_idx" ON "quiz_answers" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "quiz_answers_patient_idx" ON "quiz_answers" USING btree ("patient_id","quiz_id");--> statement-breakpoint
CREATE INDEX "quiz_schedules_quiz_idx" ON "quiz_schedules" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "quiz_schedules_patient_idx" ON "quiz_schedules" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "quiz_schedules_professional_idx" ON "quiz_schedules" USING btree ("professional_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_schedules_quiz_patient_key" ON "quiz_schedules" USING btree ("quiz_id","patient_id") WHERE "quiz_schedules"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_to_idx" ON "whatsapp_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "messages_answer_request_idx" ON "messages" USING btree ("answer_request_id");