-- The rights screens' users list (issue 11 « Speed », `npm run bench:rights`): its default order
-- (last name, first name, id, case ignored) walked from an index, so the first page reads the 20
-- users it shows (each tested for the administrator's reach) instead of sorting the whole directory.
CREATE INDEX users_list_name ON directory.users (lower(last_name), lower(first_name), id);
