-- Paper dispatch (issue 3, seed 000 §4): an employee who asked for paper gets the campaign's
-- document by post instead of in the personal safe; the dispatch job marks it PAPER_DISPATCHED
-- with a simulated postal record (dispatched_docs.postal). The demo seed flags two employees.
ALTER TABLE __SCHEMA__.employees ADD COLUMN paper_dispatch boolean NOT NULL DEFAULT false;
