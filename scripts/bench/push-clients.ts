/**
 * Child of `push-latency.ts` and `bench-cluster.ts`: opens `count` socket.io clients (websocket
 * transport), client i on `urls[i % urls.length]` with `tokens[i % tokens.length]`, waits until each
 * has joined its rooms (and, with `follow`, follows that campaign as the campaign page does), then for
 * every round reports all the receipt times (performance.timeOrigin + now(), the parent's clock too)
 * once every client has it. A round is `campaign.progressed` for `bench-<n>`, or with `follow`
 * `campaign.updated` of that campaign named `bench round <n>`. Spread over several processes as real
 * browsers would be: one process decoding every socket's frames measures its own queue more than the
 * servers' push.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../src/contract/socket.ts';

export interface PushClientsSpec {
  readonly urls: readonly string[];
  readonly tokens: readonly string[];
  readonly count: number;
  /** A campaign to follow; rounds are then its `campaign.updated` pushes. */
  readonly follow?: string;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as PushClientsSpec;
const now = (): number => performance.timeOrigin + performance.now();
const rounds = new Map<number, number[]>();
const sockets: Socket[] = [];
let failed = 0;

function heard(round: number): void {
  const at = now();
  const list = rounds.get(round) ?? [];
  list.push(at);
  rounds.set(round, list);
  if (list.length === sockets.length) {
    rounds.delete(round);
    process.send?.({ type: 'round', round, receipts: list });
  }
}

function open(i: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(spec.urls[i % spec.urls.length]!, {
      path: SOCKET_PATH,
      auth: { token: spec.tokens[i % spec.tokens.length]! },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    const timer = setTimeout(() => fail(), 60_000);
    const fail = (): void => {
      clearTimeout(timer);
      failed++;
      socket.close();
      resolve();
    };
    const admitted = (): void => {
      clearTimeout(timer);
      sockets.push(socket);
      resolve();
    };
    socket.once('connect_error', fail);
    if (spec.follow) {
      const campaignId = spec.follow;
      socket.on('campaign.updated', (c: { id: string; name: string }) => {
        const round = /^bench round (\d+)$/.exec(c.name)?.[1];
        if (c.id === campaignId && round) heard(Number(round));
      });
      socket.once('rooms.joined', () =>
        socket.emit('campaign.follow', campaignId, (ok: boolean) => (ok ? admitted() : fail())),
      );
    } else {
      socket.on('campaign.progressed', (p: { campaignId: string }) =>
        heard(Number(p.campaignId.replace('bench-', ''))),
      );
      socket.once('rooms.joined', admitted);
    }
  });
}

// Connect in waves of 50 so the servers are not flooded with handshakes at once.
for (let i = 0; i < spec.count; i += 50)
  await Promise.all(Array.from({ length: Math.min(50, spec.count - i) }, (_, k) => open(i + k)));
process.send?.({ type: 'ready', connected: sockets.length, failed });
process.on('disconnect', () => {
  for (const s of sockets) s.disconnect();
  process.exit(0);
});
