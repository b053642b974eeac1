// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrgDocTypeConf } from '../../../contract/entities.ts';
import type { MaskListItem, MaskPreviewPage } from '../../../contract/masks.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { PreviewTable } from './PreviewTable.tsx';
import { docTypeRows } from './maskRows.ts';
import { hasPdfMagic as looksLikePdf } from '../../components/pdfFile.ts';
import { dragToZone, zoneFits, zoneToCss } from './zoneGeometry.ts';

afterEach(cleanup);

// An A4 page (595 × 842 pt) shown 297.5 px wide: half a CSS pixel per point.
const A4_HALF = { pageWidth: 595, pageHeight: 842, cssWidth: 297.5, cssHeight: 421 };

describe('zone geometry (canvas px ↔ PDF points, bottom-left origin)', () => {
  it('turns a drag over the matricule box into the seeded zone', () => {
    // The seeded zone {x:400, y:760, w:150, h:24}: top edge at 842 − 784 = 58 pt from the top.
    const zone = dragToZone({ x: 200, y: 29 }, { x: 275, y: 41 }, A4_HALF, 1);
    expect(zone).toEqual({ page: 1, x: 400, y: 760, width: 150, height: 24 });
    // Dragged the other way round, the same zone.
    expect(dragToZone({ x: 275, y: 41 }, { x: 200, y: 29 }, A4_HALF, 1)).toEqual(zone);
  });

  it('places a zone back where it was drawn, and clamps a drag that leaves the page', () => {
    expect(zoneToCss({ page: 1, x: 400, y: 760, width: 150, height: 24 }, A4_HALF)).toEqual({
      left: 200,
      top: 29,
      width: 75,
      height: 12,
    });
    const clamped = dragToZone({ x: 250, y: -30 }, { x: 400, y: 20 }, A4_HALF, 2);
    expect(clamped).toEqual({ page: 2, x: 500, y: 802, width: 95, height: 40 });
    expect(zoneFits(clamped, { width: 595, height: 842 })).toBe(true);
    expect(zoneFits({ ...clamped, x: 520 }, { width: 595, height: 842 })).toBe(false);
    expect(zoneFits({ ...clamped, width: 0 }, { width: 595, height: 842 })).toBe(false);
  });

  it('recognises a PDF by its first bytes, not its name', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7\n…'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('Bonjour, ceci est un texte'))).toBe(false);
  });
});

describe('PreviewTable', () => {
  const pages: MaskPreviewPage[] = [
    {
      sample: 1,
      page: 1,
      text: 'Matricule : M0042',
      key: 'M0042',
      employee: { id: 'e1', name: 'Durand', firstName: 'Léa' },
    },
    { sample: 1, page: 2, text: 'Matricule : ZZ-90001', key: 'ZZ-90001', employee: null },
    { sample: 1, page: 3, text: '', key: null, employee: null },
  ];

  it('shows each page with the text read and the employee matched or nobody', () => {
    const onShow = vi.fn();
    renderWithProviders(<PreviewTable pages={pages} sampleNames={['paie.pdf']} onShow={onShow} />);
    expect(screen.getByRole('status').textContent).toContain('1 page attribuée à un salarié sur 3');
    const rows = within(screen.getByRole('table', { name: 'Lecture de la zone sur chaque page' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toContain('Page 1Matricule : M0042Léa Durand');
    expect(rows[1]?.getAttribute('data-matched')).toBe('yes');
    expect(rows[2]?.textContent).toContain('Matricule : ZZ-90001Personne');
    expect(rows[2]?.getAttribute('data-matched')).toBe('no');
    expect(rows[3]?.textContent).toContain('(rien)Personne');
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Page 2' }));
    expect(onShow).toHaveBeenCalledWith(1, 2);
  });
});

describe('docTypeRows', () => {
  const orgs = [
    { id: 'root', name: 'Groupe', parentId: null },
    { id: 'paris', name: 'Paris', parentId: 'root' },
    { id: 'lyon', name: 'Lyon', parentId: 'root' },
  ];
  const type = (code: string, hasMask: boolean): OrgDocTypeConf => ({ code, label: code, enabled: true, hasMask });
  const mask = (id: string, orgId: string, docType: string) =>
    ({ id, orgId, docType, maskName: id, orgName: orgId }) as unknown as MaskListItem;

  it('keeps the nearest mask up the tree, counts sub-organisation masks, and says when none applies', () => {
    const rows = docTypeRows(
      [type('PAIE', true), type('NOTE', false), type('ATTEST', true)],
      [mask('root-paie', 'root', 'PAIE'), mask('paris-paie', 'paris', 'PAIE'), mask('lyon-note', 'lyon', 'NOTE')],
      'paris',
      orgs,
    );
    expect(rows.map((r) => [r.code, r.mask?.id ?? null, r.subMasks, r.inherited])).toEqual([
      ['PAIE', 'paris-paie', 0, false],
      ['NOTE', null, 1, false],
      ['ATTEST', null, 0, true],
    ]);
  });
});
