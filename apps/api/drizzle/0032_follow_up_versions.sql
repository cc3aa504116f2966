CREATE TABLE "follow_up_versions" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- Raised once per statement and professional, in the writing transaction, for any write to what her follow-up
-- screens show beyond the patient list (which patient_list_versions covers): questionnaires, questions, schedules,
-- answer requests, answers and their items, reviews and their notes, her own row (her name is on a review). Like
-- bump_patient_list_version (migration 0007), one function per way of finding the professional of a changed row.
CREATE FUNCTION "bump_follow_up_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "follow_up_versions" AS v ("professional_id", "version")
    SELECT DISTINCT "professional_id", 1 FROM "changed_rows" WHERE "professional_id" IS NOT NULL ORDER BY 1
    ON CONFLICT ("professional_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "bump_follow_up_version_of_professional"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "follow_up_versions" AS v ("professional_id", "version")
    SELECT DISTINCT "id", 1 FROM "changed_rows" ORDER BY 1
    ON CONFLICT ("professional_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An answer's items carry no professional: hers through the answer (an item deleted with its answer is covered by
-- the answer's own trigger).
CREATE FUNCTION "bump_follow_up_version_of_answer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "follow_up_versions" AS v ("professional_id", "version")
    SELECT DISTINCT a."professional_id", 1 FROM "changed_rows" c JOIN "quiz_answers" a ON a."id" = c."quiz_answer_id" ORDER BY 1
    ON CONFLICT ("professional_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A request marked late (`delayed_at`: one sweep over every practice, answer-revision/late-events.ts) changes nothing
-- a summary shows: it raises no version, and so takes no lock on every practice's version at once.
CREATE FUNCTION "bump_follow_up_version_of_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "follow_up_versions" AS v ("professional_id", "version")
    SELECT DISTINCT n."professional_id", 1 FROM "changed_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE to_jsonb(n) - 'delayed_at' IS DISTINCT FROM to_jsonb(o) - 'delayed_at' ORDER BY 1
    ON CONFLICT ("professional_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Questions of the starter library have no owner and are every practice's (a review shows their acronyms): one that
-- really changes or goes raises every professional's version. The library is written again at each start, mostly
-- with the same values, which raise nothing.
CREATE FUNCTION "bump_follow_up_version_of_questions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  library_changed boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT EXISTS (
      SELECT 1 FROM "changed_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE (n."professional_id" IS NULL OR o."professional_id" IS NULL) AND to_jsonb(n) IS DISTINCT FROM to_jsonb(o)
    ) INTO library_changed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT EXISTS (SELECT 1 FROM "changed_rows" WHERE "professional_id" IS NULL) INTO library_changed;
  END IF;
  IF library_changed THEN
    INSERT INTO "follow_up_versions" AS v ("professional_id", "version")
      SELECT "id", 1 FROM "professionals" ORDER BY 1
      ON CONFLICT ("professional_id") DO UPDATE SET "version" = v."version" + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "follow_up_versions" AS v ("professional_id", "version")
      SELECT DISTINCT n."professional_id", 1 FROM "changed_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."professional_id" IS NOT NULL AND to_jsonb(n) IS DISTINCT FROM to_jsonb(o) ORDER BY 1
      ON CONFLICT ("professional_id") DO UPDATE SET "version" = v."version" + 1;
  ELSE
    INSERT INTO "follow_up_versions" AS v ("professional_id", "version")
      SELECT DISTINCT "professional_id", 1 FROM "changed_rows" WHERE "professional_id" IS NOT NULL ORDER BY 1
      ON CONFLICT ("professional_id") DO UPDATE SET "version" = v."version" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "quizzes_follow_up_version_ins" AFTER INSERT ON "quizzes" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "quizzes_follow_up_version_upd" AFTER UPDATE ON "quizzes" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "quizzes_follow_up_version_del" AFTER DELETE ON "quizzes" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "questions_follow_up_version_ins" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_questions"();--> statement-breakpoint
CREATE TRIGGER "questions_follow_up_version_upd" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_questions"();--> statement-breakpoint
CREATE TRIGGER "questions_follow_up_version_del" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_questions"();--> statement-breakpoint
CREATE TRIGGER "quiz_schedules_follow_up_version_ins" AFTER INSERT ON "quiz_schedules" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "quiz_schedules_follow_up_version_upd" AFTER UPDATE ON "quiz_schedules" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "quiz_schedules_follow_up_version_del" AFTER DELETE ON "quiz_schedules" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "answer_requests_follow_up_version_ins" AFTER INSERT ON "answer_requests" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "answer_requests_follow_up_version_upd" AFTER UPDATE ON "answer_requests" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_requests"();--> statement-breakpoint
CREATE TRIGGER "answer_requests_follow_up_version_del" AFTER DELETE ON "answer_requests" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "quiz_answers_follow_up_version_ins" AFTER INSERT ON "quiz_answers" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "quiz_answers_follow_up_version_upd" AFTER UPDATE ON "quiz_answers" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "quiz_answers_follow_up_version_del" AFTER DELETE ON "quiz_answers" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "answer_revisions_follow_up_version_ins" AFTER INSERT ON "answer_revisions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "answer_revisions_follow_up_version_upd" AFTER UPDATE ON "answer_revisions" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "answer_revisions_follow_up_version_del" AFTER DELETE ON "answer_revisions" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "answer_revision_notes_follow_up_version_ins" AFTER INSERT ON "answer_revision_notes" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "answer_revision_notes_follow_up_version_upd" AFTER UPDATE ON "answer_revision_notes" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "answer_revision_notes_follow_up_version_del" AFTER DELETE ON "answer_revision_notes" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version"();--> statement-breakpoint
CREATE TRIGGER "answer_items_follow_up_version_ins" AFTER INSERT ON "answer_items" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_answer"();--> statement-breakpoint
CREATE TRIGGER "answer_items_follow_up_version_upd" AFTER UPDATE ON "answer_items" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_answer"();--> statement-breakpoint
CREATE TRIGGER "answer_items_follow_up_version_del" AFTER DELETE ON "answer_items" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_answer"();--> statement-breakpoint
CREATE TRIGGER "professionals_follow_up_version_ins" AFTER INSERT ON "professionals" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_professional"();--> statement-breakpoint
CREATE TRIGGER "professionals_follow_up_version_upd" AFTER UPDATE ON "professionals" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_professional"();--> statement-breakpoint
CREATE TRIGGER "professionals_follow_up_version_del" AFTER DELETE ON "professionals" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_follow_up_version_of_professional"();
