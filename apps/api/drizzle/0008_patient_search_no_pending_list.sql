DROP INDEX "patients_search_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "patients_search_name_trgm_idx" ON "patients" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate=false);