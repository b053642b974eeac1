-- One counter for "who may see which organisation": bumped by any change to access rows or to the
-- organisation tree (any domain). The session query reads it, so a list call can reuse the scope it
-- computed for the same user and version instead of walking the tree again, on every node alike.
CREATE TABLE directory.scope_version (
  id  integer PRIMARY KEY CHECK (id = 1),
  v   bigint NOT NULL
);
INSERT INTO directory.scope_version (id, v) VALUES (1, 1);

CREATE FUNCTION directory.bump_scope_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE directory.scope_version SET v = v + 1 WHERE id = 1;
  RETURN NULL;
END $$;

CREATE TRIGGER user_org_access_scope_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON directory.user_org_access
  FOR EACH STATEMENT EXECUTE FUNCTION directory.bump_scope_version();
