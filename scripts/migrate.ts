/** npm run db:migrate: applies pending SQL migrations from supabase/migrations. */
import { readEnv } from '../src/server/env.ts';
import { log, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

await runCli(async () => {
  const database = await prepareDatabase(readEnv(), { seedWhenEmpty: false });
  await database.close();
  log('Migraciones al día.');
});
