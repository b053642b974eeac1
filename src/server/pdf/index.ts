/** The PDF engine (mupdf, AGPL-3.0-or-later — see README.md): the only place the product touches PDF internals. */
export { PdfProblem, isPdfProblem, type PdfProblemKey } from './problem.ts';
export { loadMupdf } from './mupdf.ts';
export { inspectPdf, openPdf, looksLikePdf, storablePdf, type PdfInfo, type PageSize } from './open.ts';
export {
  appendSignatureRevision,
  assertSealable,
  pdfDate,
  type SignatureRevision,
  type SignatureRevisionInput,
} from './incremental.ts';
export {
  readZoneTexts,
  zoneTextOf,
  zoneReader,
  checkZone,
  zoneInside,
  zoneRect,
  VERIFIED_PAGES,
  type Zone,
  type ZoneScanner,
} from './zone.ts';
export { scanZoneText } from './zone-scan.ts';
export { identifyText, employeeKeys, fold, IDENTIFIERS, type Identifier } from './identify.ts';
export {
  employeeMatcher,
  employeeRows,
  indexEmployees,
  type EmployeeLookup,
  type EmployeeRow,
  type MatchedEmployee,
} from './matcher.ts';
export { bakeAnnotations, writePart, type PartOptions } from './part.ts';
export {
  payrollPdf,
  type PayrollEmployee,
  type PayrollOptions,
  type PayrollPage,
  type PayrollPdf,
} from './generate.ts';
export { composePdf, type ComposePart } from './compose.ts';
