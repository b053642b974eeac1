/**
 * Child of `push-latency.ts` and `bench-cluster.ts`: opens `count` push clients (websocket
 * transport), client i on `urls[i % urls.length]` with `tokens[i % tokens.length]`, waits until each
 * has joined its rooms (and, with `follow`, follows that campaign as the campaign page does), then for
 * every round reports all the receipt times (performance.timeOrigin + now(), the parent's clock too)
 * once every client has it. A round is `campaign.progressed` for `bench-<n>`, or with `follow`
 * `campaign.updated` of that campaign named `bench round <n>`. Spread over several processes as real
 * browsers would be: one process decoding every socket's frames measures its own queue more than the
 * servers' push.
 *
 * By default each client speaks the wire protocol itself (engine.io 4 over a WebSocket, socket.io 5
 * packets: the handshake with the token, the pings answered, `campaign.follow` with its ack) and reads
 * of an event frame only its name and the round: on one machine shared with the nodes, ten thousand
 * socket.io-client instances (a manager, an engine and a decoder each) spent the cores the nodes push
 * with — a browser decodes its one socket on its own machine. `BENCH_PUSH_CLIENT=socket.io` uses
 * socket.io-client instead (the same rounds, heard through the full client).
 */
import { io as connect } from 'socket.io-client';
import WebSocket from 'ws';
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
const clients: { close(): void }[] = [];
let failed = 0;

function heard(round: number): void {
  const at = now();
  const list = rounds.get(round) ?? [];
  list.push(at);
  rounds.set(round, list);
  if (list.length === clients.length) {
    rounds.delete(round);
    process.send?.({ type: 'round', round, receipts: list });
  }
}

/** The round a frame's event carries, or null (`campaign.updated` named « bench round n » of the followed campaign, or `campaign.progressed` of `bench-n`). */
const ROUND_NAME = /"name":"bench round (\d+)"/;
const PROGRESSED = /"campaignId":"bench-(\d+)"/;
function roundOf(packet: string): number | null {
  if (spec.follow) {
    if (!packet.startsWith('42["campaign.updated"') || !packet.includes(`"id":"${spec.follow}"`)) return null;
    const round = ROUND_NAME.exec(packet)?.[1];
    return round ? Number(round) : null;
  }
  if (!packet.startsWith('42["campaign.progressed"')) return null;
  const round = PROGRESSED.exec(packet)?.[1];
  return round ? Number(round) : null;
}

/** One client on the wire: engine.io 4 packets over a WebSocket, socket.io 5 packets inside. */
function openWire(i: number): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(`${SOCKET_PATH}/`, spec.urls[i % spec.urls.length]!);
    url.protocol = url.protocol.replace('http', 'ws');
    url.searchParams.set('EIO', '4');
    url.searchParams.set('transport', 'websocket');
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let settled = false;
    const timer = setTimeout(() => fail(), 60_000);
    const fail = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      failed++;
      ws.terminate();
      resolve();
    };
    const admitted = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clients.push({ close: () => ws.close() });
      resolve();
    };
    ws.on('error', fail);
    ws.on('close', fail);
    ws.on('message', (data, binary) => {
      if (binary) return;
      const packet = data.toString();
      if (settled) {
        if (packet === '2') return void ws.send('3');
        const round = roundOf(packet);
        if (round !== null) heard(round);
        return;
      }
      // engine.io: 0 open, 2 ping; socket.io (after the engine's 4): 0 connect, 2 event, 3 ack, 4 error.
      if (packet.startsWith('0')) ws.send(`40${JSON.stringify({ token: spec.tokens[i % spec.tokens.length]! })}`);
      else if (packet === '2') ws.send('3');
      else if (packet.startsWith('44')) fail();
      else if (packet.startsWith('42["rooms.joined"')) {
        if (spec.follow) ws.send(`421${JSON.stringify(['campaign.follow', spec.follow])}`);
        else admitted();
      } else if (packet.startsWith('431')) {
        if (packet === '431[true]') admitted();
        else fail();
      }
    });
  });
}

/** One socket.io-client (`BENCH_PUSH_CLIENT=socket.io`). */
function openSocketIo(i: number): Promise<void> {
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
      clients.push({ close: () => socket.disconnect() });
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

const open = process.env.BENCH_PUSH_CLIENT === 'socket.io' ? openSocketIo : openWire;

// Connect in waves of 50 so the servers are not flooded with handshakes at once.
for (let i = 0; i < spec.count; i += 50)
  await Promise.all(Array.from({ length: Math.min(50, spec.count - i) }, (_, k) => open(i + k)));
process.send?.({ type: 'ready', connected: clients.length, failed });
process.on('disconnect', () => {
  for (const c of clients) c.close();
  process.exit(0);
});
