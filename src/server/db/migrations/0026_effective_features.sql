-- Effective rights, defined here: a user's own flags ∪ the flags of their user groups in the domain ∪
-- the flags of the access rules of the domain that target them or one of their groups, as a sorted
-- text[] (auth/rights.ts). PL/pgSQL so that each statement is planned once per connection and the
-- plan kept: written inline in the session statement every call runs, planning the unions cost ~2 ms
-- a call on PGlite, more than executing them (auth/sessions.ts).
--
-- Two shapes of the same union: one user (the session read, per-row checks), driven from the user's
-- memberships; a set of users in one pass (a list's page: per user, the groups and rules were hashed
-- again for each, 0.45 ms a user on PGlite). tests/server/rights-effective.test.ts checks that they
-- agree.
CREATE FUNCTION directory.effective_features(p_user uuid, p_domain text) RETURNS text[]
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN ARRAY(
    SELECT DISTINCT ef.f FROM (
      SELECT unnest(eu.features) AS f FROM directory.users eu WHERE eu.id = p_user
      UNION ALL
      SELECT unnest(eg.features) FROM directory.user_group_members em
        JOIN directory.user_groups eg ON eg.id = em.group_id
       WHERE em.user_id = p_user AND eg.domain = p_domain
      UNION ALL
      SELECT unnest(er.features) FROM directory.access_rules er
       WHERE er.domain = p_domain AND er.id IN (
         SELECT ru.rule_id FROM directory.access_rule_users ru WHERE ru.user_id = p_user
         UNION
         SELECT rg.rule_id FROM directory.access_rule_groups rg
           JOIN directory.user_group_members rm ON rm.group_id = rg.group_id
          WHERE rm.user_id = p_user)
    ) ef ORDER BY ef.f);
END $$;

CREATE FUNCTION directory.effective_features_of(p_users uuid[], p_domain text)
  RETURNS TABLE (user_id uuid, features text[]) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  WITH member AS (
    SELECT m.user_id AS member_id, m.group_id FROM directory.user_group_members m WHERE m.user_id = ANY(p_users)
  ), flag AS (
    SELECT u.id AS holder, unnest(u.features) AS f FROM directory.users u WHERE u.id = ANY(p_users)
    UNION ALL
    SELECT mb.member_id, unnest(g.features) FROM member mb
      JOIN directory.user_groups g ON g.id = mb.group_id WHERE g.domain = p_domain
    UNION ALL
    SELECT t.holder, unnest(r.features) FROM (
        SELECT ru.user_id AS holder, ru.rule_id FROM directory.access_rule_users ru WHERE ru.user_id = ANY(p_users)
        UNION
        SELECT mb.member_id, rg.rule_id FROM member mb JOIN directory.access_rule_groups rg ON rg.group_id = mb.group_id
      ) t JOIN directory.access_rules r ON r.id = t.rule_id WHERE r.domain = p_domain
  )
  SELECT wanted.id, coalesce(held.features, '{}')
    FROM unnest(p_users) AS wanted(id)
    LEFT JOIN (SELECT fl.holder, array_agg(DISTINCT fl.f ORDER BY fl.f) AS features FROM flag fl GROUP BY fl.holder) held
      ON held.holder = wanted.id;
END $$;

-- The session every call reads (auth/sessions.ts), by its access token's digest or by its id, with
-- the effective rights. A caller already holding the rights of this session's user and domain at the
-- current scope version passes them (`p_user`, `p_domain`, `p_version`) and gets NULL features:
-- every change of rights bumps the version (0014, 0021), so they still hold, and the union is not
-- computed again. A function for the same reason as above: one plan kept per connection.
CREATE FUNCTION directory.session_read(p_hash text, p_id uuid, p_user uuid, p_domain text, p_version bigint)
  RETURNS TABLE (id uuid, user_id uuid, login text, domain text, base_org_id uuid, current_org_id uuid,
                 revoked boolean, expired boolean, access_seconds_left float8, features text[],
                 scope_version text)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_session uuid := p_id;
  v_version bigint;
BEGIN
  IF p_hash IS NOT NULL THEN
    SELECT s.id INTO v_session FROM directory.sessions s WHERE s.access_hash = p_hash;
  END IF;
  SELECT sv.v INTO v_version FROM directory.scope_version sv WHERE sv.id = 1;
  RETURN QUERY
  SELECT s.id, s.user_id, u.login, s.domain, s.base_org_id, s.current_org_id,
         s.revoked_at IS NOT NULL OR NOT u.active, s.access_expires_at <= now(),
         extract(epoch FROM s.access_expires_at - now())::float8,
         CASE WHEN s.user_id = p_user AND s.domain = p_domain AND v_version = p_version THEN NULL
              ELSE directory.effective_features(s.user_id, s.domain) END,
         v_version::text
    FROM directory.sessions s JOIN directory.users u ON u.id = s.user_id
   WHERE s.id = v_session;
END $$;
