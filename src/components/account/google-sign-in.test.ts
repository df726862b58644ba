import { describe, expect, it } from 'vitest';
import { googleDestinations, googleErrorMessage, googleReturnError } from './google-sign-in.ts';

const DISABLED = 'Tu cuenta está desactivada.';

describe('Google sign-in', () => {
  it('lands the pages on /dashboard and the dialog on the home page, and sends failures to the page that started', () => {
    expect(googleDestinations('login', 'https://brujula.es')).toEqual({ callbackURL: 'https://brujula.es/dashboard', errorCallbackURL: '/login?google=1' });
    expect(googleDestinations('register', 'https://brujula.es')).toEqual({
      callbackURL: 'https://brujula.es/dashboard',
      errorCallbackURL: '/register?google=1',
    });
    expect(googleDestinations('dialog', 'https://brujula.es')).toEqual({ callbackURL: 'https://brujula.es/', errorCallbackURL: '/login?google=1' });
  });

  it('uses the error texts of each place', () => {
    expect(googleErrorMessage('login', true)).toBe('Error al iniciar sesión con Google');
    expect(googleErrorMessage('login', false)).toBe('Error inesperado al iniciar sesión con Google');
    expect(googleErrorMessage('register', true)).toBe('Error al registrarse con Google');
    expect(googleErrorMessage('register', false)).toBe('Error inesperado al registrarse con Google');
    expect(googleErrorMessage('dialog', false)).toBe('Error inesperado al iniciar sesión con Google');
  });

  it('repeats only known account messages from the address, never text someone put in a link', () => {
    const back = (query: string) => googleReturnError('login', new URLSearchParams(query), [DISABLED]);
    expect(back('')).toBeNull();
    expect(back('error=x')).toBeNull();
    expect(back('google=1&error=access_denied')).toBe('Error al iniciar sesión con Google');
    expect(back(`google=1&error=MENSAJE&error_description=${encodeURIComponent(DISABLED)}`)).toBe(DISABLED);
    expect(back('google=1&error=MENSAJE&error_description=Llama+al+900+000+000')).toBe('Error al iniciar sesión con Google');
    expect(googleReturnError('register', new URLSearchParams('google=1&error=x'), [])).toBe('Error al registrarse con Google');
  });
});
