// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '../../../contract/documents.ts';
import { AppProvider } from '../../app/context.tsx';
import { createServices } from '../../app/services.ts';
import { minimalPdf } from '../../testing/minimalPdf.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { buildUploadForm, planUpload, type SlipDraft, slipErrors, slipForFile } from './slips.ts';
import { UploadDialog } from './UploadDialog.tsx';

/** A real (tiny) PDF, or one only its size refuses. */
const pdf = (name: string, size?: number) =>
  new File([size === undefined ? minimalPdf() : `%PDF-1.7\n${'x'.repeat(Math.max(0, size - 9))}`], name, {
    type: 'application/pdf',
  });
const complete = (over: Partial<SlipDraft> = {}): SlipDraft =>
  slipForFile(pdf('bulletin.pdf'), {
    typeCode: 'PAYSLIP',
    employee: { id: '0195f3a2-0000-7000-8000-0000000000e1', label: 'Durand Alice' },
    ...over,
  });

describe('upload slips', () => {
  it('names what is missing, field by field', () => {
    expect(slipErrors(complete())).toEqual({});
    expect(slipErrors(slipForFile(null))).toEqual({
      file: 'documents.upload.errors.fileRequired',
      typeCode: 'documents.upload.errors.typeRequired',
      description: 'documents.upload.errors.descriptionRequired',
      employee: 'documents.upload.errors.employeeRequired',
    });
    // The employer's safe needs no employee; a type the organisation does not offer is no type.
    expect(slipErrors(complete({ destination: 'EMPLOYER_SAFE', employee: null }))).toEqual({});
    expect(slipErrors(complete({ typeCode: 'CONTRACT' }), ['PAYSLIP'])).toEqual({
      typeCode: 'documents.upload.errors.typeRequired',
    });
    expect(slipErrors(complete({ periodStart: '2026-03-31', periodEnd: '2026-03-01' }))).toEqual({
      period: 'documents.upload.errors.periodInverted',
    });
  });

  it('leaves an incomplete last slip behind, but waits for an incomplete slip before it', () => {
    const a = complete();
    const b = complete();
    const unfinished = slipForFile(pdf('c.pdf'));
    expect(planUpload([a, b, unfinished])).toEqual({ toSend: [a, b], lastLeftBehind: unfinished, blocking: [] });
    expect(planUpload([a, unfinished, b])).toEqual({ toSend: [a, b], lastLeftBehind: null, blocking: [unfinished] });
  });

  it('sends the json part `data` and one file part named by the slip id, labelled type:description', async () => {
    const slip = complete({ description: 'Bulletin mars ', periodStart: '2026-03-01' });
    const form = buildUploadForm('0195f3a2-0000-7000-8000-0000000000aa', [slip]);
    expect(JSON.parse(form.get('data') as string)).toEqual({
      organizationId: '0195f3a2-0000-7000-8000-0000000000aa',
      slips: [
        {
          id: slip.id,
          typeCode: 'PAYSLIP',
          description: 'Bulletin mars',
          destination: 'EMPLOYEE_SAFE',
          employeeId: '0195f3a2-0000-7000-8000-0000000000e1',
          periodStart: '2026-03-01',
        },
      ],
    });
    expect((form.get(slip.id) as File).name).toBe('PAYSLIP:Bulletin mars');
  });
});

describe('upload dialog', () => {
  let stop = () => undefined as void;
  afterEach(() => {
    cleanup();
    stop();
  });

  it('refuses what is not a PDF by its content or is over 10 MB, makes one slip per PDF, and says what is missing', async () => {
    const services = createServices({ storage: null, socket: false });
    stop = () => services.stop();
    renderWithProviders(
      <AppProvider services={services}>
        <UploadDialog
          open
          onClose={() => undefined}
          onUploaded={() => undefined}
          orgs={[{ id: '0195f3a2-0000-7000-8000-0000000000aa', name: 'Horizon Services Paris', depth: 0 }]}
          defaultOrgId="0195f3a2-0000-7000-8000-0000000000aa"
        />
      </AppProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Déposer des documents' });
    const zone = within(dialog).getByTestId('upload-drop-zone');
    const fake = new File(['PK\u0003\u0004 not a pdf'], 'renamed.pdf', { type: 'application/pdf' });
    const big = pdf('big.pdf', DOCUMENT_MAX_BYTES + 1);
    await act(async () => {
      fireEvent.drop(zone, { dataTransfer: { files: [fake, pdf('bulletin-mars.pdf'), big, pdf('contrat.pdf')] } });
    });
    await waitFor(() => expect(within(dialog).getAllByTestId('slip')).toHaveLength(2));
    const refusals = within(dialog).getByRole('alert');
    expect(refusals.textContent).toContain('renamed.pdf : Seuls les fichiers PDF sont acceptés.');
    expect(refusals.textContent).toContain('big.pdf : Le fichier dépasse la taille maximale de 10 Mo.');
    // The description starts as the file's name.
    expect((within(dialog).getAllByLabelText('Description')[0] as HTMLInputElement).value).toBe('bulletin-mars');

    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Déposer 0 document' }));
    });
    const first = within(dialog).getByRole('listitem', { name: 'Bordereau 1' });
    expect(within(first).getByText('Choisissez le type du document.')).toBeTruthy();
    expect(within(first).getByText('Choisissez le salarié destinataire.')).toBeTruthy();
  });
});
