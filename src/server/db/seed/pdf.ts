/**
 * A minimal valid PDF (one page, or several) (Helvetica text lines, exact xref offsets) so demo documents open in
 * any viewer without a PDF library.
 */

/**
 * The WinAnsi codes (Helvetica's /WinAnsiEncoding) of the typography French titles use beyond
 * Latin-1: « Avenant télétravail — Chloé Martinez » showed « ? » in place of its dash (issue 15).
 */
const WIN_ANSI: Readonly<Record<string, string>> = {
  '€': '\x80',
  '‘': '\x91',
  '’': '\x92',
  '“': '\x93',
  '”': '\x94',
  '•': '\x95',
  '–': '\x96',
  '—': '\x97',
  '…': '\x85',
  œ: '\x9c',
  Œ: '\x8c',
};

/** PDF string literal escaping, in WinAnsi: Latin-1 accents and the dashes, quotes and ligatures above. */
const pdfString = (text: string): string =>
  `(${text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\xff]/g, (c) => WIN_ANSI[c] ?? '?')})`;

/** A text string of the document information (UTF-16BE with its byte order mark: any character). */
const textString = (text: string): string =>
  `<FEFF${text
    .split('')
    .map((c) => c.charCodeAt(0).toString(16).padStart(4, '0'))
    .join('')
    .toUpperCase()}>`;

export function minimalPdf(lines: readonly string[], title = 'Document'): Buffer {
  return minimalPdfPages([lines], title);
}

/** The same, one page per entry of `pages` (a demo campaign's source: two pages per employee). */
export function minimalPdfPages(pages: readonly (readonly string[])[], title = 'Document'): Buffer {
  const contents = pages.map((lines) =>
    Buffer.from(
      lines
        .map((line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 22} Td ${pdfString(line)} Tj ET`)
        .join('\n'),
      'latin1',
    ),
  );
  // 1 catalog, 2 pages, 3 font, 4 info, then a page and its content stream per page.
  const pageRef = (i: number) => 5 + 2 * i;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${contents.map((_, i) => `${pageRef(i)} 0 R`).join(' ')}] /Count ${contents.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title ${textString(title)} /Producer (paie-docs demo seed) >>`,
    ...contents.flatMap((content, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageRef(i) + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`,
    ]),
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
