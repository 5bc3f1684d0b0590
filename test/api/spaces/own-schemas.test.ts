/** What we serve matches our own resource schemas (schemas/spaces, schemas/comments). */
import { describe, expect, it } from 'vitest';
import { createTestMock, type TestMock } from '../../helpers/mock.ts';

function matches(t: TestMock, id: string, body: unknown): void {
  const validate = t.mock.runtime.schemas.strictValidator(id);
  expect(validate(body), `${id}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describe('our resource schemas describe our responses', () => {
  it('spaces/space: a space with a share-link URL and a duplicate', async () => {
    const t = createTestMock();
    matches(t, 'spaces/space', (await t.call('admin', 'GET', `/v1/spaces/{spaces.handbook}?shareKey=${t.manifest.shareKeys['partner-preview']}`)).body);
    matches(t, 'spaces/space', (await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/duplicate')).body);
  });

  it.each(['', '?format=markdown', '?format=document'])('comment and reply lists%s', async (format) => {
    const t = createTestMock();
    matches(t, 'comments/comment-list', (await t.call('admin', 'GET', `/v1/spaces/{spaces.handbook}/comments${format}`)).body);
    matches(t, 'comments/comment-reply-list', (await t.call('admin', 'GET', `/v1/spaces/{spaces.handbook}/comments/{comments.welcome-question}/replies${format}`)).body);
  });

  it('comments/comment: resolved with reactions; commenters', async () => {
    const t = createTestMock();
    const resolved = await t.call('reviewer', 'PUT', '/v1/spaces/{spaces.handbook}/comments/{comments.welcome-question}', { resolved: true, addedReactions: ['🎉'] });
    matches(t, 'comments/comment', resolved.body);
    matches(t, 'comments/commenter-list', (await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/commenters')).body);
  });
});
