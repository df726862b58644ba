import { describe, expect, it } from 'vitest';
import { shiftCount } from './nav-counts.ts';

describe('shiftCount', () => {
  it('moves an es-ES count and keeps its format', () => {
    expect(shiftCount('3', -1)).toBe('2');
    expect(shiftCount('1.000', -1)).toBe('999');
    expect(shiftCount('9999', 1)).toBe('10.000');
  });

  it('never goes below zero and leaves what is not a count alone', () => {
    expect(shiftCount('0', -1)).toBe('0');
    expect(shiftCount('', -1)).toBeNull();
    expect(shiftCount('muchas', 1)).toBeNull();
  });
});
