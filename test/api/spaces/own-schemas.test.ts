/** What we serve matches our own resource schemas (schemas/spaces, schemas/comments). */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

function matches(t: Calls, id: string, body: unknown): void {
  const validate = gb.mock!.runtime.schemas.strictValidator(id);
  expect(validate(body), `${id}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describe('our resource schemas describe our responses', () => {
  it('spaces/space: a space with a share-link URL and a duplicate', async () => {
    matches(t, 'spaces/space', (await t.call('admin', 'GET', `/v1/spaces/{spaces.handbook}?shareKey=${gb.manifest.shareKeys['partner-preview']}`)).body);
    matches(t, 'spaces/space', (await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/duplicate')).body);
  });

  it.each(['', '?format=markdown', '?format=document'])('comment and reply lists%s', async (format) => {
    matches(t, 'comments/comment-list', (await t.call('admin', 'GET', `/v1/spaces/{spaces.handbook}/comments${format}`)).body);
    matches(t, 'comments/comment-reply-list', (await t.call('admin', 'GET', `/v1/spaces/{spaces.handbook}/comments/{comments.welcome-question}/replies${format}`)).body);
  });

  it('comments/comment: resolved with reactions; commenters', async () => {
    const resolved = await t.call('reviewer', 'PUT', '/v1/spaces/{spaces.handbook}/comments/{comments.welcome-question}', { resolved: true, addedReactions: ['🎉'] });
    matches(t, 'comments/comment', resolved.body);
    matches(t, 'comments/commenter-list', (await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/commenters')).body);
  });
});
