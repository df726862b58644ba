import { describe, expect, it } from 'vitest';
import { fieldErrors, loginErrorMessage, loginSchema, registerErrorMessage, registerFields, registerSchema } from './auth-forms.ts';
import { initials } from '../components/account/avatar.ts';
import { profileName, roleForEmail } from '../server/auth/profile-rules.ts';

const errorsOf = (schema: typeof loginSchema | typeof registerSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('login form', () => {
  it('requires the e-mail and the password', () => {
    expect(errorsOf(loginSchema, { email: '', password: '' })).toEqual({ email: 'El email es requerido', password: 'La contraseña es requerida' });
    expect(errorsOf(loginSchema, { email: '   ', password: 'x' })).toEqual({ email: 'El email es requerido' });
  });

  it('checks a simple address pattern', () => {
    for (const email of ['ana', 'ana@', 'ana@ejemplo', 'a na@ejemplo.es']) {
      expect(errorsOf(loginSchema, { email, password: 'x' })).toEqual({ email: 'Ingresa un email válido' });
    }
    expect(loginSchema.parse({ email: ' ana@ejemplo.es ', password: 'x' })).toEqual({ email: 'ana@ejemplo.es', password: 'x' });
  });
});

describe('register form', () => {
  const valid = { name: 'Ana', email: 'ana@ejemplo.es', password: 'secreto', confirmPassword: 'secreto' };

  it('accepts a complete form', () => {
    expect(errorsOf(registerSchema, valid)).toEqual({});
  });

  it('gives every field its Spanish message', () => {
    expect(errorsOf(registerSchema, { name: ' ', email: '', password: '12345', confirmPassword: '12345' })).toEqual({
      name: 'El nombre es requerido',
      email: 'El email es requerido',
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
    expect(errorsOf(registerSchema, { ...valid, email: 'ana@ejemplo' })).toEqual({ email: 'Ingresa un email válido' });
    expect(errorsOf(registerSchema, { ...valid, confirmPassword: 'secretO' })).toEqual({ confirmPassword: 'Las contraseñas no coinciden' });
  });

  it('sends the server the same fields without the confirmation', () => {
    expect(registerFields.parse(valid)).toEqual({ name: 'Ana', email: 'ana@ejemplo.es', password: 'secreto' });
  });
});

describe('auth error texts', () => {
  it('maps login failures', () => {
    expect(loginErrorMessage({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('Email o contraseña incorrectos');
    expect(loginErrorMessage({ status: 403, code: 'EMAIL_NOT_VERIFIED' })).toBe('Por favor, verifica tu email antes de continuar');
    expect(loginErrorMessage({ status: 429 })).toBe('Demasiados intentos. Espera un momento e inténtalo de nuevo');
    expect(loginErrorMessage({ status: 403, code: 'MENSAJE', message: 'Tu cuenta está desactivada.' })).toBe('Tu cuenta está desactivada.');
    expect(loginErrorMessage({ status: 500, code: 'INTERNAL', message: 'boom' })).toBe('Error al iniciar sesión');
    expect(loginErrorMessage(undefined)).toBe('Error inesperado al iniciar sesión. Inténtalo de nuevo.');
  });

  it('maps register failures', () => {
    expect(registerErrorMessage({ status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' })).toBe('Este email ya está registrado. Intenta iniciar sesión.');
    expect(registerErrorMessage({ status: 400, code: 'INVALID_EMAIL' })).toBe('Email inválido');
    expect(registerErrorMessage({ status: 400, code: 'PASSWORD_TOO_SHORT' })).toBe('Contraseña inválida');
    expect(registerErrorMessage({ status: 500 })).toBe('Error durante el registro');
    expect(registerErrorMessage(undefined)).toBe('Error inesperado durante el registro. Inténtalo de nuevo.');
  });
});

describe('profile rules', () => {
  it('makes only the configured address an admin, ignoring case and spaces', () => {
    expect(roleForEmail('Jefa@Ejemplo.es', 'jefa@ejemplo.es ')).toBe('admin');
    expect(roleForEmail('otra@ejemplo.es', 'jefa@ejemplo.es')).toBe('user');
    expect(roleForEmail('jefa@ejemplo.es', undefined)).toBe('user');
  });

  it('takes the name, else the e-mail before @, else Usuario', () => {
    expect(profileName(' Ana García ', 'ana@ejemplo.es')).toBe('Ana García');
    expect(profileName('', 'ana.garcia@ejemplo.es')).toBe('ana.garcia');
    expect(profileName(null, '@ejemplo.es')).toBe('Usuario');
  });

  it('shows at most two initials', () => {
    expect(initials('Ana María García', 'a@b.es')).toBe('AM');
    expect(initials('luis', 'l@b.es')).toBe('L');
    expect(initials('  ', 'zoe@b.es')).toBe('Z');
  });
});
