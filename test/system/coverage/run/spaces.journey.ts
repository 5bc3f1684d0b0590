import { expect, it } from 'vitest';
import { useGitBookMock } from '../../../../src/vitest/index.ts';

const gb = useGitBookMock();

it('deletes and restores a space', async () => {
  const space = gb.id('spaces', 'handbook');
  await gb.client().spaces.deleteSpaceById(space);
  expect((await gb.client().spaces.restoreSpace(space)).data.id).toBe(space);
});
