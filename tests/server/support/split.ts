/** Split-job test helpers: a campaign stored the way creation stores it (SPLITTING, initial snapshot, sources), and a recording push. */
import { randomUUID } from 'node:crypto';
import { initialTransition } from 'xstate';
import type { Db } from '../../../src/server/db/db.ts';
import { insertFiles } from '../../../src/server/files/store.ts';
import { noPush, type Push } from '../../../src/server/push/push.ts';
import { campaignMachine, persist, statusOf } from '../../../machines/campaign/index.ts';

export interface TestSource {
  name: string;
  bytes: Uint8Array;
  docType?: string;
  pages?: number;
}

export async function insertSplittingCampaign(
  db: Db,
  orgId: string,
  opts: { sources: TestSource[]; review?: boolean; automatic?: boolean; empIds?: string[]; groupIds?: string[] },
): Promise<{ id: string; sourceIds: string[]; fileIds: string[] }> {
  const id = randomUUID();
  const sourceIds: string[] = [];
  const fileIds: string[] = [];
  const [initial] = initialTransition(campaignMachine);
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO dom_main.campaigns (id, organization_id, name, doc_name, status, machine_state, doc_type_code, review,
         automatic_recipients, emp_ids, group_ids, pages_total)
       VALUES ($1, $2, 'Paie test', 'Bulletin', $3, $4::jsonb, $5, $6, $7, $8::uuid[], $9::uuid[], $10)`,
      [
        id,
        orgId,
        statusOf(initial),
        JSON.stringify(persist(initial)),
        opts.sources[0]?.docType ?? 'BULLETIN_PAIE',
        opts.review ?? true,
        opts.automatic ?? true,
        opts.empIds ?? [],
        opts.groupIds ?? [],
        opts.sources.reduce((n, s) => n + (s.pages ?? 0), 0),
      ],
    );
    for (const [position, source] of opts.sources.entries()) {
      const [file] = await insertFiles(q, 'main', [{ name: source.name, bytes: source.bytes }]);
      const fileId = file!.id;
      const sourceId = randomUUID();
      await q.query(
        `INSERT INTO dom_main.campaign_sources (id, campaign_id, position, name, doc_type_code, file_id, pages)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [sourceId, id, position, source.name, source.docType ?? 'BULLETIN_PAIE', fileId, source.pages ?? 0],
      );
      sourceIds.push(sourceId);
      fileIds.push(fileId);
    }
  });
  return { id, sourceIds, fileIds };
}

export interface Recorded {
  event: string;
  payload: Record<string, unknown>;
  at: number;
}

export function recordingPush(): Push & { events: Recorded[] } {
  const events: Recorded[] = [];
  return {
    ...noPush,
    events,
    publishToOrg: (_domain, _orgId, event, payload) => {
      events.push({ event, payload: payload as unknown as Record<string, unknown>, at: Date.now() });
    },
  };
}
