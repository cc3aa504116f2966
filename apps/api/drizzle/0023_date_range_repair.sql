-- Dates the API accepted before its inputs had a range (lib/dates.ts: 1900-01-01 to 2100-12-31) and that no
-- longer read back: a year below 100 is read as 19xx by the driver and JavaScript, a year past 9999 has no
-- ISO 8601 text. Each is repaired to what the product would have stored for "no date given".
-- A sale sold "in the year 20": sold when it was recorded.
UPDATE "sales" SET "sold_at" = "created_at"
WHERE "sold_at" < '1900-01-01T00:00:00Z' OR "sold_at" >= '2101-01-01T00:00:00Z';
--> statement-breakpoint
-- Its service then starts on the day it was sold (São Paulo), for the service's validity.
UPDATE "sales" AS s
SET "starts_at" = ("sold_at" AT TIME ZONE 'America/Sao_Paulo')::date,
    "ends_at" = ("sold_at" AT TIME ZONE 'America/Sao_Paulo')::date + sv."validity_days"
FROM "services" AS sv
WHERE sv."id" = s."service_id"
  AND (s."starts_at" < '1900-01-01' OR s."starts_at" > '2100-12-31'
    OR s."ends_at" < '1900-01-01' OR s."ends_at" > '9999-12-31');
--> statement-breakpoint
-- A birth date is optional: one nobody could have is forgotten rather than guessed.
UPDATE "patients" SET "birth_date" = NULL
WHERE "birth_date" < '1900-01-01' OR "birth_date" > '2100-12-31';
--> statement-breakpoint
-- A message "to send in the year 20" was a message to send at once (a past sendAt means now).
UPDATE "message_campaigns" SET "send_at" = "created_at" WHERE "send_at" < '1900-01-01T00:00:00Z';
--> statement-breakpoint
UPDATE "messages" SET "due_at" = "created_at" WHERE "due_at" < '1900-01-01T00:00:00Z';
