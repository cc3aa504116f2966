-- Accounts from before the first-run tutorial existed are not new: they do not meet it.
UPDATE "professionals" SET "tutorial_seen_at" = "created_at" WHERE "tutorial_seen_at" IS NULL;
