import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const S = '/v1/spaces/{spaces.handbook}';
const CR = `${S}/change-requests/{changeRequests.handbook-draft}`;
const REPO = { url: 'https://github.com/acme/handbook', ref: 'refs/heads/main' };

type Row = [string, string, string, unknown, Record<string, number>];

// Expected status per user; users not named answer the `rest` status.
const grid: Row[] = [
  ['list change requests', 'GET', `${S}/change-requests`, undefined, { reader: 200, outsider: 404 }],
  ['read content', 'GET', `${CR}/content/pages`, undefined, { reader: 200, outsider: 404 }],
  ['create', 'POST', `${S}/change-requests`, { subject: 'x' }, { editor: 201, creator: 201, reviewer: 403, reader: 403, outsider: 404 }],
  ['update', 'PATCH', CR, { subject: 'x' }, { editor: 200, reviewer: 403, commenter: 403 }],
  ['merge', 'POST', `${CR}/merge`, undefined, { admin: 200, editor: 200, reviewer: 403, reader: 403 }],
  ['pull primary content', 'POST', `${CR}/update`, undefined, { editor: 200, reviewer: 403 }],
  ['import content', 'POST', `${CR}/content/import`, { url: 'https://example.com/a', source: 'website' }, { editor: 201, reviewer: 403 }],
  ['request reviewers', 'POST', `${CR}/requested-reviewers`, { users: [] as string[] }, { reviewer: 200, editor: 200, commenter: 403, outsider: 404 }],
  ['git import', 'POST', `${S}/git/import`, REPO, { editor: 204, reviewer: 403, outsider: 404 }],
  ['git export', 'POST', `${S}/git/export`, { ...REPO, commitMessage: 'm' }, { editor: 204, commenter: 403 }],
  ['space links', 'GET', `${S}/links`, undefined, { reader: 200, outsider: 404 }],
];

const cases = grid.flatMap(([name, method, path, body, expected]) =>
  Object.entries(expected).map(([user, status]) => [name, user, status, method, path, body] as const),
);

describe('who may do what on change requests, content and Git', () => {
  it.each(cases)('%s as %s: %i', async (_name, user, status, method, path, body) => {
    const payload = Array.isArray((body as { users?: unknown })?.users) ? { users: [gb.id('users', 'admin')] } : body;
    const res = await t.call(user, method, path, payload);
    expect(res.status).toBe(status);
  });
});
