import { describe, expect, it } from 'vitest';
import { pngIco } from './ico.ts';

describe('pngIco', () => {
  it('wraps a PNG in a one-image icon directory', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const ico = Buffer.from(pngIco(png, 48));
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect(ico[6]).toBe(48);
    expect(ico.readUInt32LE(14)).toBe(png.length);
    expect(ico.readUInt32LE(18)).toBe(22);
    expect([...ico.subarray(22)]).toEqual([...png]);
    expect(Buffer.from(pngIco(png, 256))[6]).toBe(0);
  });
});
