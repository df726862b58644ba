import { describe, expect, it } from 'vitest';
import { rowMismatch } from './row-shape.ts';

describe('rowMismatch', () => {
  const row = [
    { name: 'id', optional: false },
    { name: 'slug', optional: false },
    { name: 'note', optional: true },
  ];

  it('accepts the same names in any order, and an optional property the query leaves out', () => {
    expect(rowMismatch(row, ['slug', 'id'])).toBeUndefined();
  });

  it('names what the type declares and the query does not return, and the reverse', () => {
    expect(rowMismatch(row, ['id', 'title'])).toBe(
      'el tipo de la fila declara slug, que la consulta no devuelve; la consulta devuelve title, que el tipo de la fila no declara',
    );
  });
});
