import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { minimalPdf } from './pdf.ts';

describe('minimalPdf', () => {
  const pdf = minimalPdf(['Bulletin de paie', 'Élodie Lefèvre (matricule HSP-00001)'], 'Bulletin');
  const text = pdf.toString('latin1');

  it('has a header, a trailer and a startxref that points at the xref table', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
  });

  it('lists in the xref table the exact byte offset of every object', () => {
    const entries = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(6);
    entries.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });

  it('declares the real length of the content stream and keeps accents and escaped parentheses', () => {
    const match = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text);
    expect(Buffer.byteLength(match![2]!, 'latin1')).toBe(Number(match![1]));
    expect(match![2]).toContain('(Élodie Lefèvre \\(matricule HSP-00001\\))');
  });

  it('shows the dashes and quotes of French titles, not « ? » (issue 15)', () => {
    const title = 'Avenant télétravail — Chloé Martinez';
    const doc = mupdf.Document.openDocument(
      minimalPdf([title, 'L’indemnité : 1 200 € – œuvre…'], title),
      'application/pdf',
    );
    try {
      const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText();
      expect(text).toContain('Avenant télétravail — Chloé Martinez');
      expect(text).toContain('L’indemnité : 1 200 € – œuvre…');
      expect(doc.getMetaData('info:Title')).toBe(title);
    } finally {
      doc.destroy();
    }
  });
});
