/**
 * The fast lane for built files (ADR 016): node:http spends about as much CPU per request as the whole answer of a
 * page already in memory, so a keep-alive connection is read here first. A request that is plainly a GET or HEAD of a
 * file in memory is answered with its prepared bytes; the first one that is anything else (a body, an upgrade, a
 * header this lane does not read, a malformed line, a page that is not a file) hands the connection, with every byte it
 * has not answered, to the http.Server, which parses it as it would have and keeps it from then on. So this lane
 * never answers what node:http would have refused or framed otherwise: it only skips node's work for the plain case.
 */
import { maxHeaderSize, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface PlainRequest {
  method: 'GET' | 'HEAD';
  /** The request target as sent: a path starting with "/", with any query. */
  target: string;
  host: string;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

/** A whole answer but the lines this lane adds (Date and the connection's): its status line and headers, then its body. */
export interface LaneAnswer {
  head: Buffer;
  body: Buffer | undefined;
}

/** The answer to a plain request, one to wait for, or undefined to hand the connection to node:http. */
export type LaneResponder = (request: PlainRequest) => LaneAnswer | Promise<LaneAnswer | undefined> | undefined;

export interface FastLane {
  /** Ends the connections this lane still holds (between requests, as node ends its idle ones on close). */
  closeAll(): void;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const REQUEST_LINE = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1$/;
/** A field name (RFC 9110 token), a colon with no space before it, and a value of visible ASCII, spaces and tabs. */
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([\t -~]*?)[ \t]*$/;
/** Headers that frame a body or change the connection: their request goes to node:http, which knows what they mean. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect', 'http2-settings', 'te']);
/** Headers this lane reads: twice in one request, node:http decides what that means. */
const READ = new Set(['host', 'if-none-match', 'accept-encoding', 'connection']);

/** A request head (without its final blank line) this lane answers, or undefined for anything else. */
export function parsePlainRequest(head: string): PlainRequest | undefined {
  const lines = head.split('\r\n');
  const start = REQUEST_LINE.exec(lines[0]!);
  if (!start) return undefined;
  const read = new Map<string, string>();
  for (let index = 1; index < lines.length; index++) {
    const field = HEADER_LINE.exec(lines[index]!);
    if (!field) return undefined;
    const name = field[1]!.toLowerCase();
    if (FRAMING.has(name)) return undefined;
    if (!READ.has(name)) continue;
    if (read.has(name)) return undefined;
    read.set(name, field[2]!);
  }
  const host = read.get('host');
  const connection = read.get('connection');
  // Keep-alive is HTTP/1.1's default; "close" or any other option is node's to honour.
  if (host === undefined || (connection !== undefined && connection.toLowerCase() !== 'keep-alive')) return undefined;
  return { method: start[1] as 'GET' | 'HEAD', target: start[2]!, host, ifNoneMatch: read.get('if-none-match'), acceptEncoding: read.get('accept-encoding') };
}

let date = '';
let dateUntil = 0;

/** The Date header of this second, made once a second as node:http does. */
function dateLine(): string {
  const now = Date.now();
  if (now >= dateUntil) {
    dateUntil = now - (now % 1000) + 1000;
    date = `Date: ${new Date(now).toUTCString()}\r\n`;
  }
  return date;
}

/**
 * Reads every connection of `server` first (its own connection listener runs only for those handed over). The server
 * listens, times out, closes and tracks handed-over connections exactly as before.
 */
export function openFastLane(server: Server, respond: LaneResponder): FastLane {
  const nodeListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const held = new Set<Socket>();

  server.on('connection', (socket: Socket) => {
    held.add(socket);
    let pending: Buffer | undefined;
    let waiting = false;
    // The client sent all it will (a half-close): the connection ends once its requests are answered, as node's would.
    let ended = false;
    // A head that has started must end within node's own limit (no slow trickle keeps a connection).
    let headTimer: NodeJS.Timeout | undefined;
    const keepAliveMs = server.keepAliveTimeout;

    const release = () => {
      held.delete(socket);
      clearTimeout(headTimer);
      socket.off('data', onData);
      socket.off('timeout', onIdle);
      socket.off('error', onError);
      socket.off('close', release);
      socket.off('drain', resume);
      socket.off('end', onEnd);
      socket.setTimeout(0);
    };
    /** node:http takes the connection from the first byte this lane has not answered. */
    const handOver = (unanswered: Buffer | undefined) => {
      release();
      if (socket.destroyed) return;
      if (unanswered?.length) socket.unshift(unanswered);
      for (const listener of nodeListeners) listener.call(server, socket);
      socket.resume();
    };
    const onIdle = () => socket.destroy();
    const onError = () => socket.destroy();
    const onEnd = () => {
      ended = true;
      if (!waiting) socket.end();
    };

    const connectionLines = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n\r\n`;
    const write = (answer: LaneAnswer) => {
      socket.cork();
      socket.write(answer.head);
      socket.write(dateLine() + connectionLines, 'latin1');
      if (answer.body) socket.write(answer.body);
      socket.uncork();
    };

    const resume = () => {
      waiting = false;
      if (!held.has(socket)) return;
      socket.resume();
      drain();
      if (ended && !waiting && held.has(socket)) socket.end();
    };
    /** Drops the bytes of a request answered. */
    const advance = (bytes: number) => {
      pending = pending && pending.length > bytes ? pending.subarray(bytes) : undefined;
    };

    /** Answers the complete requests in `pending`, in order, until one must wait or go to node:http. */
    const drain = () => {
      while (pending && !waiting) {
        const end = pending.indexOf(HEAD_END);
        if (end === -1) {
          if (pending.length > maxHeaderSize) handOver(pending);
          else headTimer ??= setTimeout(() => socket.destroy(), server.headersTimeout || 60_000);
          return;
        }
        clearTimeout(headTimer);
        headTimer = undefined;
        if (socket.writableNeedDrain) {
          // The last answer is still going out: nothing more is read or written until the client has taken it.
          waiting = true;
          socket.pause();
          socket.once('drain', resume);
          return;
        }
        const request = end <= maxHeaderSize ? parsePlainRequest(pending.toString('latin1', 0, end)) : undefined;
        const answer = request && respond(request);
        if (!answer) return handOver(pending);
        const answered = end + HEAD_END.length;
        if (!(answer instanceof Promise)) {
          write(answer);
          advance(answered);
          continue;
        }
        // Its bytes are being read into memory: later requests on this connection wait their turn.
        waiting = true;
        socket.pause();
        answer.then(
          (ready) => {
            if (!held.has(socket)) return;
            if (!ready) return handOver(pending);
            write(ready);
            advance(answered);
            resume();
          },
          () => {
            waiting = false;
            if (held.has(socket)) handOver(pending);
          },
        );
        return;
      }
    };

    function onData(chunk: Buffer): void {
      pending = pending ? Buffer.concat([pending, chunk]) : chunk;
      drain();
    }

    socket.setTimeout(keepAliveMs + 1000);
    socket.on('timeout', onIdle);
    socket.on('error', onError);
    socket.on('close', release);
    socket.on('end', onEnd);
    socket.on('data', onData);
  });

  return {
    closeAll() {
      for (const socket of held) socket.end();
    },
  };
}
