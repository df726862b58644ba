import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeFolder } from './remove-folder.ts';

let scratch: string | undefined;
afterEach(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

describe('removing a folder off the serving thread', () => {
  it('removes the folder with everything in it, and leaves its neighbours', async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'remove-folder-'));
    const old = path.join(scratch, '20261128010101000');
    await mkdir(path.join(old, 'client', 'categoria'), { recursive: true });
    await writeFile(path.join(old, 'client', 'categoria', 'imagen.html'), '<p>imagen</p>');
    await writeFile(path.join(scratch, 'keep.txt'), 'sigue');
    await removeFolder(old);
    expect(await readdir(scratch)).toEqual(['keep.txt']);
  });

  it('takes a folder that is already gone as done', async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'remove-folder-'));
    await expect(removeFolder(path.join(scratch, 'no-existe'))).resolves.toBeUndefined();
  });
});
