/**
 * Job helpers of campaign-paths-api.test.ts: a gate that holds dispatch runs before their first
 * document (the real database underneath, only delayed), and a safe that refuses chosen employees.
 */
import type { Db } from '../../src/server/db/db.ts';
import { type SafePort, embeddedSafePort } from '../../src/server/ports/safe.ts';

/** Holds dispatch runs before their first document, then lets them go on or fail. */
export class Gate {
  private waiters: ((mode: 'ok' | 'fail') => void)[] = [];
  private mode: 'closed' | 'ok' | 'fail' = 'closed';
  get waiting(): number {
    return this.waiters.length;
  }
  /** The database of one run: its second transaction (the first document) waits for the gate. */
  db(db: Db): Db {
    let txs = 0;
    const tx: Db['tx'] = async (fn) => {
      txs += 1;
      if (txs === 2 && this.mode === 'closed') {
        const mode = await new Promise<'ok' | 'fail'>((resolve) => this.waiters.push(resolve));
        if (mode === 'fail') throw new Error('connexion à la base perdue');
      } else if (txs === 2 && this.mode === 'fail') throw new Error('connexion à la base perdue');
      return db.tx(fn);
    };
    return new Proxy(db, {
      get: (target, key) => (key === 'tx' ? tx : (Reflect.get(target, key, target) as unknown)),
    }) as Db;
  }
  open(mode: 'ok' | 'fail'): void {
    this.mode = mode;
    for (const w of this.waiters.splice(0)) w(mode);
  }
}

export const failingFor = (employeeIds: readonly string[]): SafePort => ({
  ...embeddedSafePort,
  deposit: (q, request) =>
    employeeIds.includes(request.employeeId)
      ? Promise.reject(new Error('Coffre-fort indisponible'))
      : embeddedSafePort.deposit!(q, request),
});
