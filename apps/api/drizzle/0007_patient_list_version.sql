CREATE TABLE "patient_list_versions" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Raised once per statement and professional, in the writing transaction, for any write to what a patient
-- list shows (patients, their sales and the services sold). Transition tables need one trigger per event;
-- each names its table of changed rows "changed_rows", so one function serves them all.
CREATE FUNCTION "bump_patient_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "patient_list_versions" AS v ("professional_id", "version")
    SELECT DISTINCT "professional_id", 1 FROM "changed_rows"
    ON CONFLICT ("professional_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "patients_list_version_ins" AFTER INSERT ON "patients" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_patient_list_version"();--> statement-breakpoint
CREATE TRIGGER "patients_list_version_upd" AFTER UPDATE ON "patients" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_patient_list_version"();--> statement-breakpoint
CREATE TRIGGER "patients_list_version_del" AFTER DELETE ON "patients" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_patient_list_version"();--> statement-breakpoint
CREATE TRIGGER "sales_list_version_ins" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_patient_list_version"();--> statement-breakpoint
CREATE TRIGGER "sales_list_version_upd" AFTER UPDATE ON "sales" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_patient_list_version"();--> statement-breakpoint
CREATE TRIGGER "sales_list_version_del" AFTER DELETE ON "sales" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_patient_list_version"();--> statement-breakpoint
CREATE TRIGGER "services_list_version_upd" AFTER UPDATE ON "services" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_patient_list_version"();--> statement-breakpoint
CREATE TRIGGER "services_list_version_del" AFTER DELETE ON "services" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_patient_list_version"();
