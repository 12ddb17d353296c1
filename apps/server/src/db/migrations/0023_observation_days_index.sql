-- Issue 14 §5: the dashboard counts a range's accompaniment observations (all and positive, this period and the one
-- before) in the reader's scope: one index range by day holding what those counts read, instead of every
-- observation of the school (250 000 a year in the benchmark's school).
CREATE INDEX IF NOT EXISTS "accompaniment_observations_day_idx" ON "accompaniment_observations" ("school_id", "observed_on")
  INCLUDE ("observation_type_id", "student_id", "recorded_by");
