/** `--help` explains every flag the parser accepts (new flags must be described there too). */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseCli, USAGE } from '../../src/cli-args.ts';

// The flags as the parser declares them (`port: { type: 'string' }`, `'scenarios-dir': {...}`).
const source = readFileSync(new URL('../../src/cli-args.ts', import.meta.url), 'utf8');
const flags = [...source.matchAll(/^\s+'?([a-z][a-z-]*)'?: \{ type: '(?:string|boolean)'/gm)].map((m) => m[1]);

describe('--help', () => {
  it('is asked for by --help and -h', () => {
    expect(parseCli(['--help']).help).toBe(true);
    expect(parseCli(['-h']).help).toBe(true);
  });

  it.each(flags)('explains --%s on its own line', (flag) => {
    const line = USAGE.split('\n').find((l) => new RegExp(`^\\s+(-\\w, )?--${flag}\\b`).test(l));
    expect(line, `no line for --${flag} in USAGE`).toBeDefined();
    expect(line!.replace(/^\s+(-\w, )?--[a-z-]+( [A-Z]+)?/, '').trim().length).toBeGreaterThan(10);
  });

  it('found the flags it checks', () => {
    expect(flags).toEqual(expect.arrayContaining(['port', 'host', 'scenario', 'scenarios-dir', 'data', 'seed', 'latency', 'help']));
  });
});

describe('a negative number for a numeric flag (issue 27)', () => {
  it('says which values are allowed, not that the argument is ambiguous', () => {
    expect(() => parseCli(['--latency', '-5'])).toThrow('--latency must be between 0 and 600000 milliseconds, got -5');
    expect(() => parseCli(['--port', '-1'])).toThrow('--port must be between 0 and 65535, got -1');
    expect(() => parseCli(['--session-ttl', '-1'])).toThrow('--session-ttl must be between 0 and 31536000 seconds, got -1');
    expect(() => parseCli(['--latency', 'soon'])).toThrow('--latency must be a whole number between 0 and 600000 milliseconds, got "soon"');
  });

  it('takes one where it is allowed (--seed -5), and leaves other values starting with a dash alone', () => {
    expect(parseCli(['--seed', '-5']).app.seed).toBe(-5);
    expect(() => parseCli(['--scenario', '-x'])).toThrow(/--scenario/);
  });
});
