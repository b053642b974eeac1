import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createCampaignDocumentsActors } from './campaignDocuments.actors.ts';
import { createSignbookCreationActors } from '../signbook-creation/signbookCreation.actors.ts';

// The charts take no error from these actors: each answers every failure as an outcome, a port that
// throws all the same included (the internal error's alert, or refusal).
describe('actors that never reject', () => {
  const broken = () => Promise.reject(new Error('broken'));

  it('a campaign action whose port throws ends in the internal error’s alert', async () => {
    const actors = createCampaignDocumentsActors({ readDocs: broken, runAction: broken, runDocAction: broken });
    const action = createActor(actors.runAction, { input: { campaignId: 'c', action: 'cancel', ids: [] } }).start();
    expect(await toPromise(action)).toEqual({ ok: false, alert: { message: 'error.internal', type: 'error' } });
    const doc = createActor(actors.runDocAction, { input: { doc: { id: 'd' }, action: 'retry' } as never }).start();
    expect(await toPromise(doc)).toEqual({ doc: null, alert: { message: 'error.internal', type: 'error' } });
  });

  it('a document check that throws refuses the file with the internal error’s words', async () => {
    const actors = createSignbookCreationActors({ refusalOf: broken } as never);
    const check = createActor(actors.checkDocument, { input: { id: 'f' } }).start();
    expect(await toPromise(check)).toBe('error.internal');
  });
});
