/**
 * No request of any shape gets a 500: every operation of the table, with odd bodies,
 * odd queries and odd ids, answers a JSON error (or succeeds), never an internal error.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/resources/index.ts';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

/** Fills path parameters with starter ids where one fits, or with `junk`. */
function fill(t: Calls, path: string, junk?: string): string {
  const known: Record<string, string> = {
    spaceId: gb.id('spaces', 'handbook'),
    organizationId: gb.id('organizations', 'acme'),
    changeRequestId: gb.id('changeRequests', 'handbook-draft'),
    commentId: gb.id('comments', 'welcome-question'),
    commentReplyId: gb.id('commentReplies', 'welcome-answer'),
    siteId: gb.id('sites', 'docs-site'),
    siteSectionId: gb.id('siteSections', 'handbook-section'),
    siteSpaceId: gb.id('siteSpaces', 'handbook-site-space'),
    shareLinkId: gb.id('shareLinks', 'partner-preview'),
    teamId: gb.id('teams', 'writers'),
    userId: gb.id('users', 'editor'),
    samlProviderId: gb.id('samlProviders', 'okta'),
    specSlug: 'petstore',
    translationSettingsId: gb.id('translations', 'french'),
    pageId: gb.id('pages', 'welcome'),
    fileId: gb.id('files', 'team-photo'),
    emailDomain: 'acme.test',
  };
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(junk ?? known[name] ?? 'unknown-id'));
}

const BODIES: [string, string | undefined][] = [
  ['no body', undefined],
  ['malformed JSON', '{"title": '],
  ['a JSON array', '[1, 2, 3]'],
  ['a JSON string', '"hello"'],
  ['JSON null', 'null'],
  ['wrong types everywhere', JSON.stringify({ title: 42, body: 7, users: 'x', add: {}, status: [], source: 1, name: null, spaceId: 9, position: 'top', parent: 5 })],
  ['deep nesting', '['.repeat(2000) + ']'.repeat(2000)],
];

const QUERIES = ['limit=-1', 'limit=abc&page=%%%', 'page=eyJrIjoiYSJ9', 'order=sideways&status=nope&format=pdf', 'limit=5&limit=6', 'metadata=maybe&computed=2&evaluated=x'];

describe.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))('%s', (_name, op) => {
  it('never answers 500, whatever the body, query or ids', async () => {
    const failures: string[] = [];
    const tryCall = async (label: string, path: string, body?: string) => {
      const res = await t.call('admin', op.method, path, body, body === undefined ? {} : { 'content-type': 'application/json' });
      if (res.status >= 500) failures.push(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
      else if (res.status >= 400) expect(res.body.error.code).toBe(res.status);
    };
    // A GET cannot carry a body (fetch refuses to send one).
    for (const [label, body] of BODIES) if (op.method !== 'GET' || body === undefined) await tryCall(label, fill(t, op.path), body);
    for (const query of QUERIES) await tryCall(query, `${fill(t, op.path)}?${query}`);
    for (const junk of ['unknown-id', '%00', '..', 'a'.repeat(300), '💥']) await tryCall(`id ${junk.slice(0, 10)}`, fill(t, op.path, junk));
    expect(failures).toEqual([]);
  });
});
