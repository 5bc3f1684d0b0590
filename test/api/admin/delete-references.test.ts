/**
 * What a delete does to what points at the record it removes (issue 40, docs/behaviour.md "What
 * a delete does to what points at it"), seen by a user: each state after the delete exports and
 * imports back, and what pointed at the record reads as the declaration says.
 */
import { expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

async function importsBack(): Promise<void> {
  const exported = (await t.admin('GET', '/__admin/state')).body;
  const imported = await t.admin('PUT', '/__admin/state', exported);
  expect(imported.body?.error?.message).toBeUndefined();
  expect(imported.status).toBe(200);
}

const CR = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';

it('a review stays when the comment posted with it is deleted, without it', async () => {
  const review = await t.call('reviewer', 'POST', `${CR}/reviews`, { status: 'approved', comment: { markdown: 'Looks good to me' } });
  expect(review.status).toBe(201);
  expect((await t.call('reviewer', 'DELETE', `${CR}/comments/${review.body.comment.id}`)).status).toBe(205);

  const reviews = (await t.call('reader', 'GET', `${CR}/reviews`)).body.items;
  // The first is the starter's approval, which has no comment either.
  expect(reviews.map((r: { id: string; comment?: unknown }) => [r.id, r.comment])).toEqual([
    [t.id('changeRequestReviews', 'draft-approval'), undefined],
    [review.body.id, undefined],
  ]);
  await importsBack();
});

it('an uninstalled integration that wrote a comment stays its author, and the state imports back', async () => {
  const installation = gb.id('installations', 'docs-bot-acme');
  const token = gb.manifest.installationTokens['docs-bot-acme'];
  const comment = await t.call(token, 'POST', '/v1/spaces/{spaces.handbook}/comments', { body: { markdown: 'Synced from the repository' } });
  expect(comment.status).toBe(200);

  expect((await t.call('admin', 'DELETE', `/v1/integrations/docs-bot/installations/${installation}`)).status).toBe(204);
  const read = await t.call('reader', 'GET', `/v1/spaces/{spaces.handbook}/comments/${comment.body.id}`);
  expect(read.body.postedBy.displayName).toBe('Docs bot');
  expect((await t.call(token, 'GET', '/v1/spaces/{spaces.handbook}/comments')).status).toBe(404);
  await importsBack();
});

it("a deleted collection's spaces and sub-collections move to the top level", async () => {
  const collection = gb.id('collections', 'guides');
  const sub = await t.call('admin', 'POST', '/v1/orgs/{organizations.acme}/collections', { title: 'Runbooks', parent: collection });
  expect(sub.status).toBe(201);
  expect((await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/move', { parent: collection })).status).toBe(200);

  expect((await t.call('admin', 'DELETE', `/v1/collections/${collection}`)).status).toBeLessThan(300);
  expect((await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.parent).toBeUndefined();
  expect((await t.call('admin', 'GET', `/v1/collections/${sub.body.id}`)).body.parent).toBeUndefined();
  await importsBack();
});
