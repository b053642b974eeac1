-- Employee list at 100,000 rows (issue 5 "Scale"). The list is scoped by the organisations a
-- session sees; probing employee_organizations for every row of a deep page is what makes offset
-- paging slow, so each employee carries its links as arrays (kept by statement triggers) and the
-- scope becomes an array overlap read from the ordering index itself (index-only scans).
-- Sort keys are folded (lower case, common accents removed) and stored, so ordering and search
-- never call translate() per row; the database collation is C on both engines, so folded keys
-- order like a French reader expects for names.
-- pg_trgm is not loaded in the embedded engine: search is a scan over the folded search_text.

ALTER TABLE __SCHEMA__.employees
  ADD COLUMN org_ids          uuid[] NOT NULL DEFAULT '{}',
  ADD COLUMN active_org_ids   uuid[] NOT NULL DEFAULT '{}',
  ADD COLUMN reg_numbers      text NOT NULL DEFAULT '',
  ADD COLUMN external_signatory_at timestamptz,
  ADD COLUMN sort_name  text GENERATED ALWAYS AS
    (translate(lower(name), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa')) STORED,
  ADD COLUMN sort_first text GENERATED ALWAYS AS
    (translate(lower(first_name), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa')) STORED,
  ADD COLUMN sort_email text GENERATED ALWAYS AS (coalesce(lower(email), '')) STORED,
  ADD COLUMN search_text text GENERATED ALWAYS AS
    (translate(lower(name || ' ' || first_name || ' ' || coalesce(email, '') || ' ' || reg_numbers),
               'àâäáãåéèêëíìîïóòôöõúùûüçñÿœæ', 'aaaaaaeeeeiiiiooooouuuucnyoa')) STORED;

DROP INDEX IF EXISTS __SCHEMA__.employees_name;
CREATE INDEX employees_sort_name ON __SCHEMA__.employees (sort_name, sort_first, id)
  INCLUDE (org_ids, active_org_ids, needs_validation);
CREATE INDEX employees_sort_first ON __SCHEMA__.employees (sort_first, sort_name, id)
  INCLUDE (org_ids, active_org_ids, needs_validation);
CREATE INDEX employees_sort_birth ON __SCHEMA__.employees (birth_date, id)
  INCLUDE (org_ids, active_org_ids, needs_validation);
CREATE INDEX employees_sort_email ON __SCHEMA__.employees (sort_email, id)
  INCLUDE (org_ids, active_org_ids, needs_validation);
CREATE INDEX employees_sort_created ON __SCHEMA__.employees (created_at, id)
  INCLUDE (org_ids, active_org_ids, needs_validation);
CREATE INDEX employees_to_validate ON __SCHEMA__.employees (id) WHERE needs_validation;

-- External signatories (signature v3): an employee whose safe account was opened by a user with
-- that feature is also known to the signature service.
CREATE TABLE __SCHEMA__.external_signatories (
  employee_id  uuid PRIMARY KEY REFERENCES __SCHEMA__.employees(id) ON DELETE CASCADE,
  email        text,
  created_by   uuid,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION __SCHEMA__.employee_links_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE __SCHEMA__.employees e
     SET org_ids = l.org_ids, active_org_ids = l.active_org_ids, reg_numbers = l.reg_numbers
    FROM (SELECT c.employee_id,
                 coalesce(array_agg(eo.organization_id ORDER BY eo.organization_id)
                          FILTER (WHERE eo.organization_id IS NOT NULL), '{}') AS org_ids,
                 coalesce(array_agg(eo.organization_id ORDER BY eo.organization_id)
                          FILTER (WHERE eo.active), '{}') AS active_org_ids,
                 coalesce(string_agg(eo.registration_number, ' '), '') AS reg_numbers
            FROM (SELECT DISTINCT employee_id FROM changed) c
            LEFT JOIN __SCHEMA__.employee_organizations eo ON eo.employee_id = c.employee_id
           GROUP BY c.employee_id) l
   WHERE e.id = l.employee_id
     AND (e.org_ids, e.active_org_ids, e.reg_numbers) IS DISTINCT FROM (l.org_ids, l.active_org_ids, l.reg_numbers);
  RETURN NULL;
END $$;

CREATE TRIGGER employee_links_ins AFTER INSERT ON __SCHEMA__.employee_organizations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.employee_links_sync();
CREATE TRIGGER employee_links_upd AFTER UPDATE ON __SCHEMA__.employee_organizations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.employee_links_sync();
CREATE TRIGGER employee_links_del AFTER DELETE ON __SCHEMA__.employee_organizations
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION __SCHEMA__.employee_links_sync();

-- Rows present before this migration (an existing data directory).
UPDATE __SCHEMA__.employees e
   SET org_ids = l.org_ids, active_org_ids = l.active_org_ids, reg_numbers = l.reg_numbers
  FROM (SELECT employee_id,
               array_agg(organization_id ORDER BY organization_id) AS org_ids,
               coalesce(array_agg(organization_id ORDER BY organization_id) FILTER (WHERE active), '{}') AS active_org_ids,
               coalesce(string_agg(registration_number, ' '), '') AS reg_numbers
          FROM __SCHEMA__.employee_organizations GROUP BY employee_id) l
 WHERE e.id = l.employee_id;
