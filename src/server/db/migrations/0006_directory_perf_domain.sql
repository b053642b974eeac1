-- Totals of the employee lists and the stats call at 100,000 rows (issue 5 "Scale", measured by
-- `npm run bench:directory`, see docs/operations.md). A count has no ORDER BY, so the planner
-- reads the whole heap (~90 MB at 100k rows, wide rows with the stored sort and search columns)
-- instead of one of the wide ordering indexes of 0003. This narrow index carries only what the
-- scope, status and to-validate filters read, so every count becomes an index-only scan of
-- ~10 MB (PostgreSQL 15: ~150 ms → ~17 ms for the default list's total on the bench machine).
CREATE INDEX employees_count_scope ON __SCHEMA__.employees (needs_validation)
  INCLUDE (org_ids, active_org_ids);
