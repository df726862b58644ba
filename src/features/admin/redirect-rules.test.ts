import { describe, expect, it } from 'vitest';
import { fromPathProblem, goneInput, localPathOf, redirectInput, targetProblem } from './redirect-rules.ts';

describe('redirect rules', () => {
  it('accept a path on the site, and refuse the home, reserved addresses and malformed paths', () => {
    expect(fromPathProblem('/herramienta-antigua')).toBeNull();
    expect(fromPathProblem('/categoria/vieja/')).toBeNull();
    for (const path of [
      '/',
      'sin-barra',
      '//otro.example',
      '/admin',
      '/admin/usuarios',
      '/api/tools',
      '/_astro/x.js',
      '/login',
      '/con espacio',
      '/a?b=1',
      '/a#b',
    ]) {
      expect(fromPathProblem(path), path).not.toBeNull();
    }
    expect(fromPathProblem('/administracion')).toBeNull();
  });

  it('accept a path or an http(s) URL as target', () => {
    expect(targetProblem('/nueva')).toBeNull();
    expect(targetProblem('https://ejemplo.es/x')).toBeNull();
    for (const target of ['javascript:alert(1)', '//ejemplo.es', 'ftp://ejemplo.es', 'no es una url']) expect(targetProblem(target), target).not.toBeNull();
  });

  it('see an absolute URL on the own site as its path', () => {
    const origins = ['https://www.brujula.es'];
    expect(localPathOf('https://www.brujula.es/chatgpt/', origins)).toBe('/chatgpt');
    expect(localPathOf('/chatgpt?x=1', origins)).toBe('/chatgpt');
    expect(localPathOf('https://otro.es/chatgpt', origins)).toBeNull();
  });

  it('parse the form: 410 needs no target, anything else does', () => {
    expect(redirectInput.parse({ fromPath: '/vieja/', toPath: '', statusCode: '410' })).toEqual({ fromPath: '/vieja', toPath: null, statusCode: 410 });
    expect(redirectInput.parse({ fromPath: '/vieja', toPath: '/nueva', statusCode: 301 })).toEqual({ fromPath: '/vieja', toPath: '/nueva', statusCode: 301 });
    const missing = redirectInput.safeParse({ fromPath: '/vieja', toPath: '', statusCode: 301 });
    expect(missing.success).toBe(false);
    expect(redirectInput.safeParse({ fromPath: '/vieja', toPath: '/x', statusCode: 303 }).success).toBe(false);
    expect(goneInput.safeParse({ gone: 'redirect', to: '' }).success).toBe(false);
    expect(goneInput.parse({})).toEqual({ gone: '410', to: '' });
  });
});
