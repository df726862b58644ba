import { describe, expect, it } from 'vitest';
import { unknownFacts } from '../../lib/tool-facts.ts';
import { factRows, mergeFacts } from './draft-view.ts';
import { clip, DRAFT_LIMITS, draftUserText, factsFromModel, parseDraftAnswer, pricingLink } from './prompt.ts';

const subject = { title: 'Escriba Veloz', url: 'https://escriba.example/', description: 'Textos con IA.', category: 'Escritura' };

describe('draftUserText', () => {
  it('names the tool and quotes its pages between markers, cut to their limits', () => {
    const text = draftUserText(
      subject,
      { url: 'https://escriba.example/', text: 'palabra '.repeat(5_000) },
      { url: 'https://escriba.example/precios', text: 'Pro 12 €' },
    );
    expect(text).toContain('Herramienta: Escriba Veloz');
    expect(text).toContain('Categoría: Escritura');
    expect(text).toContain('Texto de su página https://escriba.example/precios:\n<<<\nPro 12 €\n>>>');
    const home = text.slice(text.indexOf('<<<') + 4, text.indexOf('>>>') - 1);
    expect(home.length).toBeLessThanOrEqual(DRAFT_LIMITS.homepageChars + 1);
    expect(home.endsWith('palabra…')).toBe(true);
  });

  it('leaves the second page out when there is none and says when there is no category', () => {
    const text = draftUserText({ ...subject, category: null }, { url: 'https://escriba.example/', text: 'Hola' }, null);
    expect(text).toContain('Categoría: sin categoría');
    expect(text.match(/<<</g)).toHaveLength(1);
  });
});

describe('clip', () => {
  it('cuts at a space near the limit, never in the middle of a word', () => {
    expect(clip('uno dos tres cuatro', 10)).toBe('uno dos…');
    expect(clip('supercalifragilístico', 5)).toBe('super…');
    expect(clip('corto', 12)).toBe('corto');
  });
});

describe('parseDraftAnswer', () => {
  const article = '<h2>¿Qué es X?</h2><p>Texto.</p>';

  it('reads the JSON object, also inside a code fence or after a sentence', () => {
    const json = JSON.stringify({ article, facts: { spanishInterface: 'yes', platforms: ['api', 'web'] } });
    for (const answer of [json, `\`\`\`json\n${json}\n\`\`\``, `Aquí tienes el borrador:\n${json}`]) {
      const parsed = parseDraftAnswer(answer);
      expect(parsed).toMatchObject({ ok: true, articleHtml: article });
      if (parsed.ok) {
        expect(parsed.facts.spanishInterface).toBe('yes');
        expect(parsed.facts.platforms).toEqual(['web', 'api']);
        expect(parsed.facts.freePlan).toBe('unknown');
      }
    }
  });

  it('refuses an answer with no JSON, broken JSON, no article or more text than the limit', () => {
    expect(parseDraftAnswer('Lo siento, no puedo.')).toMatchObject({ ok: false });
    expect(parseDraftAnswer('{"article": "<p>a</p>", ')).toMatchObject({ ok: false });
    expect(parseDraftAnswer('{"facts": {}}')).toMatchObject({ ok: false, reason: 'al JSON le falta el artículo' });
    expect(parseDraftAnswer(JSON.stringify({ article: 'a'.repeat(DRAFT_LIMITS.answerChars) }))).toMatchObject({ ok: false });
  });
});

describe('factsFromModel', () => {
  it('keeps the valid facts and turns each invalid one into unknown instead of losing the draft', () => {
    const facts = factsFromModel({
      spanishOutput: 'yes',
      freePlan: 'maybe',
      priceFrom: { amount: 12, currency: 'EUR', period: 'month' },
      platforms: ['web', 'smartwatch'],
      country: 'España',
      launchYear: 1800,
      company: 'Escriba SL',
    });
    expect(facts).toMatchObject({
      spanishOutput: 'yes',
      freePlan: 'unknown',
      priceFrom: { amount: 12, currency: 'EUR', period: 'month' },
      platforms: [],
      country: null,
      launchYear: null,
      company: 'Escriba SL',
    });
    expect(factsFromModel('nada')).toMatchObject({ spanishInterface: 'unknown', priceFrom: null, platforms: [] });
  });
});

describe('mergeFacts and factRows', () => {
  it('keeps a checked fact where the draft says unknown, and shows both sides in Spanish', () => {
    const current = { ...unknownFacts, freePlan: 'yes' as const, company: 'Antigua SL' };
    const proposed = factsFromModel({ spanishInterface: 'yes', company: 'Nueva SL' });
    const merged = mergeFacts(current, proposed);
    expect(merged).toMatchObject({ freePlan: 'yes', spanishInterface: 'yes', company: 'Nueva SL' });
    const rows = factRows(current, merged);
    expect(rows.find((row) => row.label === 'Interfaz en español')).toEqual({
      label: 'Interfaz en español',
      current: 'Sin confirmar',
      proposed: 'Sí',
      changed: true,
    });
    expect(rows.find((row) => row.label === 'Plan gratuito')).toMatchObject({ proposed: 'Plan gratuito', changed: false });
  });
});

describe('pricingLink', () => {
  it('finds a same-site pricing page and ignores other sites and other pages', () => {
    const page = 'https://escriba.example/inicio';
    expect(pricingLink('<a href="/blog">Blog</a><a class="x" href="/precios">Precios</a>', page)).toBe('https://escriba.example/precios');
    expect(pricingLink('<a href="https://otra.example/pricing">Precios</a>', page)).toBeNull();
    expect(pricingLink('<a href="/pricing#pro">Precios</a>', page)).toBe('https://escriba.example/pricing');
    expect(pricingLink('<a href="javascript:alert(1)//pricing">x</a>', page)).toBeNull();
  });
});
