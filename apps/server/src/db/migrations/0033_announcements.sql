-- Issue 27: written by hand like 0017–0031 (placeholder until the module's tables land).
SELECT 1;
