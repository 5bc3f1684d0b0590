import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hex, sha256Hex, sha256Uuid } from '../../../src/text/digest.ts';

const nodeHex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('hex', () => {
  it.each([0, 1, 16, 20, 32, 4096, 4097, 10_000])('spells %i bytes as Node does', (length) => {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + (i >> 8)) & 255);
    expect(hex(bytes)).toBe(Buffer.from(bytes).toString('hex'));
  });
});

describe('sha256Uuid', () => {
  it.each(['', 'seed:runtime:auditEvent:1', 'a3ZbX0qP9rLm2NcT7wYu', 'x'.repeat(56), 'Ünïcödé text, longer than one block of the short hash: '.repeat(3)])(
    'is the first 32 hex digits of the SHA-256 of %j, grouped 8-4-4-4-12',
    (text) => {
      const h = nodeHex(text);
      expect(sha256Uuid(text)).toBe(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`);
      expect(sha256Hex(text)).toBe(h);
    },
  );
});
