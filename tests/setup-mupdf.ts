// mupdf loads on first use (src/server/pdf/mupdf.ts): the server's own entry points await it, and the
// tests that build or read PDFs directly (`payrollPdf`, `inspectPdf`…) get it loaded here once per file.
import { loadMupdf } from '../src/server/pdf/mupdf.ts';

await loadMupdf();
