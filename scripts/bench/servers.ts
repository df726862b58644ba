/** The servers under test: ours (`scripts/start.ts`) and nginx over the same built files. Both listen on 127.0.0.1 only. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signalTree } from './process-tree.ts';
import { SERVER_NODE_FLAGS } from '../../src/server/http/cluster.ts';

export interface RunningServer {
  url: string;
  /** The process we started (its children, such as HTTP workers and PostgreSQL, hang below it). */
  pid: number;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM, then SIGKILL to the whole tree if it has not gone within the grace period. */
async function stopChild(child: ChildProcess): Promise<void> {
  signalTree(child, 'SIGTERM');
  const timer = setTimeout(() => signalTree(child, 'SIGKILL'), STOP_GRACE_MS);
  await exited(child);
  clearTimeout(timer);
}

/** Resolves once `url` answers any HTTP status; rejects if the process exits or the time runs out. */
async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`El servidor terminó antes de responder (código ${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`El servidor no respondió en ${timeoutMs / 1000} s:\n${output()}`);
}

/** `logFile`: where the server's whole output is appended, to read after the run (what a rebuild did, and why). */
export async function startOurServer(options: {
  root: string;
  port: number;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  logFile?: string;
}): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(options.root, 'scripts/start.ts')], {
    cwd: options.root,
    env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  if (options.logFile) {
    const file = createWriteStream(options.logFile, { flags: 'a' });
    // Both streams into one file, which the first to end must not close.
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
    child.once('exit', () => file.end());
  }
  return answeringOrStopped(child, url, options.timeoutMs, () => output);
}

/** `workers`: nginx's worker_processes, set to our WEB_CONCURRENCY so both serve with as many processes. */
export function nginxConfig(options: { port: number; clientDir: string; tempDir: string; workers: number }): string {
  const temp = (name: string) => path.join(options.tempDir, name);
  return `worker_processes ${options.workers};
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  server {
    listen 127.0.0.1:${options.port};
    root ${options.clientDir};
    location / {
      try_files $uri $uri.html $uri/index.html =404;
    }
  }
}
`;
}

export async function startNginx(options: { port: number; clientDir: string; tempDir: string; workers: number; timeoutMs: number }): Promise<RunningServer> {
  await mkdir(options.tempDir, { recursive: true });
  const configPath = path.join(options.tempDir, 'nginx.conf');
  await writeFile(configPath, nginxConfig(options));
  // -e keeps nginx from opening the system's error log before it reads our config.
  const child = spawn('nginx', ['-c', configPath, '-p', options.tempDir, '-e', path.join(options.tempDir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  });
  const url = `http://127.0.0.1:${options.port}`;
  // nginx's master stops its workers on SIGTERM; the tree kill is the fallback.
  return answeringOrStopped(child, url, options.timeoutMs, () => output);
}

/** Waits until a started server answers; stops it if it never does. */
async function answeringOrStopped(child: ChildProcess, url: string, timeoutMs: number, output: () => string): Promise<RunningServer> {
  const stop = () => stopChild(child);
  try {
    await waitUntilAnswering(`${url}/`, child, timeoutMs, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, stop };
}
