ALTER TABLE "professionals" ADD COLUMN "tutorial_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_retries" integer DEFAULT 0 NOT NULL;