/** `useGitBookMock({ scope: 'file' })`: no reset between tests, until `reset()` is asked for. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';

const gb = useGitBookMock({ scenario: 'starter', scope: 'file' });
const title = async () => (await gb.client('reader').spaces.getSpaceById(gb.id('spaces', 'handbook'))).data.title;

describe("useGitBookMock with scope 'file'", () => {
  it('lets a test change the state', async () => {
    await gb.client('admin').spaces.updateSpaceById(gb.id('spaces', 'handbook'), { title: 'Kept across tests' });
    expect(await title()).toBe('Kept across tests');
  });

  it('keeps it for the next test, and reset() brings the scenario back', async () => {
    expect(await title()).toBe('Kept across tests');
    await gb.reset();
    expect(await title()).toBe('Employee Handbook');
  });
});
