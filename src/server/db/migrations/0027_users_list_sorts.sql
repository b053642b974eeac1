-- The users list's other orders and its search (issue 11 « Speed », `npm run bench:rights`):
-- each order the screen offers is walked from an index, so a first page reads the users it shows
-- instead of sorting the directory; the search reads one stored lowercase text per user (login,
-- first name, last name, e-mail, a line each so a search never matches across two fields) instead
-- of lowercasing and joining four columns for every user on every call.
ALTER TABLE directory.users ADD COLUMN search_text text GENERATED ALWAYS AS
  (lower(login || E'\n' || first_name || E'\n' || last_name || E'\n' || coalesce(email, ''))) STORED;
CREATE INDEX users_list_login ON directory.users (lower(login), id);
CREATE INDEX users_list_first_name ON directory.users (lower(first_name), lower(last_name), id);
CREATE INDEX users_list_email ON directory.users (lower(email), id);
CREATE INDEX users_list_created ON directory.users (created_at, id);
