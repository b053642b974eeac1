/**
 * The Redis push adapter's own parts (push/cluster.ts), without nodes: what /api/ready hears from it
 * when Redis does not answer, the keys it uses, and REDIS_URL as it is logged. The adapter between
 * nodes is proven in cluster-redis.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { redactedUrl, redisKeyPrefix, redisPushAdapter } from '../../src/server/push/cluster.ts';

describe('Redis push adapter', () => {
  it('tells /api/ready that Redis does not answer, and ends cleanly all the same', async () => {
    // Port 1: nothing listens there; the client keeps retrying in the background.
    const adapter = await redisPushAdapter('redis://127.0.0.1:1', 'postgres://db/paiedocs');
    expect(adapter.kind).toBe('redis');
    expect(adapter.recovery).toMatchObject({ skipMiddlewares: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await adapter.check!()).toMatch(/^Redis unreachable/);
    await adapter.end();
  });

  it('keeps each database’s keys apart and never logs a password', () => {
    expect(redisKeyPrefix('postgres://u:p@db:5432/paiedocs')).toBe('paie-docs:paiedocs');
    expect(redisKeyPrefix('postgres://db')).toBe('paie-docs:postgres');
    expect(redactedUrl('redis://:s3cret@cache:6379/0')).toBe('redis://:***@cache:6379/0');
    expect(redactedUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
