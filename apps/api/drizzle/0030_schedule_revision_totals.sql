CREATE TABLE "schedule_revision_totals" (
	"schedule_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "schedule_revision_totals_schedule_id_status_pk" PRIMARY KEY("schedule_id","status")
);
--> statement-breakpoint
-- Every review of the schedule, whoever its patient (the schedule's own pages check her), kept like revision_totals.
CREATE FUNCTION "keep_schedule_revision_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "schedule_revision_totals" AS t ("schedule_id", "status", "n")
      SELECT "schedule_id", "status", count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("schedule_id", "status") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "schedule_revision_totals" AS t ("schedule_id", "status", "n")
      SELECT "schedule_id", "status", -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("schedule_id", "status") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSE
    INSERT INTO "schedule_revision_totals" AS t ("schedule_id", "status", "n")
      SELECT "schedule_id", "status", sum(d) FROM (
        SELECT "schedule_id", "status", 1 AS d FROM new_rows
        UNION ALL SELECT "schedule_id", "status", -1 FROM old_rows
      ) c GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
    ON CONFLICT ("schedule_id", "status") DO UPDATE SET "n" = t."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "answer_revisions_schedule_totals_ins" AFTER INSERT ON "answer_revisions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_schedule_revision_totals"();--> statement-breakpoint
CREATE TRIGGER "answer_revisions_schedule_totals_upd" AFTER UPDATE ON "answer_revisions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_schedule_revision_totals"();--> statement-breakpoint
CREATE TRIGGER "answer_revisions_schedule_totals_del" AFTER DELETE ON "answer_revisions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_schedule_revision_totals"();--> statement-breakpoint
INSERT INTO "schedule_revision_totals" ("schedule_id", "status", "n")
  SELECT "schedule_id", "status", count(*) FROM "answer_revisions" GROUP BY 1, 2;
