CREATE TABLE "patient_month_totals" (
	"professional_id" uuid NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "patient_month_totals_professional_id_month_status_pk" PRIMARY KEY("professional_id","month","status")
);
--> statement-breakpoint
CREATE TABLE "revision_totals" (
	"professional_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "revision_totals_professional_id_quiz_id_status_pk" PRIMARY KEY("professional_id","quiz_id","status")
);
--> statement-breakpoint
CREATE TABLE "sale_day_totals" (
	"professional_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "sale_day_totals_professional_id_day_status_pk" PRIMARY KEY("professional_id","day","status")
);
--> statement-breakpoint
-- Kept by statement triggers in the writing transaction (like patient_list_versions, migration 0007): each
-- statement adds what its new rows count and takes away what its old rows counted, grouped, in key order (so
-- that two statements lock the totals they share in the same order), skipping groups whose change is zero.
-- Transition tables are named new_rows and old_rows; a branch only reads the ones its event has.
CREATE FUNCTION "keep_revision_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "revision_totals" AS t ("professional_id", "quiz_id", "status", "n")
      SELECT r."professional_id", r."quiz_id", r."status", count(*) FROM new_rows r
      WHERE NOT EXISTS (SELECT 1 FROM "patients" p WHERE p."id" = r."patient_id" AND p."status" = 'deleted')
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "quiz_id", "status") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "revision_totals" AS t ("professional_id", "quiz_id", "status", "n")
      SELECT r."professional_id", r."quiz_id", r."status", -count(*) FROM old_rows r
      WHERE NOT EXISTS (SELECT 1 FROM "patients" p WHERE p."id" = r."patient_id" AND p."status" = 'deleted')
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "quiz_id", "status") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSE
    INSERT INTO "revision_totals" AS t ("professional_id", "quiz_id", "status", "n")
      SELECT c."professional_id", c."quiz_id", c."status", sum(c.d) FROM (
        SELECT "professional_id", "quiz_id", "status", "patient_id", 1 AS d FROM new_rows
        UNION ALL SELECT "professional_id", "quiz_id", "status", "patient_id", -1 FROM old_rows
      ) c
      WHERE NOT EXISTS (SELECT 1 FROM "patients" p WHERE p."id" = c."patient_id" AND p."status" = 'deleted')
      GROUP BY 1, 2, 3 HAVING sum(c.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "quiz_id", "status") DO UPDATE SET "n" = t."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "answer_revisions_totals_ins" AFTER INSERT ON "answer_revisions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_revision_totals"();--> statement-breakpoint
CREATE TRIGGER "answer_revisions_totals_upd" AFTER UPDATE ON "answer_revisions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_revision_totals"();--> statement-breakpoint
CREATE TRIGGER "answer_revisions_totals_del" AFTER DELETE ON "answer_revisions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_revision_totals"();--> statement-breakpoint
-- Patients: their month of registration and status; and a patient deleted (anonymised) or brought back takes her
-- reviews out of the review totals or puts them back.
CREATE FUNCTION "keep_patient_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "patient_month_totals" AS t ("professional_id", "month", "status", "n")
      SELECT "professional_id", date_trunc('month', "created_at" AT TIME ZONE 'America/Sao_Paulo')::date, "status", count(*)
      FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "month", "status") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "patient_month_totals" AS t ("professional_id", "month", "status", "n")
      SELECT "professional_id", date_trunc('month', "created_at" AT TIME ZONE 'America/Sao_Paulo')::date, "status", -count(*)
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "month", "status") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSE
    INSERT INTO "patient_month_totals" AS t ("professional_id", "month", "status", "n")
      SELECT "professional_id", date_trunc('month', "created_at" AT TIME ZONE 'America/Sao_Paulo')::date, "status", sum(d)
      FROM (
        SELECT "professional_id", "created_at", "status", 1 AS d FROM new_rows
        UNION ALL SELECT "professional_id", "created_at", "status", -1 FROM old_rows
      ) c
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "month", "status") DO UPDATE SET "n" = t."n" + excluded."n";
    INSERT INTO "revision_totals" AS t ("professional_id", "quiz_id", "status", "n")
      SELECT r."professional_id", r."quiz_id", r."status", sum(CASE WHEN n."status" = 'deleted' THEN -1 ELSE 1 END)
      FROM old_rows o
      JOIN new_rows n ON n."id" = o."id" AND (n."status" = 'deleted') <> (o."status" = 'deleted')
      JOIN "answer_revisions" r ON r."patient_id" = n."id"
      GROUP BY 1, 2, 3 HAVING sum(CASE WHEN n."status" = 'deleted' THEN -1 ELSE 1 END) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "quiz_id", "status") DO UPDATE SET "n" = t."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "patients_totals_ins" AFTER INSERT ON "patients" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_patient_totals"();--> statement-breakpoint
CREATE TRIGGER "patients_totals_upd" AFTER UPDATE ON "patients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_patient_totals"();--> statement-breakpoint
CREATE TRIGGER "patients_totals_del" AFTER DELETE ON "patients" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_patient_totals"();--> statement-breakpoint
CREATE FUNCTION "keep_sale_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "sale_day_totals" AS t ("professional_id", "day", "status", "n", "cents")
      SELECT "professional_id", ("sold_at" AT TIME ZONE 'America/Sao_Paulo')::date, "status", count(*), sum("amount_cents")
      FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "day", "status") DO UPDATE SET "n" = t."n" + excluded."n", "cents" = t."cents" + excluded."cents";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "sale_day_totals" AS t ("professional_id", "day", "status", "n", "cents")
      SELECT "professional_id", ("sold_at" AT TIME ZONE 'America/Sao_Paulo')::date, "status", -count(*), -sum("amount_cents")
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "day", "status") DO UPDATE SET "n" = t."n" + excluded."n", "cents" = t."cents" + excluded."cents";
  ELSE
    INSERT INTO "sale_day_totals" AS t ("professional_id", "day", "status", "n", "cents")
      SELECT "professional_id", ("sold_at" AT TIME ZONE 'America/Sao_Paulo')::date, "status", sum(d), sum(d * "amount_cents")
      FROM (
        SELECT "professional_id", "sold_at", "status", "amount_cents", 1 AS d FROM new_rows
        UNION ALL SELECT "professional_id", "sold_at", "status", "amount_cents", -1 FROM old_rows
      ) c
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0 OR sum(d * "amount_cents") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("professional_id", "day", "status") DO UPDATE SET "n" = t."n" + excluded."n", "cents" = t."cents" + excluded."cents";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sales_totals_ins" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_sale_totals"();--> statement-breakpoint
CREATE TRIGGER "sales_totals_upd" AFTER UPDATE ON "sales" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_sale_totals"();--> statement-breakpoint
CREATE TRIGGER "sales_totals_del" AFTER DELETE ON "sales" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_sale_totals"();--> statement-breakpoint
-- What is already there.
INSERT INTO "revision_totals" ("professional_id", "quiz_id", "status", "n")
  SELECT r."professional_id", r."quiz_id", r."status", count(*) FROM "answer_revisions" r
  WHERE NOT EXISTS (SELECT 1 FROM "patients" p WHERE p."id" = r."patient_id" AND p."status" = 'deleted')
  GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "patient_month_totals" ("professional_id", "month", "status", "n")
  SELECT "professional_id", date_trunc('month', "created_at" AT TIME ZONE 'America/Sao_Paulo')::date, "status", count(*)
  FROM "patients" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "sale_day_totals" ("professional_id", "day", "status", "n", "cents")
  SELECT "professional_id", ("sold_at" AT TIME ZONE 'America/Sao_Paulo')::date, "status", count(*), sum("amount_cents")
  FROM "sales" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A schedule's last request (apps/api/src/schedule/dto.ts, LAST_REQUEST_ORDER): one probe per schedule.
CREATE INDEX "answer_requests_schedule_last_idx" ON "answer_requests" ("schedule_id", ("sent_at" IS NULL), ("status" = 'scheduled'), (coalesce("sent_at", "due_at")) DESC, "created_at" DESC);
