import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../../contract/entities.ts';
import { ApiFailure } from '../../api/index.ts';
import type { Services } from '../../app/index.ts';
import { runCampaignAction } from './runAction.ts';

const campaign = { id: 'c-1', status: 'NEEDS_VALIDATION' } as Campaign;
const apiAnswering = (answer: (routeId: string, options: unknown) => Promise<unknown>) => {
  const calls: { routeId: string; options: unknown }[] = [];
  const api = {
    call: (routeId: string, options: unknown) => {
      calls.push({ routeId, options });
      return answer(routeId, options);
    },
  } as unknown as Services['api'];
  return { api, calls };
};

describe('campaign actions against the API', () => {
  it('validates through the validate route and announces validation in progress', async () => {
    const { api, calls } = apiAnswering(() => Promise.resolve({ recipientsCount: 3, campaign }));
    const outcome = await runCampaignAction(api, campaign, 'validate', { ids: [] });
    expect(calls).toEqual([{ routeId: 'campaigns.validate', options: { params: { id: 'c-1' } } }]);
    expect(outcome).toMatchObject({
      ok: true,
      alert: { message: 'alert.campaign.validation.inProgress', type: 'info' },
    });
  });

  it('sends the checked documents and the reason when refusing documents', async () => {
    const { api, calls } = apiAnswering(() => Promise.resolve({ count: 1, items: [] }));
    await runCampaignAction(api, campaign, 'refuseDocuments', { ids: ['d-1'], reason: 'Doublon' });
    expect(calls[0]).toEqual({
      routeId: 'campaigns.refuseDocuments',
      options: { body: { ids: ['d-1'], reason: 'Doublon' } },
    });
  });

  it("shows the server's key when the state moved on (409), the action's failure key otherwise", async () => {
    const conflict = apiAnswering(() =>
      Promise.reject(
        new ApiFailure({ routeId: 'campaigns.cancel', status: 409, key: 'error.workflow.illegal-transition' }),
      ),
    );
    expect((await runCampaignAction(conflict.api, campaign, 'cancel', { ids: [] })).alert).toEqual({
      message: 'error.workflow.illegal-transition',
      type: 'error',
    });
    const down = apiAnswering(() =>
      Promise.reject(new ApiFailure({ routeId: 'campaigns.cancel', status: 500, key: 'error.internal' })),
    );
    expect((await runCampaignAction(down.api, campaign, 'cancel', { ids: [] })).alert).toEqual({
      message: 'alert.campaign.canceled.failure',
      type: 'error',
    });
  });
});
