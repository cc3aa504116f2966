CREATE TABLE "question_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"digest" text NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD COLUMN "snapshot_id" uuid;--> statement-breakpoint
ALTER TABLE "question_snapshots" ADD CONSTRAINT "question_snapshots_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_snapshots" ADD CONSTRAINT "question_snapshots_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_snapshots_quiz_digest_key" ON "question_snapshots" USING btree ("quiz_id","digest");--> statement-breakpoint
-- Each distinct flow of a questionnaire once (jsonb's text is canonical: the same flow, the same digest), then
-- every answer points at its own.
INSERT INTO "question_snapshots" ("professional_id", "quiz_id", "digest", "questions", "created_at")
  SELECT DISTINCT ON ("quiz_id", md5("questions"::text)) "professional_id", "quiz_id", md5("questions"::text), "questions", "started_at"
  FROM "quiz_answers" ORDER BY "quiz_id", md5("questions"::text), "started_at";--> statement-breakpoint
UPDATE "quiz_answers" a SET "snapshot_id" = s."id"
  FROM "question_snapshots" s WHERE s."quiz_id" = a."quiz_id" AND s."digest" = md5(a."questions"::text);--> statement-breakpoint
ALTER TABLE "quiz_answers" ALTER COLUMN "snapshot_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_snapshot_id_question_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."question_snapshots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" DROP COLUMN "questions";