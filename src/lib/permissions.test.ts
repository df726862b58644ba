import { describe, expect, it } from 'vitest';
import { can } from './permissions.ts';

describe('permissions', () => {
  it('let users act on their own things and admins on everyone’s; guests on nothing', () => {
    expect(can('user', 'publish:post:own')).toBe(true);
    expect(can('user', 'update:post:any')).toBe(false);
    expect(can('user', 'manage:user:any')).toBe(false);
    expect(can('admin', 'update:post:any')).toBe(true);
    expect(can('admin', 'publish:post:own')).toBe(true);
    expect(can(null, 'save:post:own')).toBe(false);
  });
});
