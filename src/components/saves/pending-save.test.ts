import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPendingSave, hasPendingSave, PENDING_SAVE_MAX_AGE_MS, rememberPendingSave, takePendingSave } from './pending-save.ts';

const TOOL = '11111111-1111-4111-8111-111111111111';

beforeEach(() => {
  const values = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
    removeItem: (key: string) => values.delete(key),
  });
});

describe('finishing a guest’s save after sign-in', () => {
  it('remembers the tool once, for an hour', () => {
    rememberPendingSave(TOOL, 1_000);
    expect(hasPendingSave()).toBe(true);
    expect(takePendingSave(1_000 + PENDING_SAVE_MAX_AGE_MS)).toBe(TOOL);
    expect(hasPendingSave()).toBe(false);
    expect(takePendingSave(2_000)).toBeNull();
  });

  it('drops a save that waited too long, one from the future and one that was forgotten', () => {
    rememberPendingSave(TOOL, 1_000);
    expect(takePendingSave(1_001 + PENDING_SAVE_MAX_AGE_MS)).toBeNull();
    rememberPendingSave(TOOL, 5_000);
    expect(takePendingSave(4_000)).toBeNull();
    rememberPendingSave(TOOL, 1_000);
    forgetPendingSave();
    expect(takePendingSave(1_000)).toBeNull();
  });

  it('ignores what is not its own record', () => {
    localStorage.setItem('guardar_al_entrar', '{roto');
    expect(takePendingSave()).toBeNull();
    localStorage.setItem('guardar_al_entrar', JSON.stringify({ toolId: 7, at: 1 }));
    expect(takePendingSave(2)).toBeNull();
  });
});
