import { expect, it } from 'vitest';
import { useGitBookMock } from '../../../../src/vitest/index.ts';

const gb = useGitBookMock();

it('lists organizations and deletes a space', async () => {
  expect((await gb.client().orgs.listOrganizationsForAuthenticatedUser()).data.items.length).toBeGreaterThan(0);
  await gb.client().spaces.deleteSpaceById(gb.id('spaces', 'handbook'));
});
