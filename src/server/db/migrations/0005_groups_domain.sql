-- Employee groups: a name is unique within its organisation (case and surrounding spaces ignored;
-- the service checks first, this index settles two concurrent writers). Members are looked up by
-- employee when an employee's groups are shown or the employee is deleted.
CREATE UNIQUE INDEX employee_groups_org_name ON __SCHEMA__.employee_groups (org_id, lower(btrim(name)));
CREATE INDEX employee_group_members_employee ON __SCHEMA__.employee_group_members (employee_id);
