CREATE TABLE "alias_redirects" (
	"alias" text PRIMARY KEY NOT NULL,
	"professional_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_area_configs" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"title" text,
	"brand_image" text,
	"profile_picture" text,
	"has_defined_link" boolean DEFAULT true NOT NULL,
	"folder" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"color_scheme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alias_redirects" ADD CONSTRAINT "alias_redirects_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_area_configs" ADD CONSTRAINT "client_area_configs_professional_id_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alias_redirects_professional_idx" ON "alias_redirects" USING btree ("professional_id");