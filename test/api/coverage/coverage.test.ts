import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, clearKept, type Calls } from '../../helpers/calls.ts';
import { SITE } from '../sites/helpers.ts';
import { routedOperations as operations } from '../../../src/resources/index.ts';
import { KNOWN_TRANSITIONS } from '../../../src/coverage/transitions.ts';
import type { CoverageReport } from '../../../src/coverage/coverage.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
// A reset keeps the coverage: each test starts with none.
beforeEach(() => clearKept(t));

const SPACE = '/v1/spaces/{spaces.handbook}';
const C = `${SPACE}/change-requests`;
const CR = `${C}/{changeRequests.handbook-draft}`;

async function coverage(t: Calls): Promise<CoverageReport> {
  const res = await t.admin('GET', '/__admin/coverage');
  expect(res.status).toBe(200);
  return res.body;
}

const exercised = (report: CoverageReport) =>
  report.transitions.items.filter((i) => i.count > 0).map((i) => `${i.machine} ${i.from}→${i.to} ×${i.count}`).sort();
const called = (report: CoverageReport) =>
  report.operations.items.filter((i) => i.calls > 0).map((i) => `${i.operationId} ${JSON.stringify(i.statuses)}`).sort();

/** One journey through every state machine; returns nothing, the coverage tells. */
async function journey(t: Calls): Promise<void> {
  expect((await t.call('editor', 'PATCH', CR, { status: 'draft' })).status).toBe(200);
  const other = await t.call('editor', 'POST', C, { subject: 'Another change' });
  expect(other.status).toBe(201);
  expect((await t.call('editor', 'POST', `${C}/${other.body.id}/merge`)).status).toBe(200);
  expect((await t.call('editor', 'POST', `${CR}/update`)).status).toBe(200);
  expect((await t.call('editor', 'PATCH', `${C}/${other.body.id}`, { status: 'open' })).status).toBe(409);
  const comment = await t.call('commenter', 'POST', `${SPACE}/comments`, { body: { markdown: 'A note' } });
  expect((await t.call('commenter', 'PUT', `${SPACE}/comments/${comment.body.id}`, { resolved: true })).status).toBe(200);
  expect((await t.call('commenter', 'PUT', `${SPACE}/comments/${comment.body.id}`, { resolved: false })).status).toBe(200);
  expect((await t.call('admin', 'PATCH', `${SITE}/share-links/{shareLinks.partner-preview}`, { active: false })).status).toBe(200);
  const TM = '/v1/orgs/{organizations.acme}/teams/{teams.writers}/members';
  expect((await t.call('admin', 'PUT', TM, { add: ['rosa@acme.test'] })).status).toBe(204);
  expect((await t.call('admin', 'PATCH', '/v1/orgs/{organizations.acme}/members/{users.commenter}', { role: null })).status).toBe(200);
  expect((await t.call('admin', 'DELETE', SPACE)).status).toBe(205);
  expect((await t.call('admin', 'POST', `${SPACE}/restore`)).status).toBe(200);
  expect((await t.call('admin', 'DELETE', SPACE)).status).toBe(205);
  await t.admin('POST', '/__admin/clock', { advance: 'P7D' });
  expect((await t.call('admin', 'POST', `${SPACE}/restore`)).status).toBe(404);
  expect((await t.call(null, 'GET', SPACE)).status).toBe(401);
}

describe('GET /__admin/coverage', () => {
  describe('on a fresh mock', () => {
    const fresh = callsOn(useGitBookMock({ wallClock: () => 0 }));

    it('lists every operation and every known transition, none exercised, on a fresh mock', async () => {
      const report = await coverage(fresh);
      expect(report.operations.total).toBe(operations.length);
      expect(report.operations.called).toBe(0);
      expect(report.operations.items.map((i) => i.operationId)).toEqual(operations.map((op) => op.operationId));
      expect(report.operations.items[0]).toEqual({ operationId: operations[0].operationId, method: operations[0].method, path: operations[0].path, calls: 0, statuses: {} });
      expect(report.transitions.total).toBe(KNOWN_TRANSITIONS.length);
      expect(report.transitions.exercised).toBe(0);
      expect(report.transitions.items.every((i) => Object.keys(i).sort().join() === 'count,from,machine,to')).toBe(true);
    });
  });

  it('shows exactly the operations and transitions of a scripted journey', async () => {
    await journey(t);
    const report = await coverage(t);
    expect(exercised(report)).toEqual([
      'change-request open→draft ×1',
      'change-request open→merged ×1',
      'change-request-base current→outdated ×1',
      'change-request-base outdated→current ×1',
      'comment open→resolved ×1',
      'comment resolved→open ×1',
      'member-role comment→guest ×1',
      'share-link active→revoked ×1',
      'space active→deleted ×2',
      'space deleted→active ×1',
      'space purged→refused ×1',
      'team-membership none→member ×1',
    ]);
    expect(report.transitions.exercised).toBe(12);
    expect(called(report)).toEqual([
      'createChangeRequest {"201":1}',
      'deleteSpaceById {"205":2}',
      'getSpaceById {"401":1}',
      'mergeChangeRequest {"200":1}',
      'postCommentInSpace {"200":1}',
      'restoreSpace {"200":1,"404":1}',
      'updateChangeRequest {"200":1}',
      'updateChangeRequestById {"200":1,"409":1}',
      'updateCommentInSpace {"200":2}',
      'updateMemberInOrganizationById {"200":1}',
      'updateMembersInOrganizationTeam {"204":1}',
      'updateSiteShareLinkById {"200":1}',
    ].sort());
    expect(report.operations.called).toBe(12);
  });

  describe('on org-admin', () => {
    const gb = useGitBookMock({ scenario: 'org-admin', wallClock: () => 0 });
    const t = callsOn(gb);

    it('counts the last admin kept by the member-role rule as a refusal', async () => {
      const admins = gb.mock!.runtime.db.members.list().filter((m) => m.role === 'admin');
      const org = admins[0].organization;
      const lone = admins.filter((m) => m.organization === org);
      if (lone.length !== 1) return expect.fail('the org-admin scenario should have one admin per organization');
      const token = gb.mock!.runtime.db.users.get(lone[0].user)!.token;
      const res = await gb.fetch(`/v1/orgs/${org}/members/${lone[0].user}`, {
        method: 'PATCH', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ role: 'edit' }),
      });
      expect(res.status).toBe(409);
      expect(exercised(await coverage(t))).toEqual(['member-role admin→refused ×1']);
    });
  });

  it('counts a user both added and removed in one team update as removal winning', async () => {
    const TM = '/v1/orgs/{organizations.acme}/teams/{teams.writers}/members';
    expect((await t.call('admin', 'PUT', TM, { add: ['rosa@acme.test'], remove: ['rosa@acme.test'] })).status).toBe(204);
    expect(exercised(await coverage(t))).toEqual(['team-membership added→removed-wins ×1']);
  });

  describe('on two mocks', () => {
    const [first, second] = [callsOn(useGitBookMock({ wallClock: () => 0 })), callsOn(useGitBookMock({ wallClock: () => 0 }))];

    it('keeps its count per runtime: a second mock stays empty', async () => {
      await journey(first);
      const report = await coverage(second);
      expect(report.operations.called).toBe(0);
      expect(report.transitions.exercised).toBe(0);
    });
  });

  it('a refused request leaves no transition behind (its writes are undone)', async () => {
    const res = await t.call('reader', 'PUT', '/v1/orgs/{organizations.acme}/teams/{teams.writers}/members', { add: ['rosa@acme.test'] });
    expect(res.status).toBe(403);
    const report = await coverage(t);
    expect(report.transitions.exercised).toBe(0);
    expect(report.operations.items.find((i) => i.operationId === 'updateMembersInOrganizationTeam')!.statuses).toEqual({ 403: 1 });
  });

  it('survives reset; DELETE /__admin/coverage clears it with 204', async () => {
    await journey(t);
    await t.admin('POST', '/__admin/reset');
    expect((await coverage(t)).operations.called).toBe(12);
    const cleared = await t.admin('DELETE', '/__admin/coverage');
    expect(cleared.status).toBe(204);
    const report = await coverage(t);
    expect(report.operations.called).toBe(0);
    expect(report.transitions.exercised).toBe(0);
  });
});

describe('the README coverage sample (issue 27)', () => {
  it('has the totals and item fields of a real report', async () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const at = readme.indexOf('`GET /__admin/coverage` answers');
    const sample = JSON.parse(/```json\n([\s\S]*?)```/.exec(readme.slice(at))![1]);
    const real = gb.mock!.runtime.coverage.report();
    expect(sample.operations.total).toBe(real.operations.total);
    expect(sample.transitions.total).toBe(real.transitions.total);
    expect(sample.events.total).toBe(real.events!.total);
    expect(Object.keys(sample.operations.items[0])).toEqual(Object.keys(real.operations.items[0]));
    expect(Object.keys(sample.transitions.items[0])).toEqual(Object.keys(real.transitions.items[0]));
    expect(Object.keys(sample.events.items[0])).toEqual(Object.keys(real.events!.items[0]));
  });
});
