/** The React primitives rendered to markup: their roles, names and the links between a control and its messages. */
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, IconButton } from './Button.tsx';
import { Checkbox } from './Checkbox.tsx';
import { EmptyState } from './EmptyState.tsx';
import { Input, Select, Textarea } from './Input.tsx';
import { Table, Th } from './Table.tsx';
import { TabPanel, Tabs } from './Tabs.tsx';

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe('Button and IconButton', () => {
  it('are plain buttons unless told to submit', () => {
    expect(html(h(Button, null, 'Guardar'))).toContain('type="button"');
    expect(html(h(Button, { type: 'submit', variant: 'primary' }, 'Guardar'))).toContain('type="submit"');
  });
  it('name an icon-only button with its label', () => {
    expect(html(h(IconButton, { label: 'Cerrar' }, h('svg')))).toMatch(/<button type="button" aria-label="Cerrar"/);
  });
});

describe('fields', () => {
  it('tie the label to the input and, with an error, mark it invalid and describe it by the error', () => {
    const markup = html(h(Input, { id: 'nombre', label: 'Nombre', error: 'Escribe tu nombre.', hint: 'Como quieres que te vean.' }));
    expect(markup).toContain('<label for="nombre"');
    expect(markup).toContain('id="nombre"');
    expect(markup).toContain('aria-invalid="true"');
    expect(markup).toContain('aria-describedby="nombre-hint nombre-error"');
    expect(markup).toContain('<p id="nombre-error" class="mt-1 text-sm font-medium text-red-700">Escribe tu nombre.</p>');
    expect(markup).toContain('border-red-600');
  });
  it('leave a valid field unmarked', () => {
    const markup = html(h(Textarea, { id: 'bio', label: 'Biografía' }));
    expect(markup).not.toContain('aria-invalid');
    expect(markup).not.toContain('aria-describedby');
  });
  it('wire selects and checkboxes the same way', () => {
    const select = html(h(Select, { id: 'orden', label: 'Orden', error: 'Elige un orden.' }, h('option', { value: 'a' }, 'A')));
    expect(select).toContain('aria-describedby="orden-error"');
    const box = html(h(Checkbox, { id: 'acepto', label: 'Acepto', error: 'Hace falta aceptar.' }));
    expect(box).toContain('<label for="acepto"');
    expect(box).toContain('type="checkbox"');
    expect(box).toContain('aria-describedby="acepto-error"');
  });
});

describe('Table', () => {
  it('names itself with a caption and heads its columns with scope', () => {
    const markup = html(h(Table, { caption: 'Herramientas', head: h(Th, null, 'Nombre'), children: h('tr', null, h('td', null, 'Uno')) }));
    expect(markup).toContain('<caption class="sr-only">Herramientas</caption>');
    expect(markup).toContain('<th scope="col"');
  });
});

describe('Tabs', () => {
  it('put only the chosen tab in the tab order and label the panel with it', () => {
    const tabs = [
      { value: 'todas', label: 'Todas' },
      { value: 'guardadas', label: 'Guardadas' },
    ] as const;
    const markup = html(h(Tabs<'todas' | 'guardadas'>, { label: 'Tus imágenes', idBase: 'img', tabs, value: 'guardadas', onChange: () => {} }));
    expect(markup).toContain('role="tablist" aria-label="Tus imágenes"');
    expect(markup).toMatch(/id="img-tab-todas" type="button" role="tab" aria-selected="false" tabindex="-1"/);
    expect(markup).toMatch(/id="img-tab-guardadas" type="button" role="tab" aria-selected="true" aria-controls="img-panel" tabindex="0"/);
    expect(html(h(TabPanel, { idBase: 'img', value: 'guardadas' }))).toBe('<div id="img-panel" role="tabpanel" aria-labelledby="img-tab-guardadas"></div>');
  });
});

describe('EmptyState', () => {
  it('shows its title, sentence and action', () => {
    const markup = html(
      h(EmptyState, { title: 'Aún no hay nada', action: h('a', { href: '/publicar' }, 'Publicar'), children: 'Cuando guardes algo, saldrá aquí.' }),
    );
    expect(markup).toContain('<h2 class="text-lg font-semibold text-slate-900">Aún no hay nada</h2>');
    expect(markup).toContain('<a href="/publicar">Publicar</a>');
  });
});
