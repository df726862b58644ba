/** Shared start-up for scripts: loads .env, and turns failures into one actionable line. */
import { existsSync } from 'node:fs';
import { ConfigError, localSiteUrl, type ServerEnv } from '../src/server/env.ts';

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

export function loadDotEnv(): void {
  if (existsSync(`${root}/.env`)) process.loadEnvFile(`${root}/.env`);
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
}

export function log(line: string): void {
  console.log(`[brújula] ${line}`);
}

export async function runCli(main: () => Promise<void>): Promise<void> {
  process.chdir(root);
  loadDotEnv();
  try {
    await main();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error(`Error: ${(error as Error).message ?? error}`);
      if (process.env.DEBUG) console.error(error);
      else console.error('(Ejecuta con DEBUG=1 para ver el detalle técnico.)');
    }
    process.exit(1);
  }
}

/** Where to open the site: the address this machine answers on, plus the public one when SITE_URL names another. */
export function listeningLine(env: ServerEnv, workers: number): string {
  const local = localSiteUrl(env);
  const processes = `${workers} ${workers === 1 ? 'proceso' : 'procesos'} de servidor`;
  return env.SITE_URL === local ? `Sitio listo en ${local} (${processes})` : `Sitio listo en ${local}, dirección pública ${env.SITE_URL} (${processes})`;
}
