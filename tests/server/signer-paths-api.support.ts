/**
 * The world of the signer paths suite (signer-paths-api.test.ts): a seeded database, a started signbook
 * whose step 1 is the signer (`paie`) and the HR (`admin`, so the signbook stays in progress once the
 * signer signed), and the calls the signer's screen makes — each answered as the web's client reports it.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SentCode, SignerFailure } from '../../machines/signer/index.ts';
import type { SignatureCodeMode } from '../../src/contract/enums.ts';
import { SIGNATURE_CODE, type SignbookView } from '../../src/contract/signbook.ts';
import { contractPdf, hr, lastCode, orgId, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

/** The phone the signer types on the channel screen (a user signatory has no recorded phone). */
export const TYPED_PHONE = '06 12 34 56 78';

/** A call's answer as the signer machine reads it: the body, or `{ key, status }`. */
export type Answer<T = unknown> =
  { readonly ok: true; readonly body: T } | { readonly ok: false; readonly failure: SignerFailure };

export interface World {
  readonly t: TestDb;
  readonly app: FastifyInstance;
  readonly api: ReturnType<typeof hr>;
  readonly signer: LoggedIn;
  readonly hrSession: LoggedIn;
  readonly users: { readonly signer: string; readonly hr: string };
  readonly paris: string;
  readonly pdf: Uint8Array;
}

export async function openWorld(): Promise<World> {
  const t = await createSeededDb();
  const app = await testApp(t.db);
  return {
    t,
    app,
    api: hr(app),
    signer: await login(app, 'paie'),
    hrSession: await login(app, 'admin'),
    users: { signer: await userId(t.db, 'paie'), hr: await userId(t.db, 'admin') },
    paris: await orgId(t.db, 'Horizon Services Paris'),
    pdf: await contractPdf('Avenant', 1),
  };
}

export async function closeWorld(w: World | undefined): Promise<void> {
  await w?.app.close();
  await w?.t.dispose();
}

const answerOf = <T>(res: { statusCode: number; json: () => unknown }): Answer<T> => {
  if (res.statusCode < 300) return { ok: true, body: res.json() as T };
  const body = res.json() as { key?: string };
  return { ok: false, failure: { key: body.key ?? '', status: res.statusCode } };
};

/** One signbook walked by the signer: the calls of the screen and what the test arranges around them. */
export class Walk {
  /** The last failure the API answered the signer (the walk's error screens show it). */
  lastFailure: SignerFailure | null = null;

  private constructor(
    readonly w: World,
    readonly id: string,
  ) {}

  /** Uploaded as a draft, then started, through the real routes. */
  static async start(w: World): Promise<Walk> {
    const up = await w.api.upload(
      w.hrSession,
      {
        name: 'Avenant au contrat',
        organizationId: w.paris,
        draft: true,
        steps: [{ signatories: [w.users.signer, w.users.hr].map((u) => ({ type: 'user', userId: u })) }],
      },
      [{ name: 'avenant.pdf', bytes: w.pdf }],
    );
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().signbook.id as string;
    const started = await w.api.call('PUT', `/sign-workflows/${id}`, w.hrSession, { start: true });
    expect(started.statusCode, started.body).toBe(200);
    return new Walk(w, id);
  }

  private async answer<T>(res: Promise<{ statusCode: number; json: () => unknown }>): Promise<Answer<T>> {
    const a = answerOf<T>(await res);
    this.lastFailure = a.ok ? null : a.failure;
    return a;
  }

  /** The signbook as the signer's page reads it. */
  async view(): Promise<SignbookView> {
    const res = await this.w.api.call('GET', `/sign-workflow/${this.id}`, this.w.signer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  static me(view: SignbookView) {
    const me = view.steps.flatMap((s) => s.signatories).find((g) => g.id === view.mySignatoryId);
    if (!me) throw new Error('the signer is not a signatory of the view');
    return me;
  }

  requestCode(body: { mode: SignatureCodeMode; email?: string; phone?: string }): Promise<Answer<SentCode>> {
    return this.answer(
      this.w.api.call('POST', `/sign-workflow/recover-signature-code/${this.id}`, this.w.signer, body),
    );
  }

  submit(code: string): Promise<Answer<SignbookView>> {
    return this.answer(
      this.w.api.call('POST', `/sign-workflow/sign/${this.id}`, this.w.signer, { codeSignature: code }),
    );
  }

  refuse(reason: string, session = this.w.signer): Promise<Answer<SignbookView>> {
    return this.answer(this.w.api.call('POST', `/sign-workflow/refuse/${this.id}`, session, { reason }));
  }

  /** The pending code as the signer received it: read from the outbox at the code's destination. */
  async receivedCode(): Promise<string> {
    const { rows } = await this.w.t.db.query<{ channel: SignatureCodeMode; destination: string }>(
      `SELECT c.channel, c.destination FROM dom_main.signature_codes c
         JOIN dom_main.signatories g ON g.id = c.signatory_id
        WHERE c.signbook_id = $1 AND g.user_id = $2`,
      [this.id, this.w.users.signer],
    );
    if (!rows[0]) throw new Error('no pending code for the signer');
    return lastCode(this.w.t.db, rows[0].destination, rows[0].channel);
  }

  /** A code that is surely not the pending one (one digit changed). */
  async wrongCode(): Promise<string> {
    const code = await this.receivedCode();
    return `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
  }

  /** `n` wrong codes through the sign route, each answered with the wrong-code key. */
  async wrongTries(n: number): Promise<void> {
    for (let i = 0; i < n; i += 1) {
      const a = await this.submit(await this.wrongCode());
      expect(a.ok ? null : a.failure.status).toBe(400);
    }
  }

  /** Code requests until the hourly limit is reached (the next one is refused). */
  async exhaustRequests(): Promise<void> {
    for (let i = 0; i < SIGNATURE_CODE.maxRequestsPerHour; i += 1) {
      expect((await this.requestCode({ mode: 'email' })).ok).toBe(true);
    }
  }

  /** The code's 10 minutes ran out: its expiry moves into the past. */
  async expire(): Promise<void> {
    await this.w.t.db.query(
      `UPDATE dom_main.signature_codes SET expires_at = now() - interval '1 second' WHERE signbook_id = $1`,
      [this.id],
    );
  }
}
