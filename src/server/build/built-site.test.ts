import { describe, expect, it } from 'vitest';
import type { BuildInfo } from './builds.ts';
import { builtSite } from './incremental-build.ts';

describe('builtSite', () => {
  const info = { id: '20261128090000000' } as BuildInfo;

  it('lets the next change skip the minute after an incremental rebuild, or after a build that found nothing to do', () => {
    expect(builtSite({ skipped: false, info: { ...info, incremental: true } })).toEqual({ id: info.id, quick: true });
    // A retry of a build cut short by a restart, with nothing changed since: it held the next approval a minute.
    expect(builtSite({ skipped: true, info })).toEqual({ id: info.id, quick: true });
  });

  it('holds it after a full build', () => {
    expect(builtSite({ skipped: false, info })).toEqual({ id: info.id, quick: false });
  });
});
