import { describe, expect, it } from 'vitest';
import { authorName, breadcrumbTitle, formatLongDate, initials, toolBreadcrumb } from './tool-page.ts';

describe('breadcrumbTitle (cut at 50 characters)', () => {
  it('keeps a title of up to 50 characters', () => {
    expect(breadcrumbTitle('ChatGPT')).toBe('ChatGPT');
    expect(breadcrumbTitle('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('cuts a longer title at 50 characters and adds three dots', () => {
    const title = 'Una herramienta de inteligencia artificial con un nombre larguísimo';
    expect(breadcrumbTitle(title)).toBe(`${title.slice(0, 50).trimEnd()}...`);
    expect(breadcrumbTitle('y'.repeat(51))).toBe(`${'y'.repeat(50)}...`);
  });
});

describe('toolBreadcrumb', () => {
  it('goes through the primary category', () => {
    const tool = {
      title: 'ChatGPT',
      slug: 'chatgpt',
      categories: [
        { slug: 'asistentes-chat', name: 'Asistentes de chat' },
        { slug: 'productividad', name: 'Productividad' },
      ],
    };
    expect(toolBreadcrumb(tool)).toEqual([
      { name: 'Inicio', path: '/' },
      { name: 'Asistentes de chat', path: '/categoria/asistentes-chat' },
      { name: 'ChatGPT', path: '/chatgpt' },
    ]);
  });

  it('goes through the all-tools page when the tool has no category', () => {
    expect(toolBreadcrumb({ title: 'Suelta', slug: 'suelta', categories: [] })[1]).toEqual({ name: 'Todas las herramientas', path: '/categorias' });
  });
});

describe('authorName', () => {
  it('prefers the profile name, then the author field, then the editorial team', () => {
    expect(authorName({ authorName: 'Lucía Pérez', author: 'Otra' }, 'Brújula IA')).toBe('Lucía Pérez');
    expect(authorName({ authorName: null, author: ' Equipo Norte ' }, 'Brújula IA')).toBe('Equipo Norte');
    expect(authorName({ authorName: '  ', author: '' }, 'Brújula IA')).toBe('Redacción de Brújula IA');
  });
});

describe('initials', () => {
  it('takes at most two letters', () => {
    expect(initials('lucía pérez gómez')).toBe('LP');
    expect(initials('Ñandú')).toBe('Ñ');
  });
});

describe('formatLongDate', () => {
  it('writes the date in Spanish, in Madrid time', () => {
    expect(formatLongDate(new Date('2026-11-21T23:30:00Z'))).toBe('22 de noviembre de 2026');
  });
});
