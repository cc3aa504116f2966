CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"email" text,
	"phone" text,
	"document" text,
	"birth_date" date,
	"sex" text,
	"status" text DEFAULT 'active' NOT NULL,
	"service_modality" text DEFAULT 'presencial' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"preferences" jsonb NOT NULL,
	"deletion_reason" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"starts_at" date NOT NULL,
	"ends_at" date NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"modality" text DEFAULT 'presencial' NOT NULL,
	"validity_days" integer NOT NULL,
	"consultations" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_patient_idx" ON "messages" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patients_professional_name_idx" ON "patients" USING btree ("professional_id","search_name");--> statement-breakpoint
CREATE INDEX "patients_professional_status_idx" ON "patients" USING btree ("professional_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_professional_phone_key" ON "patients" USING btree ("professional_id","phone") WHERE "patients"."phone" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_professional_document_key" ON "patients" USING btree ("professional_id","document") WHERE "patients"."document" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_professional_sold_at_idx" ON "sales" USING btree ("professional_id","sold_at");--> statement-breakpoint
CREATE INDEX "sales_patient_idx" ON "sales" USING btree ("patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "sales_service_idx" ON "sales" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "services_professional_idx" ON "services" USING btree ("professional_id");