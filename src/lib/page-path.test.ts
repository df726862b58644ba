import { describe, expect, it } from 'vitest';
import { publicPagePath } from './page-path.ts';

describe('publicPagePath', () => {
  it('drops the output file name of a prerendered page and the prefix of its internal twin', () => {
    expect(publicPagePath('/chatgpt.html')).toBe('/chatgpt');
    expect(publicPagePath('/index.html')).toBe('/');
    expect(publicPagePath('/categoria/imagen/pagina/2')).toBe('/categoria/imagen/pagina/2');
    expect(publicPagePath('/reconstruccion-interna')).toBe('/');
    expect(publicPagePath('/reconstruccion-interna/categoria/imagen')).toBe('/categoria/imagen');
    expect(publicPagePath('/reconstruccion-internas')).toBe('/reconstruccion-internas');
  });
});
