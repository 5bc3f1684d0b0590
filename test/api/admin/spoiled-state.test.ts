/**
 * Issue 11 item 7 and its fuzz test: real exported states, spoiled in many ways (wrong types,
 * missing fields, unknown keys, dangling references, duplicate ids, huge strings, `__proto__`
 * keys), each given to PUT /__admin/state. Every load is either refused with a 400 naming a
 * path of the state (and the state unchanged), or accepted, and then every read operation
 * over the spoiled records answers without a 5xx. Deterministic (a fixed seed) and lean.
 */
import { describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../../src/app.ts';
import { fill, random, reads, spoil, type Json, type State } from '../../helpers/spoil.ts';

const SEED = 0x5eed11;
const SPOILS_PER_SCENARIO = 30;

async function put(mock: Mock, state: unknown) {
  const res = await mock.fetch('http://localhost/__admin/state', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(state),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
}

describe.each(['starter', 'review'])('spoiled %s states', (scenario) => {
  it(`refuses each with a 400 naming the path, or serves every read without a 5xx (${SPOILS_PER_SCENARIO} spoils, seed ${SEED})`, async () => {
    const mock = createMock({ scenario, wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
    const base = mock.runtime.exportState() as unknown as State;
    const token = mock.runtime.manifest.tokens.admin;
    const rnd = random(SEED + scenario.length);
    const failures: string[] = [];
    for (let n = 0; n < SPOILS_PER_SCENARIO; n++) {
      const spoiled = spoil(base, rnd);
      const before = mock.runtime.exportState();
      const res = await put(mock, spoiled.state);
      if (res.status === 400) {
        if (!/^Invalid state: state[.[]/.test(res.body.error?.message ?? '')) failures.push(`${spoiled.what}: 400 without a path: ${res.body.error?.message}`);
        if (JSON.stringify(mock.runtime.exportState()) !== JSON.stringify(before)) failures.push(`${spoiled.what}: refused but changed the state`);
        continue;
      }
      if (res.status !== 200) {
        failures.push(`${spoiled.what}: load answered ${res.status} ${res.body.error?.message}`);
        continue;
      }
      const loaded = mock.runtime.exportState() as unknown as State;
      for (const op of reads) {
        const path = fill(op.path, loaded, spoiled);
        const read = await mock.fetch(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } });
        await read.arrayBuffer();
        if (read.status >= 500) failures.push(`${spoiled.what}: GET ${op.path} answered ${read.status}`);
      }
      await put(mock, base);
    }
    expect([...new Set(failures)]).toEqual([]);
  });
});

describe('the spoils issue 11 found', () => {
  const cases: [string, (state: State) => void, string][] = [
    ['an organization hostname of {}', (s) => void (s.organizations[0].hostname = {}), 'state.organizations[0].hostname must be string'],
    ['a revision page of {}', (s) => void ((s.revisions[0].pages as Json[])[0] = {}), 'state.revisions[0].pages[0].id is required'],
    ['an unknown key in a record', (s) => void (s.spaces[0].extra = 1), 'state.spaces[0].extra is not a known field'],
    ['a site without adaptiveContent', (s) => void delete s.sites[0].adaptiveContent, 'state.sites[0].adaptiveContent is required'],
  ];
  it.each(cases)('refuses %s with a 400 naming it, state unchanged', async (_, change, message) => {
    const mock = createMock({ scenario: 'starter', wallClock: () => 0 });
    const state = structuredClone(mock.runtime.exportState()) as unknown as State;
    change(state);
    const before = JSON.stringify(mock.runtime.exportState());
    const res = await put(mock, state);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(`Invalid state: ${message}`);
    expect(JSON.stringify(mock.runtime.exportState())).toBe(before);
  });
});
