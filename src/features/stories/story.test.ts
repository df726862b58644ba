import { describe, expect, it } from 'vitest';
import { readStoryStream, storyFileName, storyTitle, storyTrailer } from './story.ts';

describe('story stream', () => {
  it('keeps the text until the trailer arrives, then parses it', () => {
    expect(readStoryStream('Había una vez')).toEqual({ text: 'Había una vez', trailer: null });
    const whole = `Había una vez${storyTrailer({ ok: false, error: 'Error en el servicio de IA' })}`;
    expect(readStoryStream(whole)).toEqual({ text: 'Había una vez', trailer: { ok: false, error: 'Error en el servicio de IA' } });
    expect(readStoryStream(whole.slice(0, -3)).trailer).toBeNull();
  });
});

describe('storyTitle', () => {
  it('takes the first line the model wrote as the title, without Markdown or a label', () => {
    expect(storyTitle('# El faro\n\nHabía una vez…', 'un faro')).toBe('El faro');
    expect(storyTitle('Título: «La nube perdida»\n\nTexto', 'nube')).toBe('La nube perdida');
    expect(storyTitle('\n**Dragones de papel**\nTexto', 'x')).toBe('Dragones de papel');
  });

  it('falls back to the idea when the first line is not a title', () => {
    expect(storyTitle('Una sola línea sin más', 'un gato astronauta')).toBe('un gato astronauta');
    const long = 'x'.repeat(150);
    expect(storyTitle(`${long}\n\ntexto`, 'la idea')).toBe('la idea');
    const idea = 'una niña que encuentra un mapa escondido en la biblioteca de su abuelo y decide seguirlo';
    const title = storyTitle('', idea);
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title.endsWith('…')).toBe(true);
    expect(storyTitle('', '   ')).toBe('Historia sin título');
  });
});

describe('storyFileName', () => {
  it('folds accents and keeps letters and digits', () => {
    expect(storyFileName('¡El Dragón de Añil!')).toBe('el-dragon-de-anil.txt');
    expect(storyFileName('¿?')).toBe('historia.txt');
  });
});
