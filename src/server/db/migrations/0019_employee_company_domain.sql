-- Employees belong to one company (the root of an organisation tree): an employee is imported or
-- found by e-mail only within it, and one company cannot hold two employees with one e-mail — a
-- unique index, so twenty parallel creations make one employee, not twenty (issue 10, points 4, 5).

CREATE FUNCTION __SCHEMA__.company_of(org uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, parent_id, depth) AS (
    SELECT id, parent_id, 0 FROM __SCHEMA__.organizations WHERE id = org
    UNION ALL
    SELECT o.id, o.parent_id, up.depth + 1 FROM __SCHEMA__.organizations o JOIN up ON o.id = up.parent_id
     WHERE up.depth < 64
  )
  SELECT id FROM up WHERE parent_id IS NULL LIMIT 1
$$;

ALTER TABLE __SCHEMA__.employees
  ADD COLUMN company_id uuid,
  -- Set on rows that shared an e-mail within their company before this migration (kept as they are,
  -- outside the unique index, until someone edits them).
  ADD COLUMN shared_email_before_0019 boolean NOT NULL DEFAULT false;

UPDATE __SCHEMA__.employees e SET company_id = __SCHEMA__.company_of(e.org_ids[1]) WHERE cardinality(e.org_ids) > 0;

UPDATE __SCHEMA__.employees e SET shared_email_before_0019 = true
  FROM (SELECT id, row_number() OVER (PARTITION BY company_id, lower(email) ORDER BY created_at, id) AS n
          FROM __SCHEMA__.employees WHERE email IS NOT NULL AND company_id IS NOT NULL) d
 WHERE d.id = e.id AND d.n > 1;

CREATE UNIQUE INDEX employees_company_email ON __SCHEMA__.employees (company_id, lower(email))
  WHERE email IS NOT NULL AND company_id IS NOT NULL AND NOT shared_email_before_0019;
