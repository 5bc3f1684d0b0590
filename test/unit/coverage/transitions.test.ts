/**
 * The coverage report's transitions come from the machines of src/rules/ (coverage/transitions.ts):
 * a machine declared beside a rule but left out of `MACHINES` would never be listed.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KNOWN_TRANSITIONS, MACHINES, transitionId } from '../../../src/coverage/transitions.ts';
import { SPACE_MACHINE } from '../../../src/rules/space-lifecycle.ts';

const RULES = fileURLToPath(new URL('../../../src/rules/', import.meta.url));

const isMachine = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'name' in value && 'moves' in value && 'refused' in value;

/** Every machine a module of src/rules/ exports. */
async function declaredMachines(): Promise<unknown[]> {
  const found: unknown[] = [];
  for (const file of readdirSync(RULES).filter((f) => f.endsWith('.ts')).sort()) {
    const module: Record<string, unknown> = await import(`${RULES}${file}`);
    found.push(...Object.values(module).filter(isMachine));
  }
  return found;
}

describe('the transitions the coverage report knows', () => {
  it('come from every machine declared in src/rules/, and from nothing else', async () => {
    const declared = await declaredMachines();
    expect(declared.length).toBeGreaterThan(0);
    expect(new Set(MACHINES)).toEqual(new Set(declared));
  });

  it('name each machine once', () => {
    const names = MACHINES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('list each transition once', () => {
    const ids = KNOWN_TRANSITIONS.map(transitionId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("list a machine's moves in order, then its refusals", () => {
    expect(KNOWN_TRANSITIONS.filter((t) => t.machine === 'space')).toEqual([
      { machine: 'space', from: 'active', to: 'deleted' },
      { machine: 'space', from: 'deleted', to: 'active' },
      { machine: 'space', from: 'purged', to: 'refused' },
    ]);
    expect(SPACE_MACHINE.refused).toEqual(['purged']);
  });
});
