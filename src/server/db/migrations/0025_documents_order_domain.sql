-- The documents list sorted by description, period or employee (issue 12; `npm run bench:documents`,
-- docs/operations.md « Documents archive »): without an index in that order, a page sorted so
-- read and sorted every visible document — over a second at 1,000,000 documents. Each order now has
-- an index that ends with the list's tie-break (newest deposit first), so a page walks 20 entries.
--
-- Description: the list sorts the folded text byte by byte (accent- and case-blind, the same on
-- every server); the index holds that very expression. Descending pages read it backwards.
CREATE INDEX documents_description_order ON __SCHEMA__.documents
  ((__SCHEMA__.fold_accents(description)) COLLATE "C", deposited_at DESC, id DESC);

-- Period (the stored effective start, never null): ascending reads it forwards, descending backwards.
CREATE INDEX documents_period_order ON __SCHEMA__.documents (effective_period_start, deposited_at DESC, id DESC);

-- Employee: the name lives in the employees table, so the folded « name first-name » is copied onto
-- the document by the trigger that already reads it for the search vector (at insert, when the
-- employee changes, and when an employee is renamed: migration 0023). Documents without an
-- employee come last in both directions, hence one index per direction.
ALTER TABLE __SCHEMA__.documents ADD COLUMN employee_sort text COLLATE "C";

CREATE OR REPLACE FUNCTION __SCHEMA__.documents_fill() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  f record;
  person text;
BEGIN
  IF NEW.file_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.file_id IS DISTINCT FROM OLD.file_id OR NEW.sha256 IS NULL) THEN
    SELECT sha256, size, name INTO f FROM __SCHEMA__.files WHERE id = NEW.file_id;
    IF FOUND THEN
      NEW.sha256 := f.sha256;
      NEW.size := f.size;
      NEW.file_name := coalesce(NEW.file_name, f.name);
    END IF;
  END IF;
  SELECT concat_ws(' ', e.first_name, e.name), __SCHEMA__.fold_accents(e.name || ' ' || e.first_name)
    INTO person, NEW.employee_sort
    FROM __SCHEMA__.employees e WHERE e.id = NEW.employee_id;
  NEW.search := to_tsvector('french', __SCHEMA__.fold_accents(concat_ws(' ',
    NEW.description,
    array_to_string(NEW.keywords, ' '),
    (SELECT string_agg(m ->> 'value', ' ')
       FROM jsonb_array_elements(CASE WHEN jsonb_typeof(NEW.meta_datas) = 'array' THEN NEW.meta_datas ELSE '[]'::jsonb END) m
      WHERE jsonb_typeof(m) = 'object'),
    person)));
  RETURN NEW;
END $$;

UPDATE __SCHEMA__.documents d SET employee_sort = __SCHEMA__.fold_accents(e.name || ' ' || e.first_name)
  FROM __SCHEMA__.employees e WHERE e.id = d.employee_id;

CREATE INDEX documents_employee_order ON __SCHEMA__.documents (employee_sort, deposited_at DESC, id DESC);
CREATE INDEX documents_employee_order_desc ON __SCHEMA__.documents
  (employee_sort DESC NULLS LAST, deposited_at DESC, id DESC);
