/** `gitbook-mock/vitest` in-process: manifest, official client, a reset before every test. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';

const gb = useGitBookMock({ scenario: 'starter' });
let renamed = false;

describe('useGitBookMock in-process', () => {
  it('gives the manifest and the official client as any user of it', async () => {
    expect(gb.session).toBeUndefined();
    expect(gb.mock).toBeDefined();
    const { data } = await gb.client('reader').spaces.getSpaceById(gb.id('spaces', 'handbook'));
    expect(data.title).toBe('Employee Handbook');
    await gb.client('admin').spaces.updateSpaceById(gb.id('spaces', 'handbook'), { title: 'Renamed in test one' });
    expect((await gb.client().spaces.getSpaceById(gb.id('spaces', 'handbook'))).data.title).toBe('Renamed in test one');
    renamed = true;
  });

  it('starts the next test from the scenario as loaded', async () => {
    expect(renamed).toBe(true);
    const response = await gb.fetch(`/v1/spaces/${gb.id('spaces', 'handbook')}`, { headers: { authorization: `Bearer ${gb.token('admin')}` } });
    expect((await response.json()).title).toBe('Employee Handbook');
  });

  it('names what the manifest lacks', () => {
    expect(() => gb.token('nobody')).toThrow(/no user "nobody"/);
    expect(() => gb.id('spaces', 'nothing')).toThrow(/no spaces "nothing"/);
  });
});

describe('a key the manifest lacks (issue 27)', () => {
  const trash = useGitBookMock({ scenario: 'trash' });

  it('suggests the nearest key and lists those there are', () => {
    expect(() => trash.id('spaces', 'deleted-3days')).toThrow(
      'gitbook-mock: the manifest has no spaces "deleted-3days"; did you mean "deleted-3d"? (keys: handbook, api-docs, globex-guide, deleted-1h, deleted-3d, deleted-6d23h)',
    );
    expect(() => trash.id('space', 'handbook')).toThrow(/no collection "space"; did you mean "spaces"\?/);
    expect(() => trash.token('editr')).toThrow(/no user "editr"; did you mean "editor"\? \(users: admin, creator, editor/);
  });
});

describe('a test that loads another scenario', () => {
  const own = useGitBookMock({ scenario: 'starter' });

  it('loads trash through the admin API', async () => {
    const res = await own.fetch('/__admin/scenarios/trash', { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await res.json()).scenario).toBe('trash');
    expect(own.manifest.scenario).toBe('trash');
  });

  it('leaves the next test on the scenario the file started on', async () => {
    expect(own.manifest.scenario).toBe('starter');
    const spaces = await (await own.fetch('/__admin/health')).json();
    expect(spaces.scenario).toBe('starter');
  });
});
