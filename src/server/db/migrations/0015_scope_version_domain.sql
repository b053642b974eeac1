-- The organisation tree is part of every scope (see 0014): a new, removed or moved organisation
-- bumps the scope version.
CREATE TRIGGER organizations_scope_version
  AFTER INSERT OR DELETE OR UPDATE OF parent_id OR TRUNCATE ON __SCHEMA__.organizations
  FOR EACH STATEMENT EXECUTE FUNCTION directory.bump_scope_version();
