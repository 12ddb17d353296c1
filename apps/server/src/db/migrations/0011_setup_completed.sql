-- Issue 12 §2: a new school's onboarding ends the first time its seven setup stages (spec §3 setup-completion report)
-- are all complete. Until then the people who can complete them land on the setup checklist and the setup reminder
-- follows the count; from then on the spec's landing order applies and the reminder is withdrawn. Set once by the
-- server (schools/setup-progress.service.ts) the first time it finds the school complete; existing schools are
-- found so on their first request.
ALTER TABLE "schools" ADD COLUMN IF NOT EXISTS "setup_completed_at" timestamp with time zone;
