/**
 * npm run catalogue:report: how much of the published catalogue has a real article and how much is thin (noindex,
 * out of the sitemap and feed), the share of known pricing and Spanish support, the checked facts, and the article lengths behind the thin threshold.
 */
import { MIN_ARTICLE_TEXT } from '../src/lib/thin-article.ts';
import { readCatalogueReport, type LengthDistribution } from '../src/server/catalogue/report.ts';
import { readEnv } from '../src/server/env.ts';
import { log, runCli } from './_cli.ts';
import { prepareDatabase } from './_database.ts';

const number = new Intl.NumberFormat('es-ES');
const share = (part: number, whole: number) =>
  whole === 0 ? '0 %' : `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }).format((part / whole) * 100)} %`;
const lengths = (label: string, d: LengthDistribution) =>
  d.count === 0
    ? `${label}: ninguno`
    : `${label} (${number.format(d.count)}): mín. ${d.min}, p10 ${d.p10}, p25 ${d.p25}, mediana ${d.median}, p75 ${d.p75}, p90 ${d.p90}, máx. ${d.max}`;

await runCli(async () => {
  const database = await prepareDatabase(readEnv(), { seedWhenEmpty: false });
  try {
    const report = await readCatalogueReport(database.pool);
    log(`Herramientas publicadas: ${number.format(report.published)}`);
    log(`Con artículo propio (indexables): ${number.format(report.written)} (${share(report.written, report.published)})`);
    log(
      `Fichas por completar (noindex): ${number.format(report.thin)} (${share(report.thin, report.published)}): ` +
        `${number.format(report.thinTemplate)} con el artículo de plantilla, ${number.format(report.thinShort)} con menos de ${number.format(MIN_ARTICLE_TEXT)} caracteres`,
    );
    log(`Precio conocido: ${number.format(report.knownPricing)} (${share(report.knownPricing, report.published)})`);
    log(
      `Español conocido: ${number.format(report.knownSpanish)} (${share(report.knownSpanish, report.published)}); ` +
        `funcionan en español: ${number.format(report.inSpanish)}`,
    );
    log(
      `Datos comprobados: ${number.format(report.factsChecked)} herramientas; ` +
        `con artículo propio y datos comprobados: ${number.format(report.writtenWithFacts)}`,
    );
    log('Longitud del texto de los artículos, en caracteres:');
    log(`  ${lengths('plantillas', report.templateLengths)}`);
    log(`  ${lengths('escritos', report.otherLengths)}`);
  } finally {
    await database.close();
  }
});
