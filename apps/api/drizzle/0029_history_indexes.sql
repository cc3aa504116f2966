DROP INDEX "quiz_answers_patient_idx";--> statement-breakpoint
CREATE INDEX "sales_patient_paid_ends_idx" ON "sales" USING btree ("patient_id","ends_at") WHERE "sales"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "quiz_answers_patient_idx" ON "quiz_answers" USING btree ("patient_id","quiz_id","finished_at","id");