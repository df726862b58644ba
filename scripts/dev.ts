/** npm run dev: database ready (embedded unless DATABASE_URL), then Astro's dev server against it. */
import { spawn } from 'node:child_process';
import { readEnv } from '../src/server/env.ts';
import { root, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

await runCli(async () => {
  const env = readEnv();
  const database = await prepareDatabase(env, { seedWhenEmpty: true, siteLock: true, supervise: true });
  const child = spawn(process.execPath, [`${root}/node_modules/astro/bin/astro.mjs`, 'dev', '--port', String(env.PORT), '--host', env.HOST], {
    stdio: 'inherit',
    // The same SITE_URL the server derives, so Astro's own URLs and the auth origins agree.
    env: { ...process.env, DATABASE_URL: database.url, SITE_URL: env.SITE_URL },
  });
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 0)));
  await database.close();
  process.exit(code);
});
