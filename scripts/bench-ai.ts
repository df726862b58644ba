/**
 * npm run bench:ai: the story and image endpoints' own cost over the provider's, against the fake providers:
 * median time to first byte and total time, direct vs through POST /api/ai/stories, the same for one image
 * through POST /api/ai/images (one at a time and ten at once), and resident memory per concurrent generation. Starts the fakes and a one-process site (scratch data and builds folders).
 * BENCH_AI_SITE=http://… BENCH_AI_PID=… BENCH_AI_PROVIDER=http://…/openai (and BENCH_AI_IMAGE_PROVIDER=http://…/prompt
 * when it is not beside it) measure an already running pair.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fakeAiEnv, startFakeAi } from '../tests/fixtures/ai/serve.ts';
import { measureImageGeneration } from './bench/ai-images.ts';
import { measureStoryStreaming } from './bench/ai-stories.ts';
import { log, root, runCli } from './_cli.ts';

const port = Number(process.env.BENCH_PORT ?? 4426);
const scratch = { data: 'data/bench-ai', builds: 'builds/bench-ai' };

async function waitForSite(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      if (Date.now() > deadline) throw new Error(`El sitio no respondió en ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

await runCli(async () => {
  let siteUrl = process.env.BENCH_AI_SITE;
  let pid = Number(process.env.BENCH_AI_PID);
  let providerTextUrl = process.env.BENCH_AI_PROVIDER;
  let providerImageUrl = process.env.BENCH_AI_IMAGE_PROVIDER ?? providerTextUrl?.replace(/\/openai$/, '/prompt');
  const stops: (() => Promise<void>)[] = [];
  if (!siteUrl || !pid || !providerTextUrl) {
    const fakes = await startFakeAi(0);
    stops.push(() => fakes.close());
    providerTextUrl = `${fakes.pollinations.url}/openai`;
    providerImageUrl = `${fakes.pollinations.url}/prompt`;
    siteUrl = `http://127.0.0.1:${port}`;
    log('Arrancando el sitio contra los proveedores falsos (construye si hace falta)…');
    const child = spawn(process.execPath, [`${root}/scripts/start.ts`], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        // No background link checks against the seeded tools' real sites.
        CATALOGUE_ENRICH: 'false',
        ...fakeAiEnv(0),
        POLLINATIONS_IMAGE_URL: providerImageUrl,
        AI_IMAGE_PROVIDER: 'pollinations',
        POLLINATIONS_TEXT_URL: providerTextUrl,
        AI_STORY_PROVIDER: 'pollinations',
        POLLINATIONS_API_KEY: '',
        AI_RATE_LIMIT_IP: '100000',
        AI_RATE_LIMIT_VISITOR: '100000',
        DATABASE_URL: '',
        DATA_DIR: scratch.data,
        BUILDS_DIR: scratch.builds,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: siteUrl,
        // One process, so its resident memory is the whole server's.
        WEB_CONCURRENCY: '1',
      },
    });
    stops.push(async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await Promise.all([rm(scratch.data, { recursive: true, force: true }), rm(scratch.builds, { recursive: true, force: true })]);
    });
    pid = child.pid!;
    await waitForSite(`${siteUrl}/`, 600_000);
  }
  try {
    const result = await measureStoryStreaming({ siteUrl, providerTextUrl, serverPid: pid });
    const row = (label: string, provider: number, endpoint: number) =>
      `| ${label} | ${provider.toFixed(1)} ms | ${endpoint.toFixed(1)} ms | ${(endpoint - provider).toFixed(1)} ms |`;
    console.log(
      [
        `\nHistoria corta en streaming, ${result.runs} ejecuciones (mediana), trozos cada ${result.chunkDelayMs} ms:\n`,
        '| medida | proveedor directo | POST /api/ai/stories | añadido |',
        '|---|---|---|---|',
        row('primer byte', result.provider.firstByteMs, result.endpoint.firstByteMs),
        row('total', result.provider.totalMs, result.endpoint.totalMs),
        `\n${result.concurrent} historias a la vez: RSS del servidor ${result.baselineRssMib.toFixed(0)} MiB → pico ${result.peakRssMib.toFixed(0)} MiB, ` +
          `unos ${result.perGenerationKib.toFixed(0)} KiB por generación; ${result.concurrentFailures} fallidas.`,
      ].join('\n'),
    );
    const images = await measureImageGeneration({ siteUrl, providerImageUrl: providerImageUrl!, serverPid: pid });
    console.log(
      [
        `\nUna imagen de 1024×1024 (mediana; el endpoint además la recodifica, la guarda y la anota):\n`,
        '| medida | proveedor directo | POST /api/ai/images | añadido |',
        '|---|---|---|---|',
        row(`una a una (${images.runs})`, images.sequential.providerMs, images.sequential.endpointMs),
        row(`${images.concurrent} a la vez (×3)`, images.parallel.providerMs, images.parallel.endpointMs),
        `\n${images.concurrent} imágenes a la vez: p90 ${images.parallel.endpointP90Ms.toFixed(0)} ms; RSS del servidor ${images.baselineRssMib.toFixed(0)} MiB → pico ` +
          `${images.peakRssMib.toFixed(0)} MiB, unos ${images.perGenerationMib.toFixed(1)} MiB por generación; ${images.failures} fallidas.`,
      ].join('\n'),
    );
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
});
