-- Organisations (issue 5): who created an organisation (auto-visu gives them visibility on it),
-- when it last changed, and a lookup index for the "SIRET already used in this domain" rule.
-- The SIRET stays non-unique at the storage level: demo and bench data may repeat one; the
-- create/update service checks uniqueness under an advisory lock instead.

ALTER TABLE __SCHEMA__.organizations ADD COLUMN IF NOT EXISTS created_by uuid;
ALTER TABLE __SCHEMA__.organizations ADD COLUMN IF NOT EXISTS updated_at timestamptz;
CREATE INDEX IF NOT EXISTS organizations_siret_compact ON __SCHEMA__.organizations (upper(replace(siret, ' ', '')));
