/** wrk and nginx come from Debian: installed when running as root, otherwise their rows are skipped with the command to run. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const INSTALL_TIMEOUT_MS = 5 * 60_000;

export function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function aptGet(args: string[]): boolean {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: INSTALL_TIMEOUT_MS,
  });
  return result.status === 0;
}

/** Returns the packages still missing afterwards. */
export function ensureDebianPackages(packages: { command: string; package: string }[], log: (line: string) => void): string[] {
  const missing = packages.filter((entry) => !hasCommand(entry.command));
  if (missing.length === 0) return [];
  const names = missing.map((entry) => entry.package);
  if (process.getuid?.() !== 0) {
    log(`Faltan ${names.join(' y ')}: instálalos con «sudo apt-get install -y ${names.join(' ')}». Se omiten sus filas.`);
    return names;
  }
  log(`Instalando ${names.join(' y ')} con apt-get…`);
  const nginxWasRunning = existsSync('/run/nginx.pid');
  if (!aptGet(['install', '-y', '--no-install-recommends', ...names])) {
    aptGet(['update']);
    aptGet(['install', '-y', '--no-install-recommends', ...names]);
  }
  // Debian's package starts the system nginx on port 80; the benchmark runs its own instance.
  if (!nginxWasRunning && existsSync('/run/nginx.pid')) spawnSync('nginx', ['-s', 'quit'], { stdio: 'ignore', timeout: 10_000 });
  return missing.filter((entry) => !hasCommand(entry.command)).map((entry) => entry.package);
}
