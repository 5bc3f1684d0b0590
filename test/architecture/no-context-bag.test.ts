/**
 * Per-request data travels on the request's exchange (src/sessions/exchange.ts), made once by
 * the pipeline, not on Hono's context as untyped values (issue 25): no `ContextVariableMap`
 * augmentation and no `c.set(` anywhere in src/.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function offending(pattern: RegExp): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => pattern.test(readFileSync(join(SRC, file), 'utf8')))
    .map((file) => file.split('\\').join('/'));
}

describe("nothing rides on Hono's context", () => {
  it('declares no ContextVariableMap augmentation', () => {
    expect(offending(/\bContextVariableMap\b/)).toEqual([]);
  });

  it('sets no value on a context (c.set, or c.var assigned)', () => {
    expect(offending(/\bc\.set\(|\bc\.var\.\w+\s*=[^=]/)).toEqual([]);
  });
});
