import { describe, expect, it } from 'vitest';
import { readFactFilterParam, splitFilterParam, withFactFilterParam } from './fact-filter-param.ts';
import { factFilters } from './tool-facts.ts';

describe('?filtro= in an address', () => {
  it('splits on commas, trims and drops empties and repeats', () => {
    expect(splitFilterParam(null)).toEqual([]);
    expect(splitFilterParam('')).toEqual([]);
    expect(splitFilterParam(' gratis ,, en-espanol,gratis')).toEqual(['gratis', 'en-espanol']);
  });

  it('keeps the known filters in the order the page offers them and ignores the rest', () => {
    expect(readFactFilterParam('con-api,gratis', factFilters)).toEqual(['gratis', 'con-api']);
    expect(readFactFilterParam('barato,codigo-abierto,GRATIS', factFilters)).toEqual(['codigo-abierto']);
    expect(readFactFilterParam(null, factFilters)).toEqual([]);
  });

  it('writes the filters with readable commas and keeps the other parameters', () => {
    expect(withFactFilterParam('?q=chat', ['gratis', 'en-espanol'])).toBe('?q=chat&filtro=gratis,en-espanol');
    expect(withFactFilterParam('?filtro=gratis&q=chat', [])).toBe('?q=chat');
    expect(withFactFilterParam('', [])).toBe('');
    expect(withFactFilterParam('?q=a%2Cb', ['gratis'])).toBe('?q=a,b&filtro=gratis');
  });

  it('reads back what it writes', () => {
    const search = withFactFilterParam('', ['en-espanol', 'codigo-abierto']);
    expect(readFactFilterParam(new URLSearchParams(search).get('filtro'), factFilters)).toEqual(['en-espanol', 'codigo-abierto']);
  });
});
