/**
 * Every Space embedded in another object comes from the one presenter: it is the Space
 * that GET /v1/spaces/{spaceId} gives the same caller, and it matches the official Space.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { formatErrors, officialComponent } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

function expectOfficialSpace(space: unknown): void {
  const validate = officialComponent('Space');
  expect(validate(space), formatErrors(validate)).toBe(true);
}

async function spaceAsSeenBy(t: Calls, user: string, id: string) {
  const res = await t.call(user, 'GET', `/v1/spaces/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('embedded spaces', () => {
  it('SiteSpace.space is the Space the caller gets from the spaces API', async () => {
    const res = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/site-spaces');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const item of res.body.items) {
      expectOfficialSpace(item.space);
      expect(item.space).toEqual(await spaceAsSeenBy(t, 'admin', item.space.id));
    }
  });

  it('a space in a link location is the Space the caller gets from the spaces API', async () => {
    const res = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/links');
    expect(res.status).toBe(200);
    const spaces = res.body.items.flatMap((i: { targetReference: { space?: unknown }; locationReferences: { space: unknown }[] }) => [
      ...(i.targetReference.space ? [i.targetReference.space] : []),
      ...i.locationReferences.map((l) => l.space),
    ]);
    expect(spaces.length).toBeGreaterThan(0);
    const expected = await spaceAsSeenBy(t, 'reader', gb.id('spaces', 'handbook'));
    for (const space of spaces) {
      expectOfficialSpace(space);
      expect(space).toEqual(expected);
    }
  });

  it("a member's space is the Space, with the member's role as its permissions", async () => {
    const res = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/members/{users.editor}/spaces');
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const { permission, space } of res.body.items) {
      expectOfficialSpace(space);
      const { permissions: _callers, ...expected } = await spaceAsSeenBy(t, 'admin', space.id);
      const { permissions, ...served } = space;
      expect(served).toEqual(expected);
      expect(permissions).toMatchObject({ view: true, admin: permission === 'admin', edit: ['edit', 'create', 'admin'].includes(permission) });
    }
  });
});
