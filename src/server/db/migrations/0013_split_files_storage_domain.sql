-- Split job (issue 3): stored files are PDFs, already compressed; PostgreSQL's TOAST compression
-- (pglz) tried on every part found nothing to save and doubled the CPU of storing split parts
-- (measured: 1,000 payslip parts, same bytes on disk, half the time). Store them out of line, uncompressed.
ALTER TABLE __SCHEMA__.files ALTER COLUMN content SET STORAGE EXTERNAL;
