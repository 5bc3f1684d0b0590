// The README's integration test ("Test an integration against the mock"), exactly as printed
// there below this header, but for the import path (test/api/events/readme-snippet.test.ts checks).
import { expect, it } from 'vitest';
import type { GitBookAPI } from '@gitbook/api';
import { useGitBookMock, type EventPayload } from '../../../src/vitest/index.ts';

// Your integration's handler: it reads the new revision with the installation's token.
async function onContentUpdated(event: EventPayload<'space_content_updated'>, api: GitBookAPI) {
  const { data } = await api.spaces.getRevisionById(event.spaceId, event.revisionId);
  return data.pages.map((page) => page.title);
}

const gb = useGitBookMock(); // starter: integration docs-bot is installed on the handbook

it('handles a merged change request', async () => {
  const space = gb.id('spaces', 'handbook');
  const { data: cr } = await gb.client('editor').spaces.createChangeRequest(space, { subject: 'Typo' });
  await gb.client('editor').spaces.mergeChangeRequest(space, cr.id);
  const event = await gb.events.waitFor('space_content_updated');
  expect(await onContentUpdated(event, gb.client('docs-bot-acme'))).toContain('Welcome to Acme');
});
