import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path.ts';

describe('return path after signing in', () => {
  it('accepts a path on this site and nothing that could leave it', () => {
    expect(safeReturnPath('/dashboard/saved?pagina=2')).toBe('/dashboard/saved?pagina=2');
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example', 'dashboard', '/a\nb', '', null, `/${'x'.repeat(600)}`]) {
      expect(safeReturnPath(value)).toBeNull();
    }
    expect(loginPathFor('/admin/usuarios?q=ana')).toBe('/login?next=%2Fadmin%2Fusuarios%3Fq%3Dana');
  });
});
