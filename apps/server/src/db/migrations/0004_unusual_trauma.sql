UPDATE "import_jobs" AS j SET "status" = 'failed', "error_code" = 'INTERNAL', "finished_at" = now(), "updated_at" = now()
WHERE j."status" = 'processing' AND EXISTS (
  SELECT 1 FROM "import_jobs" AS newer
  WHERE newer."school_id" = j."school_id" AND newer."status" = 'processing'
    AND (newer."created_at", newer."id") > (j."created_at", j."id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_running_idx" ON "import_jobs" USING btree ("school_id") WHERE "import_jobs"."status" = 'processing';