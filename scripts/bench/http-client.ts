/**
 * The HTTP load's client (bench:cluster's (b) and (c), scripts/bench/list-load.ts): one kept-alive TCP
 * connection per simulated client, one `POST` at a time, the request's bytes built once. The generator
 * shares the machine's two cores with what it measures, so its own CPU is taken from the nodes and
 * PostgreSQL: `node:http` spent 0.25–0.33 ms of CPU per call here (its agent, header objects, the
 * incoming message's stream), `fetch` about twice that. This reads only what a list's answer needs —
 * the status line and the body's length (`Content-Length`, or chunks) — and hands the body back whole.
 */
import net from 'node:net';

export interface Answer {
  readonly status: number;
  readonly body: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** Length of a chunked body in `buf` from `from`, or -1 while incomplete; the chunks are copied to `out`. */
function readChunks(buf: Buffer, from: number, out: Buffer[]): number {
  let at = from;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) return -1;
    const size = parseInt(buf.toString('latin1', at, eol), 16);
    if (Number.isNaN(size)) throw new Error('malformed chunk size');
    if (size === 0) {
      const end = buf.indexOf(HEAD_END, eol);
      return end < 0 ? -1 : end + 4;
    }
    if (buf.length < eol + 2 + size + 2) return -1;
    out.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

export class KeptAliveClient {
  private socket: net.Socket | null = null;
  private pending: { resolve: (a: Answer) => void; reject: (e: Error) => void; timer: NodeJS.Timeout } | null = null;
  private buffered: Buffer = Buffer.alloc(0);

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly timeoutMs = 30_000,
  ) {}

  /** `POST path` with these header lines (`name: value`, no CRLF) and body. */
  static request(host: string, path: string, headers: readonly string[], body: string): Buffer {
    const bytes = Buffer.from(body);
    return Buffer.from(
      [`POST ${path} HTTP/1.1`, `host: ${host}`, ...headers, `content-length: ${bytes.length}`, '', ''].join('\r\n') +
        body,
    );
  }

  send(request: Buffer): Promise<Answer> {
    if (this.pending) return Promise.reject(new Error('one call at a time'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new Error(`no answer within ${this.timeoutMs / 1000} s`)),
        this.timeoutMs,
      );
      this.pending = { resolve, reject, timer };
      this.connection().write(request);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private connection(): net.Socket {
    if (this.socket) return this.socket;
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    // A connection already let go (closed after an answer) says nothing about the next call's.
    socket.on('data', (chunk: Buffer) => this.socket === socket && this.onData(chunk));
    socket.on('error', (error) => this.socket === socket && this.fail(error));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.fail(new Error('other side closed'));
    });
    this.socket = socket;
    this.buffered = Buffer.alloc(0);
    return socket;
  }

  private fail(error: Error): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    this.close();
    p.reject(error);
  }

  private onData(chunk: Buffer): void {
    const buf = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const headEnd = buf.indexOf(HEAD_END);
    if (headEnd < 0) {
      this.buffered = buf;
      return;
    }
    const head = buf.toString('latin1', 0, headEnd).toLowerCase();
    const status = Number(head.slice(9, 12));
    const bodyStart = headEnd + 4;
    let body: Buffer;
    let end: number;
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    if (length) {
      end = bodyStart + Number(length[1]);
      if (buf.length < end) {
        this.buffered = buf;
        return;
      }
      body = buf.subarray(bodyStart, end);
    } else if (head.includes('\r\ntransfer-encoding: chunked')) {
      const parts: Buffer[] = [];
      try {
        end = readChunks(buf, bodyStart, parts);
      } catch (error) {
        this.fail(error as Error);
        return;
      }
      if (end < 0) {
        this.buffered = buf;
        return;
      }
      body = Buffer.concat(parts);
    } else {
      this.fail(new Error('an answer without a length'));
      return;
    }
    this.buffered = buf.length > end ? buf.subarray(end) : Buffer.alloc(0);
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    clearTimeout(p.timer);
    if (/\r\nconnection: *close/.test(head)) this.close();
    p.resolve({ status, body });
  }
}
