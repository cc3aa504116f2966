ALTER TABLE "data_exports" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "data_exports_patient_idx" ON "data_exports" USING btree ("patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_file_key" ON "data_exports" USING btree ("file_key");