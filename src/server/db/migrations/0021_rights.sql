-- Rights administration (issue 11; SECURITY.md "Access on every call"). Runs once; it names both
-- domain schemas only to place the groups and rules that existed before it in their company.
--
-- Users: `active` (a deactivated user cannot log in and their sessions end), `version` (optimistic
-- concurrency of the rights screens), `last_login_at`.
-- User groups and access rules belong to one company (the root of an organisation tree) of one
-- domain; their names are unique per company. A rule targets groups and users (many to many); a
-- group a rule targets cannot be deleted (seed 000 §5: RESTRICT).
-- `rights_changes` is the trail of every change of rights: who (kept as text, the actor may be
-- deleted later), when, what, and the changed fields before and after.

ALTER TABLE directory.users
  ADD COLUMN active        boolean NOT NULL DEFAULT true,
  ADD COLUMN version       integer NOT NULL DEFAULT 1,
  ADD COLUMN last_login_at timestamptz;
UPDATE directory.users u SET last_login_at = (SELECT max(s.created_at) FROM directory.sessions s WHERE s.user_id = u.id);

-- Effective rights read the groups of a user, and rules read the members of a group.
CREATE INDEX user_group_members_user ON directory.user_group_members (user_id);

ALTER TABLE directory.user_groups
  DROP CONSTRAINT user_groups_name_key,
  ADD COLUMN domain     text CHECK (domain IN ('legacy', 'main')),
  ADD COLUMN company_id uuid,
  ADD COLUMN version    integer NOT NULL DEFAULT 1,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

-- A group is placed in the company of its first member's root (the main domain first) ...
UPDATE directory.user_groups g SET domain = pick.domain, company_id = pick.company
  FROM (SELECT DISTINCT ON (m.group_id) m.group_id, a.domain,
               CASE a.domain WHEN 'main' THEN dom_main.company_of(a.org_id)
                             ELSE dom_legacy.company_of(a.org_id) END AS company
          FROM directory.user_group_members m
          JOIN directory.user_org_access a ON a.user_id = m.user_id AND a.is_root
         ORDER BY m.group_id, (a.domain = 'main') DESC, a.org_id) pick
 WHERE pick.group_id = g.id AND pick.company IS NOT NULL;
-- ... and a group without members in the oldest company of the main domain (else of legacy).
UPDATE directory.user_groups SET domain = 'main',
       company_id = (SELECT id FROM dom_main.organizations WHERE parent_id IS NULL ORDER BY created_at, id LIMIT 1)
 WHERE company_id IS NULL;
UPDATE directory.user_groups SET domain = 'legacy',
       company_id = (SELECT id FROM dom_legacy.organizations WHERE parent_id IS NULL ORDER BY created_at, id LIMIT 1)
 WHERE company_id IS NULL;

ALTER TABLE directory.access_rules
  ADD COLUMN domain     text CHECK (domain IN ('legacy', 'main')),
  ADD COLUMN company_id uuid,
  ADD COLUMN version    integer NOT NULL DEFAULT 1,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE directory.access_rule_groups (
  rule_id   uuid NOT NULL REFERENCES directory.access_rules(id) ON DELETE CASCADE,
  group_id  uuid NOT NULL REFERENCES directory.user_groups(id) ON DELETE RESTRICT,
  PRIMARY KEY (rule_id, group_id)
);
CREATE INDEX access_rule_groups_group ON directory.access_rule_groups (group_id);
CREATE TABLE directory.access_rule_users (
  rule_id   uuid NOT NULL REFERENCES directory.access_rules(id) ON DELETE CASCADE,
  user_id   uuid NOT NULL REFERENCES directory.users(id) ON DELETE CASCADE,
  PRIMARY KEY (rule_id, user_id)
);
CREATE INDEX access_rule_users_user ON directory.access_rule_users (user_id);

INSERT INTO directory.access_rule_groups (rule_id, group_id)
SELECT id, user_group_id FROM directory.access_rules WHERE user_group_id IS NOT NULL;
UPDATE directory.access_rules r SET domain = g.domain, company_id = g.company_id
  FROM directory.user_groups g WHERE g.id = r.user_group_id;
UPDATE directory.access_rules SET domain = 'main',
       company_id = (SELECT id FROM dom_main.organizations WHERE parent_id IS NULL ORDER BY created_at, id LIMIT 1)
 WHERE company_id IS NULL;
UPDATE directory.access_rules SET domain = 'legacy',
       company_id = (SELECT id FROM dom_legacy.organizations WHERE parent_id IS NULL ORDER BY created_at, id LIMIT 1)
 WHERE company_id IS NULL;
ALTER TABLE directory.access_rules DROP COLUMN user_group_id;

-- With no organisation anywhere there is no company to hold them: nothing can have used them.
DELETE FROM directory.access_rules WHERE company_id IS NULL;
DELETE FROM directory.user_groups WHERE company_id IS NULL;

-- Names unique per company: earlier duplicates get a number.
UPDATE directory.user_groups g SET name = g.name || ' (' || d.n || ')'
  FROM (SELECT id, row_number() OVER (PARTITION BY domain, company_id, lower(name) ORDER BY id) AS n
          FROM directory.user_groups) d
 WHERE d.id = g.id AND d.n > 1;
UPDATE directory.access_rules r SET name = r.name || ' (' || d.n || ')'
  FROM (SELECT id, row_number() OVER (PARTITION BY domain, company_id, lower(name) ORDER BY id) AS n
          FROM directory.access_rules) d
 WHERE d.id = r.id AND d.n > 1;

ALTER TABLE directory.user_groups ALTER COLUMN domain SET NOT NULL, ALTER COLUMN company_id SET NOT NULL;
ALTER TABLE directory.access_rules ALTER COLUMN domain SET NOT NULL, ALTER COLUMN company_id SET NOT NULL;
CREATE UNIQUE INDEX user_groups_company_name ON directory.user_groups (domain, company_id, lower(name));
CREATE UNIQUE INDEX access_rules_company_name ON directory.access_rules (domain, company_id, lower(name));

CREATE TABLE directory.rights_changes (
  id            uuid PRIMARY KEY,
  at            timestamptz NOT NULL DEFAULT now(),
  domain        text NOT NULL CHECK (domain IN ('legacy', 'main')),
  company_id    uuid,
  actor_id      uuid,                 -- no foreign key: the trail outlives a deleted actor
  actor_name    text NOT NULL,
  action        text NOT NULL CHECK (action IN ('created', 'updated', 'deleted', 'deactivated', 'reactivated',
                                               'passwordLinkSent')),
  subject       text NOT NULL CHECK (subject IN ('user', 'userGroup', 'rule')),
  subject_id    uuid NOT NULL,
  subject_name  text NOT NULL,
  before        jsonb,
  after         jsonb
);
CREATE INDEX rights_changes_subject ON directory.rights_changes (subject_id, at DESC);
CREATE INDEX rights_changes_company ON directory.rights_changes (domain, company_id, at DESC);

-- Rights are part of what a session may do and which push rooms its sockets are in: any change of a
-- user's flags or status, of a group, a membership, a rule or its targets bumps the scope version
-- (0014), so sockets recompute their rooms at once and list scopes cached at the old version go.
CREATE TRIGGER users_rights_scope_version
  AFTER INSERT OR DELETE OR UPDATE OF features, active ON directory.users
  FOR EACH STATEMENT EXECUTE FUNCTION directory.bump_scope_version();
CREATE TRIGGER user_groups_scope_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON directory.user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION directory.bump_scope_version();
CREATE TRIGGER user_group_members_scope_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON directory.user_group_members
  FOR EACH STATEMENT EXECUTE FUNCTION directory.bump_scope_version();
CREATE TRIGGER access_rules_scope_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON directory.access_rules
  FOR EACH STATEMENT EXECUTE FUNCTION directory.bump_scope_version();
CREATE TRIGGER access_rule_groups_scope_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON directory.access_rule_groups
  FOR EACH STATEMENT EXECUTE FUNCTION directory.bump_scope_version();
CREATE TRIGGER access_rule_users_scope_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON directory.access_rule_users
  FOR EACH STATEMENT EXECUTE FUNCTION directory.bump_scope_version();
