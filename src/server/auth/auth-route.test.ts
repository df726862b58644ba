import { describe, expect, it } from 'vitest';
import { spanishAuthError, spanishAuthSuccess } from './auth-route.ts';

const jsonAnswer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('better-auth answers in Spanish', () => {
  it('words the success sentences better-auth writes in English, keeping the rest of the answer and its cookies', async () => {
    const deleted = await spanishAuthSuccess(jsonAnswer({ success: true, message: 'User deleted' }, 200, { 'set-cookie': 'sesion=; Max-Age=0' }));
    expect(await deleted.json()).toEqual({ success: true, message: 'Tu cuenta se ha eliminado.' });
    expect(deleted.headers.get('set-cookie')).toBe('sesion=; Max-Age=0');
    const reset = await spanishAuthSuccess(jsonAnswer({ status: true, message: 'If this email exists in our system, check your email for the reset link' }));
    expect(await reset.json()).toEqual({
      status: true,
      message: 'Si hay una cuenta con ese email, te hemos enviado un enlace para restablecer la contraseña.',
    });
    expect(await (await spanishAuthSuccess(jsonAnswer({ success: true, message: 'Verification email sent' }))).json()).toMatchObject({
      message: 'Te hemos enviado un email para confirmar.',
    });
  });

  it('drops an English sentence it does not know, and leaves answers without one untouched', async () => {
    expect(await (await spanishAuthSuccess(jsonAnswer({ status: true, message: 'Something new happened' }))).json()).toEqual({ status: true });
    const session = jsonAnswer({ user: { name: 'Ana' } });
    expect(await spanishAuthSuccess(session)).toBe(session);
  });

  it('words an unknown error code by its status, never with its English message', async () => {
    const answer = await spanishAuthError(jsonAnswer({ code: 'SOMETHING_NEW', message: 'Something failed' }, 400));
    const body = (await answer.json()) as { error: string; message: string };
    expect(body.error).toBe('Revisa los datos enviados: alguno no es válido.');
    expect(body.message).toBe(body.error);
  });
});
