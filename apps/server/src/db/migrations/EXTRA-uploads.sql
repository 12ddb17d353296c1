-- Runs before the index "import_jobs_one_running_idx" (one import per school at a time) is created: of several
-- jobs of one school still marked 'processing' (left behind by instances that died), only the newest stays;
-- the others are marked failed, as a progress poll already shows them once stale.
UPDATE "import_jobs" AS j SET "status" = 'failed', "error_code" = 'INTERNAL', "finished_at" = now(), "updated_at" = now()
WHERE j."status" = 'processing' AND EXISTS (
  SELECT 1 FROM "import_jobs" AS newer
  WHERE newer."school_id" = j."school_id" AND newer."status" = 'processing'
    AND (newer."created_at", newer."id") > (j."created_at", j."id")
);
