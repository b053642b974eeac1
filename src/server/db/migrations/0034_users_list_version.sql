-- The users list's total is kept per scope version (src/server/modules/rights/users.service.ts):
-- creating, deleting or (de)activating a user and every access row already bump it (0014, 0021);
-- what its search reads (login, names, e-mail: `search_text`, 0027) now does too, so a total counted
-- at version v is the total while the version is v, on every node.
CREATE TRIGGER users_list_scope_version
  AFTER UPDATE OF login, first_name, last_name, email ON directory.users
  FOR EACH STATEMENT EXECUTE FUNCTION directory.bump_scope_version();
