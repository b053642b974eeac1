-- One data partition per domain (the seed's two databases). This file runs once for each domain
-- with __SCHEMA__ replaced by that domain's schema (dom_legacy, dom_main). Nothing here refers to
-- another domain's schema: the partitions are isolated.

CREATE TABLE __SCHEMA__.organizations (
  id                   uuid PRIMARY KEY,
  name                 text NOT NULL,
  siret                text NOT NULL,
  street               text,
  zip_code             text,
  city                 text NOT NULL,
  country              text DEFAULT 'France',
  parent_id            uuid REFERENCES __SCHEMA__.organizations(id),
  reference            text,
  billing_reference    text,
  internal_folder_code text,
  paye_domain_id       text,                       -- set when a payroll system manages its data
  distribution_mode    text NOT NULL DEFAULT 'WITH_VERIFICATION',
  users_to_notify      uuid[] NOT NULL DEFAULT '{}',
  subscribe_to_signature boolean NOT NULL DEFAULT false,
  extra_options        jsonb NOT NULL DEFAULT '{}',
  doc_type_conf        jsonb NOT NULL DEFAULT '[]',
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organizations_parent ON __SCHEMA__.organizations (parent_id);
CREATE INDEX organizations_siret ON __SCHEMA__.organizations (siret);

-- Subscription per root organisation (free trial limits of seed 000 §9).
CREATE TABLE __SCHEMA__.subscriptions (
  root_org_id          uuid PRIMARY KEY REFERENCES __SCHEMA__.organizations(id),
  doc_limit            integer NOT NULL,
  emp_limit            integer NOT NULL,
  end_of_trial_period  timestamptz
);

CREATE TABLE __SCHEMA__.employees (
  id                   uuid PRIMARY KEY,
  name                 text NOT NULL,
  first_name           text NOT NULL,
  birth_date           date NOT NULL,
  email                text,
  phone                text,
  num_secu             text,
  address              jsonb NOT NULL DEFAULT '{}',
  has_bpe              boolean NOT NULL DEFAULT false,
  bpe_agreement        text,                       -- ACCEPTED | REFUSED | null
  safe_status          text NOT NULL DEFAULT 'NOT_CREATED',
  registered           boolean NOT NULL DEFAULT false,
  needs_validation     boolean NOT NULL DEFAULT false,
  safe_created_at      timestamptz,
  last_notification_at timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX employees_name ON __SCHEMA__.employees (lower(name), lower(first_name));
CREATE INDEX employees_email ON __SCHEMA__.employees (lower(email));

-- An employee is active or inactive per organisation.
CREATE TABLE __SCHEMA__.employee_organizations (
  employee_id          uuid NOT NULL REFERENCES __SCHEMA__.employees(id) ON DELETE CASCADE,
  organization_id      uuid NOT NULL REFERENCES __SCHEMA__.organizations(id),
  registration_number  text,
  active               boolean NOT NULL DEFAULT true,
  PRIMARY KEY (employee_id, organization_id)
);
CREATE INDEX employee_organizations_org ON __SCHEMA__.employee_organizations (organization_id, active);

CREATE TABLE __SCHEMA__.employee_groups (
  id        uuid PRIMARY KEY,
  name      text NOT NULL,
  org_id    uuid NOT NULL REFERENCES __SCHEMA__.organizations(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE __SCHEMA__.employee_group_members (
  group_id    uuid NOT NULL REFERENCES __SCHEMA__.employee_groups(id) ON DELETE CASCADE,
  employee_id uuid NOT NULL REFERENCES __SCHEMA__.employees(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, employee_id)
);

CREATE TABLE __SCHEMA__.doc_types (
  code      text PRIMARY KEY,
  label     text NOT NULL
);

CREATE TABLE __SCHEMA__.masks (
  id          uuid PRIMARY KEY,
  mask_name   text NOT NULL,
  org_id      uuid NOT NULL REFERENCES __SCHEMA__.organizations(id),
  doc_type    text NOT NULL REFERENCES __SCHEMA__.doc_types(code),
  identifier  text NOT NULL,                    -- registrationNumber | numSecu | email | nameAndBirthDate
  grouping    text NOT NULL,                    -- onePerPage | consecutivePages
  zone        jsonb NOT NULL,                   -- {page,x,y,width,height} in PDF points
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Stored files (PDF bytes) referenced by documents and campaigns.
CREATE TABLE __SCHEMA__.files (
  id          uuid PRIMARY KEY,
  name        text NOT NULL,
  mime        text NOT NULL,
  size        integer NOT NULL,
  sha256      text NOT NULL,
  content     bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE __SCHEMA__.documents (
  id                 uuid PRIMARY KEY,
  organization_id    uuid NOT NULL REFERENCES __SCHEMA__.organizations(id),
  employee_id        uuid REFERENCES __SCHEMA__.employees(id),
  type_code          text NOT NULL,
  description        text NOT NULL,
  meta_datas         jsonb NOT NULL DEFAULT '[]',
  emission_date      date,
  transmitter        text,
  period_start       date,
  period_end         date,
  destination        text NOT NULL DEFAULT 'EMPLOYEE_SAFE',
  keywords           text[] NOT NULL DEFAULT '{}',
  additional_indexes jsonb NOT NULL DEFAULT '[]',
  file_id            uuid REFERENCES __SCHEMA__.files(id),
  read_at            timestamptz,
  deposited_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_org ON __SCHEMA__.documents (organization_id, deposited_at DESC);

-- Campaigns. machine_state holds the campaign machine's persisted snapshot value; status mirrors
-- it in the seed's vocabulary for queries.
CREATE TABLE __SCHEMA__.campaigns (
  id                   uuid PRIMARY KEY,
  organization_id      uuid NOT NULL REFERENCES __SCHEMA__.organizations(id),
  name                 text NOT NULL,
  doc_name             text NOT NULL,
  status               text NOT NULL,
  machine_state        jsonb,
  doc_type_code        text NOT NULL,
  review               boolean NOT NULL DEFAULT true,
  automatic_recipients boolean NOT NULL DEFAULT true,
  on_refuse            boolean NOT NULL DEFAULT false,
  on_error             boolean NOT NULL DEFAULT false,
  users_to_notify      uuid[] NOT NULL DEFAULT '{}',
  can_retry            boolean NOT NULL DEFAULT false,
  can_delete           boolean NOT NULL DEFAULT false,
  recipients_count     integer NOT NULL DEFAULT 0,
  pages_total          integer NOT NULL DEFAULT 0,
  pages_split          integer NOT NULL DEFAULT 0,
  ignored_pages        integer[] NOT NULL DEFAULT '{}',
  source_file_id       uuid REFERENCES __SCHEMA__.files(id),
  created_by           uuid,                    -- directory.users.id
  created_at           timestamptz NOT NULL DEFAULT now(),
  sent_at              timestamptz
);
CREATE INDEX campaigns_org_status ON __SCHEMA__.campaigns (organization_id, status);

CREATE TABLE __SCHEMA__.dispatched_docs (
  id              uuid PRIMARY KEY,
  campaign_id     uuid NOT NULL REFERENCES __SCHEMA__.campaigns(id) ON DELETE CASCADE,
  employee_id     uuid REFERENCES __SCHEMA__.employees(id),
  status          text NOT NULL,
  reason          text,
  failure_cause   text,
  document_id     uuid REFERENCES __SCHEMA__.documents(id),
  file_id         uuid REFERENCES __SCHEMA__.files(id),
  pages           integer[] NOT NULL DEFAULT '{}',
  postal          jsonb,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dispatched_docs_campaign ON __SCHEMA__.dispatched_docs (campaign_id, status);

CREATE TABLE __SCHEMA__.sign_templates (
  id              uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES __SCHEMA__.organizations(id),
  name            text NOT NULL,
  doc_types       text[] NOT NULL DEFAULT '{}',
  steps           jsonb NOT NULL DEFAULT '[]',  -- [{signatoryType, signatories:[...]}]
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Signbooks. machine_state holds the signbook machine's persisted snapshot value.
CREATE TABLE __SCHEMA__.signbooks (
  id                    uuid PRIMARY KEY,
  organization_id       uuid NOT NULL REFERENCES __SCHEMA__.organizations(id),
  template_id           uuid REFERENCES __SCHEMA__.sign_templates(id),
  name                  text NOT NULL,
  status                text NOT NULL,
  machine_state         jsonb,
  send_to_personal_safe boolean NOT NULL DEFAULT false,
  current_step          integer NOT NULL DEFAULT 0,
  file_id               uuid REFERENCES __SCHEMA__.files(id),
  signed_file_id        uuid REFERENCES __SCHEMA__.files(id),
  doc_type_code         text,
  created_by            uuid,
  created_at            timestamptz NOT NULL DEFAULT now(),
  completed_at          timestamptz
);
CREATE INDEX signbooks_org_status ON __SCHEMA__.signbooks (organization_id, status);

CREATE TABLE __SCHEMA__.signatories (
  id            uuid PRIMARY KEY,
  signbook_id   uuid NOT NULL REFERENCES __SCHEMA__.signbooks(id) ON DELETE CASCADE,
  step_index    integer NOT NULL,
  type          text NOT NULL,                  -- employee | user | external | socialSigner
  employee_id   uuid REFERENCES __SCHEMA__.employees(id),
  user_id       uuid,                           -- directory.users.id
  name          text NOT NULL,
  first_name    text NOT NULL,
  email         text,
  phone         text,
  state         text NOT NULL DEFAULT 'waiting',
  signed_at     timestamptz,
  refusal_reason text
);
CREATE INDEX signatories_signbook ON __SCHEMA__.signatories (signbook_id, step_index);
CREATE INDEX signatories_user ON __SCHEMA__.signatories (user_id);

-- Domain events written in the same transaction as the change they describe (transactional
-- outbox); the push relay reads them in order and fans them out to socket.io rooms.
CREATE TABLE __SCHEMA__.domain_events (
  id            bigserial PRIMARY KEY,
  type          text NOT NULL,
  organization_id uuid,
  user_id       uuid,
  payload       jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  published_at  timestamptz
);
CREATE INDEX domain_events_unpublished ON __SCHEMA__.domain_events (id) WHERE published_at IS NULL;
