-- The DSN import finds each declared person among the employees of the organisation's company by
-- NIR, then registration number in the organisation, then e-mail. Only the e-mail had an index: a
-- 5,000-person file scanned the company's employees (and computed their company) for each person,
-- 100 s on the embedded database. The NIR's first 13 characters and the registration numbers of an
-- organisation now have theirs.
CREATE INDEX employees_company_nir ON __SCHEMA__.employees (company_id, left(num_secu, 13));
CREATE INDEX employee_organizations_registration
  ON __SCHEMA__.employee_organizations (organization_id, registration_number);
