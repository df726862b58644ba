/**
 * npm run dev:fake-ai: the fake AI providers (tests/fixtures/ai) on FAKE_AI_PORT..+2, then `npm run dev`
 * with every provider URL pointed at them, so the AI utilities work offline and failures can be tried
 * with the magic words of tests/fixtures/ai/magic.ts.
 */
import { spawn } from 'node:child_process';
import { DEFAULT_FAKE_AI_PORT, fakeAiEnv, startFakeAi } from '../tests/fixtures/ai/serve.ts';
import { log, root, runCli } from './_cli.ts';

await runCli(async () => {
  const port = Number(process.env.FAKE_AI_PORT ?? DEFAULT_FAKE_AI_PORT);
  const fakes = await startFakeAi(port);
  log(`Proveedores de IA falsos en ${fakes.pollinations.url}, ${fakes.openai.url} y ${fakes.gemini.url}.`);
  const child = spawn(process.execPath, [`${root}/scripts/dev.ts`], { stdio: 'inherit', env: { ...process.env, ...fakeAiEnv(port) } });
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 0)));
  await fakes.close();
  process.exit(code);
});
