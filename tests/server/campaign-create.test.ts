/**
 * Campaign creation refusals through the API (multipart, as the browser sends it) on the demo seed:
 * every bad input answers 400/404 with its key and leaves no file, source or campaign behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/contract/constants.ts';
import type { CampaignCreateJson } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { frenchText } from '../../src/server/http/french.ts';
import {
  type CreationWorld,
  PNG,
  type Upload,
  creationCounts,
  creationJson as json,
  creationWorld,
  encryptedPdf as encrypted,
  postCreation,
} from './support/campaignCreate.ts';

let w: CreationWorld;
beforeAll(async () => {
  w = await creationWorld();
}, 120_000);
afterAll(async () => {
  await w.app.close();
  await w.t.dispose();
});

const create = (route: '' | '/manual', upload: Upload) => postCreation(w.app, w.admin, route, upload);
const counts = () => creationCounts(w.t);

describe('campaign creation: refused inputs leave nothing behind', () => {
  const cases: [string, () => [route: '' | '/manual', Upload], number, string, Record<string, string>?][] = [
    [
      'a PNG named .pdf',
      () => ['', { json: json(), files: [{ name: 'bulletins.pdf', bytes: PNG }] }],
      400,
      ERROR_KEYS.notPdf,
      { file: 'bulletins.pdf' },
    ],
    [
      'a PDF over 10 MB',
      () => [
        '',
        {
          json: json(),
          files: [
            {
              name: 'gros.pdf',
              bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(LIMITS.uploadMaxBytes)]),
            },
          ],
        },
      ],
      400,
      ERROR_KEYS.payloadTooLarge,
      { file: 'gros.pdf' },
    ],
    [
      'an encrypted PDF',
      () => ['', { json: json(), files: [{ name: 'secret.pdf', bytes: encrypted(w.payslips) }] }],
      400,
      ERROR_KEYS.pdfEncrypted,
      { file: 'secret.pdf' },
    ],
    [
      'a truncated PDF (60 % of a valid one)',
      () => [
        '',
        {
          json: json(),
          files: [{ name: 'coupe.pdf', bytes: w.payslips.slice(0, Math.floor(w.payslips.length * 0.6)) }],
        },
      ],
      400,
      ERROR_KEYS.pdfDamaged,
      { file: 'coupe.pdf' },
    ],
    [
      'manual recipients with a type that has a mask',
      () => [
        '/manual',
        {
          json: json({ automaticRecipients: false, empIds: w.withEmail.slice(0, 1) }),
          files: [{ name: 'b.pdf', bytes: w.payslips }],
        },
      ],
      400,
      ERROR_KEYS.campaignManualWithMask,
    ],
    [
      'automatic recipients with a type without a mask',
      () => ['', { json: json({ docTypeCode: 'NOTE_SERVICE' }), files: [{ name: 'note.pdf', bytes: w.payslips }] }],
      400,
      ERROR_KEYS.campaignMaskRequired,
    ],
    [
      'a manual recipient without e-mail',
      () => [
        '/manual',
        {
          json: json({
            docTypeCode: 'NOTE_SERVICE',
            automaticRecipients: false,
            empIds: [w.withEmail[0]!, w.withoutEmail.id],
          }),
          files: [{ name: 'note.pdf', bytes: w.payslips }],
        },
      ],
      400,
      ERROR_KEYS.campaignRecipientWithoutEmail,
    ],
    [
      'manual without any recipient',
      () => [
        '/manual',
        {
          json: json({ docTypeCode: 'NOTE_SERVICE', automaticRecipients: false }),
          files: [{ name: 'note.pdf', bytes: w.payslips }],
        },
      ],
      400,
      ERROR_KEYS.campaignNoRecipient,
    ],
    [
      "another organisation's employee",
      () => [
        '/manual',
        {
          json: json({ docTypeCode: 'NOTE_SERVICE', automaticRecipients: false, empIds: [w.foreignEmployee] }),
          files: [{ name: 'note.pdf', bytes: w.payslips }],
        },
      ],
      404,
      ERROR_KEYS.notFound,
    ],
    ['no file', () => ['', { json: json() }], 400, ERROR_KEYS.campaignNoDocument],
    [
      'no json part',
      () => ['', { json: undefined as unknown as CampaignCreateJson, files: [{ name: 'b.pdf', bytes: w.payslips }] }],
      400,
      ERROR_KEYS.badRequest,
    ],
  ];

  it.each(cases)('%s', async (_label, input, status, key, fields) => {
    const before = await counts();
    const [route, upload] = input();
    const res = await create(route, upload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ key, ...(fields ? { fields } : {}) });
    // A refused file says why in French too, for a client of the API alone (as every upload does).
    if (fields && 'file' in fields) expect(res.json().message).toBe(frenchText(key));
    expect(await counts()).toEqual(before);
  });

  it('names the recipients without e-mail', async () => {
    const res = await create('/manual', {
      json: json({ docTypeCode: 'NOTE_SERVICE', automaticRecipients: false, empIds: [w.withoutEmail.id] }),
      files: [{ name: 'note.pdf', bytes: w.payslips }],
    });
    expect(res.json()).toMatchObject({ key: ERROR_KEYS.campaignRecipientWithoutEmail, errors: [w.withoutEmail.name] });
  });

  it('refuses a user to notify who does not see the organisation', async () => {
    const res = await create('', {
      json: json({ usersToNotify: ['00000000-0000-4000-8000-000000000000'] }),
      files: [{ name: 'b.pdf', bytes: w.payslips }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: ERROR_KEYS.orgUserNotVisible,
      fields: { usersToNotify: ERROR_KEYS.orgUserNotVisible },
    });
  });
});
