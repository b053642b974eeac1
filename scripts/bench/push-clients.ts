/**
 * Child of `push-latency.ts`: opens N socket.io clients (websocket transport) with one access token,
 * waits until each has joined its rooms, then for every `campaign.progressed` round reports all the
 * receipt times (performance.timeOrigin + now(), the parent's clock too) once every client has it.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../src/contract/socket.ts';

const [base, token, countText] = process.argv.slice(2);
const count = Number(countText ?? 1000);
const now = (): number => performance.timeOrigin + performance.now();
const rounds = new Map<number, number[]>();
const sockets: Socket[] = [];

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(base!, {
      path: SOCKET_PATH,
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    socket.once('rooms.joined', () => resolve());
    socket.once('connect_error', reject);
    socket.on('campaign.progressed', (p: { campaignId: string }) => {
      const at = now();
      const round = Number(p.campaignId.replace('bench-', ''));
      const list = rounds.get(round) ?? [];
      list.push(at);
      rounds.set(round, list);
      if (list.length === count) {
        rounds.delete(round);
        process.send?.({ type: 'round', round, receipts: list });
      }
    });
  });
}

// Connect in waves of 50 so the server is not flooded with handshakes at once.
for (let i = 0; i < count; i += 50) await Promise.all(Array.from({ length: Math.min(50, count - i) }, open));
process.send?.({ type: 'ready', connected: sockets.length });
process.on('disconnect', () => {
  for (const s of sockets) s.disconnect();
  process.exit(0);
});
