/**
 * An installation's token acts by its integration's scopes (docs/behaviour.md): a refusal for a
 * scope it lacks names the installation, the scopes it has and the scope that would allow it.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, scenarioOptions } from '../../helpers/calls.ts';

const gb = useGitBookMock(scenarioOptions('read-only-bot', {
  description: 'An integration that may only read, installed on the handbook.',
  extends: 'starter',
  integrations: [{ key: 'reader-bot', title: 'Reader bot', owner: 'acme', scopes: ['space:content:read'] }],
  installations: [{ key: 'reader-bot-acme', integration: 'reader-bot', organization: 'acme', spaces: ['handbook'] }],
}));
const t = callsOn(gb);

describe('a refusal to an installation names the scope it lacks', () => {
  it('a read-only installation commenting: 403 naming its scopes and the write scope it needs', async () => {
    const token = gb.manifest.installationTokens!['reader-bot-acme'];
    const res = await t.call(token, 'POST', '/v1/spaces/{spaces.handbook}/comments', { body: { markdown: 'Hello' } });
    expect(res.status).toBe(403);
    const installation = gb.id('installations', 'reader-bot-acme');
    expect(res.body.error.message).toBe(
      `You do not have permission to comment in this space: installation ${installation} of integration reader-bot has the scopes space:content:read, which let it read only; this needs a write scope: one of space:content:write, space:metadata:write, space:git:sync, site:adaptive:write, openapi:write`,
    );
    // A member of the reading role keeps the plain message.
    const member = await t.call('reader', 'POST', '/v1/spaces/{spaces.handbook}/comments', { body: { markdown: 'Hello' } });
    expect(member.body.error.message).toBe('You do not have permission to comment in this space');
  });

  it('what no scope allows (administering the space) says so', async () => {
    const token = gb.manifest.installationTokens!['reader-bot-acme'];
    const res = await t.call(token, 'DELETE', '/v1/spaces/{spaces.handbook}');
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/no scope lets an installation act as admin/);
  });

});
