CREATE TABLE "answer_revision_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revision_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_revision_notes" ADD CONSTRAINT "answer_revision_notes_revision_id_answer_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."answer_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_revision_notes" ADD CONSTRAINT "answer_revision_notes_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_revision_notes_revision_idx" ON "answer_revision_notes" USING btree ("revision_id","created_at");