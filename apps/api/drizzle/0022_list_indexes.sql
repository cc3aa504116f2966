DROP INDEX "answer_revisions_professional_idx";--> statement-breakpoint
CREATE INDEX "answer_revisions_professional_status_idx" ON "answer_revisions" USING btree ("professional_id","status","created_at","id","patient_id");--> statement-breakpoint
CREATE INDEX "answer_revisions_professional_created_idx" ON "answer_revisions" USING btree ("professional_id","created_at","id","patient_id");--> statement-breakpoint
CREATE INDEX "sales_professional_ends_at_idx" ON "sales" USING btree ("professional_id","ends_at") WHERE "sales"."status" = 'paid';