/**
 * Issue 11's fuzz test, its request half: every operation with a body gets spoiled bodies
 * (seeded: wrong types, nulls, arrays, huge strings, `__proto__` keys, deep nesting) and must
 * answer without a 5xx, changing nothing when it refuses. Lean: one pass, in-process.
 */
import { expect, it } from 'vitest';
import { createMock } from '../../../src/app.ts';
// Every routed operation with a body: hand-written rows and the generic tier's.
import { routedOperations as operations } from '../../../src/resources/index.ts';

const PARAM_COLLECTION: Record<string, string> = {
  spaceId: 'spaces', organizationId: 'organizations', changeRequestId: 'changeRequests', commentId: 'comments',
  commentReplyId: 'commentReplies', siteId: 'sites', userId: 'users', teamId: 'teams', samlProviderId: 'samlProviders',
  translationSettingsId: 'translations', revisionId: 'revisions',
};

const BODIES = [
  'null', '[]', '"text"', '5', '{"__proto__":{"admin":true}}', `{"title":"${'x'.repeat(200_000)}"}`,
  '{"title":5,"name":[],"body":{"markdown":{}},"role":{},"users":"x","visibility":7}',
  `${'['.repeat(2000)}${']'.repeat(2000)}`, '{"a":', '{"title":null,"emoji":null,"path":null,"space":{}}',
];

it('answers every spoiled body without a 5xx, and changes nothing on a refusal', async () => {
  const mock = createMock({ scenario: 'starter', wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
  const state = mock.runtime.exportState() as unknown as Record<string, { id: string }[]>;
  const token = mock.runtime.manifest.tokens.admin;
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (const op of operations.filter((o) => o.body)) {
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => state[PARAM_COLLECTION[name]]?.[0]?.id ?? 'x');
    for (const body of BODIES) {
      const before = JSON.stringify(mock.runtime.exportState());
      const res = await mock.fetch(`http://localhost${path}`, {
        method: op.method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) failures.push(`${op.method} ${op.path} ${body.slice(0, 30)}: ${res.status}`);
      else if (res.status >= 400 && JSON.stringify(mock.runtime.exportState()) !== before) failures.push(`${op.method} ${op.path} ${body.slice(0, 30)}: refused but changed`);
      else if (res.status < 400) await mock.fetch('http://localhost/__admin/reset', { method: 'POST' });
    }
  }
  expect(failures).toEqual([]);
  // The bodies reached validation (400s), not only a missing route.
  expect(statuses.get(400) ?? 0).toBeGreaterThan(operations.filter((o) => o.body).length * 5);
});
