CREATE TABLE "gateway_standin_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"external_reference" text,
	"parent_id" text,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gateway_standin_objects_reference_idx" ON "gateway_standin_objects" USING btree ("kind","external_reference");--> statement-breakpoint
CREATE INDEX "gateway_standin_objects_parent_idx" ON "gateway_standin_objects" USING btree ("parent_id","kind");--> statement-breakpoint
CREATE INDEX "gateway_standin_objects_due_idx" ON "gateway_standin_objects" USING btree ("kind","due_at") WHERE "gateway_standin_objects"."due_at" is not null;