/**
 * The benches' HTTP client (scripts/bench/http-client.ts) reads answers as a server writes them: with a
 * length, in chunks, split across packets, several calls on one connection, and says so when the
 * connection is gone — a bench that misread an answer would count it as a call.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptAliveClient } from '../../scripts/bench/http-client.ts';

let server: http.Server;
let port: number;
const sockets = new Set<import('node:net').Socket>();
const seen: { path: string; auth: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"a":');
        setTimeout(() => res.end('"é"}'), 5);
      } else if (req.url === '/close') {
        res.writeHead(503, { connection: 'close', 'content-length': 4 });
        res.end('gone');
      } else if (req.url === '/drop') {
        req.socket.destroy();
      } else {
        const payload = Buffer.from(JSON.stringify({ path: req.url, pad: 'x'.repeat(200_000) }));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': payload.length });
        res.end(payload);
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (path: string): Buffer =>
  KeptAliveClient.request(
    `127.0.0.1:${port}`,
    path,
    ['authorization: Bearer t0k', 'content-type: application/json'],
    '{}',
  );

describe('the benches’ kept-alive HTTP client', () => {
  it('reads answers with a length, large ones included, one after the other on one connection', async () => {
    const client = new KeptAliveClient('127.0.0.1', port);
    let connections = 0;
    server.on('connection', () => connections++);
    for (const path of ['/one', '/two', '/three']) {
      const answer = await client.send(request(path));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ path });
    }
    expect(connections).toBe(1);
    expect(seen.at(-1)).toEqual({ path: '/three', auth: 'Bearer t0k', body: '{}' });
    client.close();
  });

  it('reads a chunked answer', async () => {
    const client = new KeptAliveClient('127.0.0.1', port);
    const answer = await client.send(request('/chunked'));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ a: 'é' });
    // The connection is still good for the next call.
    expect((await client.send(request('/after'))).status).toBe(200);
    client.close();
  });

  it('gives the status of an answer that closes the connection, then connects again', async () => {
    const client = new KeptAliveClient('127.0.0.1', port);
    const answer = await client.send(request('/close'));
    expect(answer).toMatchObject({ status: 503 });
    expect(answer.body.toString()).toBe('gone');
    expect((await client.send(request('/again'))).status).toBe(200);
    client.close();
  });

  it('fails a call whose connection is dropped, and a call sent while one is waiting', async () => {
    const client = new KeptAliveClient('127.0.0.1', port);
    await expect(client.send(request('/drop'))).rejects.toThrow(/closed|ECONNRESET/);
    // A connection the server ends between two calls: the next call connects again.
    expect((await client.send(request('/before'))).status).toBe(200);
    for (const socket of sockets) socket.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await client.send(request('/after-end'))).status).toBe(200);
    const first = client.send(request('/slow'));
    await expect(client.send(request('/other'))).rejects.toThrow('one call at a time');
    expect((await first).status).toBe(200);
    client.close();
  });
});
