/**
 * What a `--data` restart keeps: a state imported from another server (issue 27) and the
 * default session only (issue 14). Each test starts a second mock on the file the first wrote,
 * so they use createTestMock (test/helpers/mock.ts) rather than the published helper, which
 * starts its mocks before the tests run.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createScenarioMock, createTestMock } from '../../helpers/mock.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const tempDir = tempDirs('gitbook-mock-restart-');
const tempFile = (): string => join(tempDir(), 'state.json');

describe('an imported state under --data', () => {
  it('from a server with a scenario this one lacks: resets to the state as imported, and survives a --data restart', async () => {
    const custom = createScenarioMock('my-org', { description: 'One more space', extends: 'starter', spaces: [{ key: 'mine', organization: 'acme', title: 'Mine' }] });
    const exported = (await custom.admin('GET', '/__admin/state')).body;
    const file = tempFile();
    const t = createTestMock({ dataFile: file });
    expect((await t.admin('PUT', '/__admin/state', exported)).status).toBe(200);
    expect((await t.admin('GET', '/__admin/health')).body.scenario).toBe('my-org');
    const mine = exported.manifest.ids.spaces.mine;
    await t.call(exported.manifest.tokens.admin, 'DELETE', `/v1/spaces/${mine}`);
    expect((await t.admin('POST', '/__admin/reset')).body.ids.spaces.mine).toBe(mine);
    expect((await t.call(exported.manifest.tokens.admin, 'GET', `/v1/spaces/${mine}`)).body.deletedAt).toBeUndefined();

    const again = createTestMock({ dataFile: file });
    expect((await again.admin('GET', '/__admin/health')).body.scenario).toBe('my-org');
    expect((await again.admin('GET', '/__admin/state')).body).toEqual((await t.admin('GET', '/__admin/state')).body);
  });
});

describe('--data and sessions', () => {
  it('keeps the default session only; after a restart new sessions start from the scenario', async () => {
    const file = tempFile();
    const session = { 'x-mock-session': 'kept-nowhere' };
    const first = createTestMock({ dataFile: file });
    await first.call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Saved default' });
    await first.call('admin', 'PATCH', '/v1/spaces/{spaces.api-docs}', { title: 'Session write' }, session);
    first.mock.runtime.flush();

    const second = createTestMock({ dataFile: file });
    expect((await second.call('admin', 'GET', '/v1/spaces/{spaces.handbook}')).body.title).toBe('Saved default');
    expect((await second.call('admin', 'GET', '/v1/spaces/{spaces.api-docs}')).body.title).not.toBe('Session write');
    expect((await second.call('admin', 'GET', '/v1/spaces/{spaces.api-docs}', undefined, session)).body.title).not.toBe('Session write');
    // Restored from the file, the default session had no snapshot: the fork builds the scenario.
    expect((await second.call('admin', 'GET', '/v1/spaces/{spaces.handbook}', undefined, session)).body.title).toBe('Employee Handbook');
  });
});
