import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const ORG = '/v1/orgs/{organizations.acme}';
const READS = [
  `${ORG}/members`,
  `${ORG}/members/{users.editor}`,
  `${ORG}/members/{users.editor}/spaces`,
  `${ORG}/members/{users.editor}/teams`,
  `${ORG}/teams`,
  `${ORG}/teams/{teams.writers}`,
  `${ORG}/teams/{teams.writers}/members`,
  `${ORG}/saml`,
  `${ORG}/saml/{samlProviders.okta}`,
  `${ORG}/openapi`,
  `${ORG}/openapi/petstore`,
  `${ORG}/translations`,
  `${ORG}/translations/{translations.french}`,
];

describe('who may read', () => {
  it.each(READS)('GET %s: 200 to a reader, 403 to a guest, 404 to an outsider', async (path) => {
    expect((await t.call('reader', 'GET', path)).status).toBe(200);
    expect((await t.call('outsider', 'GET', path)).status).toBe(404);
    await t.call('admin', 'PATCH', `${ORG}/members/{users.reader}`, { role: null });
    expect((await t.call('reader', 'GET', path)).status).toBe(403);
  });

  it.each([ORG, `${ORG}/sso`, `${ORG}/search?query=api`])('GET %s: open to guests', async (path) => {
    await t.call('admin', 'PATCH', `${ORG}/members/{users.reader}`, { role: null });
    expect((await t.call('reader', 'GET', path)).status).toBe(200);
  });
});
