import { describe, expect, it } from 'vitest';
import { toolFactsBox } from './tool-facts-box.ts';
import { unknownFacts, type ToolFacts } from './tool-facts.ts';

const facts = (known: Partial<ToolFacts>): ToolFacts => ({ ...unknownFacts, ...known });
const rows = (box: ReturnType<typeof toolFactsBox>) => Object.fromEntries(box.rows.map((row) => [row.label, row.value]));

describe('toolFactsBox', () => {
  it('with nothing known, asks the four first questions with «Sin confirmar» and never «Precio sin confirmar»', () => {
    const box = toolFactsBox(unknownFacts, 'unknown');
    expect(rows(box)).toEqual({ 'En español': 'Sin confirmar', Precio: 'Sin confirmar', 'Plan gratuito': 'Sin confirmar', Plataformas: 'Sin confirmar' });
    expect(box.checkedOn).toBeNull();
    expect(box.rows.find((row) => row.key === 'platforms')).not.toHaveProperty('platforms');
  });

  it('says what is known, in Spanish, with the date of the check', () => {
    const box = toolFactsBox(
      facts({
        spanishInterface: 'yes',
        spanishOutput: 'yes',
        spanishVoice: 'no',
        freePlan: 'trial',
        priceFrom: { amount: 20, currency: 'EUR', period: 'month' },
        platforms: ['web', 'ios', 'api'],
        openSource: 'yes',
        license: 'MIT',
        company: 'OpenAI',
        country: 'US',
        launchYear: 2022,
        signupRequired: 'yes',
        checkedAt: '2026-11-25T00:00:00.000Z',
      }),
      'paid',
    );
    expect(rows(box)).toEqual({
      'En español': 'Sí',
      'Voz en español': 'No',
      Precio: 'Desde 20 €/mes',
      'Plan gratuito': 'Prueba gratuita',
      Plataformas: 'Web, iPhone y iPad, API',
      'Código abierto': 'Sí, licencia MIT',
      Empresa: 'OpenAI (Estados Unidos)',
      Lanzamiento: '2022',
      Registro: 'Hace falta crear una cuenta',
    });
    expect(box.rows.find((row) => row.key === 'platforms')?.platforms?.map((platform) => platform.platform)).toEqual(['web', 'ios', 'api']);
    expect(box.checkedOn).toBe('25 de noviembre de 2026');
    expect(box.checkedAt).toBe('2026-11-25T00:00:00.000Z');
  });

  it('falls back to the pricing model for the price, and names a country without a company', () => {
    const box = toolFactsBox(facts({ freePlan: 'yes', country: 'ES', openSource: 'no', signupRequired: 'no' }), 'freemium');
    expect(rows(box)).toMatchObject({
      Precio: 'Freemium',
      'Plan gratuito': 'Sí',
      País: 'España',
      'Código abierto': 'No',
      Registro: 'Se puede usar sin cuenta',
    });
    expect(rows(box)).not.toHaveProperty('Empresa');
  });
});
