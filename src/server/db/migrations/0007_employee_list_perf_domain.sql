-- Employee list at 100,000 rows, second pass (issue 5 "Scale"; measured in list.service.ts' README).
-- Every list filter except the search reads only (org_ids, active_org_ids, needs_validation), and
-- a domain has few distinct such triples (one per set of links: hundreds, not 100,000). Counting
-- employees per triple, kept exact by a statement trigger, turns every total and the stats into a
-- sum over a few hundred rows instead of a 100,000-row scan (30–60 ms → under 1 ms), and tells the
-- page query how many rows its filter removes: none (filter dropped) or a handful (their ids are
-- fetched through employees_links and skipped), so the deep page is a plain walk of the sort index.
CREATE TABLE __SCHEMA__.employee_link_counts (
  org_ids          uuid[] NOT NULL,
  active_org_ids   uuid[] NOT NULL,
  needs_validation boolean NOT NULL,
  n                integer NOT NULL,
  PRIMARY KEY (org_ids, active_org_ids, needs_validation)
);

CREATE INDEX employees_links ON __SCHEMA__.employees (org_ids, active_org_ids, needs_validation);
-- The counts no longer read employees: the narrow count index of 0006 would only slow writes.
DROP INDEX IF EXISTS __SCHEMA__.employees_count_scope;
-- The default order without the link arrays: when the counts show nothing (or a few ids) to
-- filter out, the deep page walks this index, a third of the covering one (PostgreSQL 15,
-- offset 50,000: ~12 ms → ~7 ms).
CREATE INDEX employees_sort_name_narrow ON __SCHEMA__.employees (sort_name, sort_first, id);
-- Sorting by registration number had no index (a full sort of 100,000 rows per page).
CREATE INDEX employees_sort_reg ON __SCHEMA__.employees (reg_numbers, id)
  INCLUDE (org_ids, active_org_ids, needs_validation);

-- One function per trigger event: a transition table only exists for the events that define it.
CREATE FUNCTION __SCHEMA__.employee_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO __SCHEMA__.employee_link_counts AS c (org_ids, active_org_ids, needs_validation, n)
  SELECT org_ids, active_org_ids, needs_validation, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (org_ids, active_org_ids, needs_validation) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

CREATE FUNCTION __SCHEMA__.employee_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE __SCHEMA__.employee_link_counts c SET n = c.n - d.n
    FROM (SELECT org_ids, active_org_ids, needs_validation, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d
   WHERE (c.org_ids, c.active_org_ids, c.needs_validation) = (d.org_ids, d.active_org_ids, d.needs_validation);
  RETURN NULL;
END $$;

-- Most updates (names, notifications, safe status) leave the triple alone: the delta is empty.
CREATE FUNCTION __SCHEMA__.employee_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO __SCHEMA__.employee_link_counts AS c (org_ids, active_org_ids, needs_validation, n)
  SELECT org_ids, active_org_ids, needs_validation, sum(n) FROM (
           SELECT org_ids, active_org_ids, needs_validation, 1 AS n FROM new_rows
           UNION ALL
           SELECT org_ids, active_org_ids, needs_validation, -1 FROM old_rows) d
   GROUP BY 1, 2, 3 HAVING sum(n) <> 0
  ON CONFLICT (org_ids, active_org_ids, needs_validation) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

CREATE TRIGGER employee_counts_ins AFTER INSERT ON __SCHEMA__.employees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.employee_counts_ins();
CREATE TRIGGER employee_counts_upd AFTER UPDATE ON __SCHEMA__.employees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.employee_counts_upd();
CREATE TRIGGER employee_counts_del AFTER DELETE ON __SCHEMA__.employees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.employee_counts_del();

CREATE FUNCTION __SCHEMA__.employee_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM __SCHEMA__.employee_link_counts;
  RETURN NULL;
END $$;
CREATE TRIGGER employee_counts_truncate AFTER TRUNCATE ON __SCHEMA__.employees
  FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.employee_counts_truncate();

INSERT INTO __SCHEMA__.employee_link_counts (org_ids, active_org_ids, needs_validation, n)
SELECT org_ids, active_org_ids, needs_validation, count(*) FROM __SCHEMA__.employees GROUP BY 1, 2, 3;
