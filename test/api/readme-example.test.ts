/** The README's in-process example, as written there, so the documentation cannot rot. */
import { describe, expect, it } from 'vitest';
import { GitBookAPI } from '@gitbook/api';
import { createMock } from 'gitbook-mock';

describe('the README example', () => {
  it('reads the handbook through the official client without a socket', async () => {
    const mock = createMock({ scenario: 'starter' });
    const { tokens, ids } = mock.runtime.manifest;
    const api = new GitBookAPI({
      authToken: tokens.reader,
      endpoint: 'http://mock.local',
      serviceBinding: { fetch: mock.fetch },
    });
    const { data } = await api.spaces.getSpaceById(ids.spaces.handbook);
    expect(data.title).toBe('Employee Handbook');

    mock.runtime.reset();
  });
});
