/** GET /v1/spaces/{spaceId}/integration-blocks: the integrations installed on the space, with their blocks. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('space integration blocks', () => {
  it('names the integration installed on the space, and none on a space without one', async () => {
    const res = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/integration-blocks');
    expect(res.status).toBe(200);
    expectOfficial('listSpaceIntegrationsBlocks', 200, res.body);
    // The starter's docs-bot publishes one block.
    expect(res.body).toEqual([{ name: gb.id('integrations', 'docs-bot'), blocks: [{ id: 'page-status', title: 'Page status', description: 'Who last reviewed the page, and when.' }] }]);
    expect((await t.call('reader', 'GET', '/v1/spaces/{spaces.api-docs}/integration-blocks')).body).toEqual([]);
  });

  it('drops the integration once it is uninstalled from the space, and hides the space from outsiders (404)', async () => {
    const installation = gb.id('installations', 'docs-bot-acme');
    const integration = gb.id('integrations', 'docs-bot');
    const removed = await t.call('admin', 'DELETE', `/v1/integrations/${integration}/installations/${installation}/spaces/{spaces.handbook}`);
    expect(removed.status).toBeLessThan(300);
    expect((await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/integration-blocks')).body).toEqual([]);
    expect((await t.call('outsider', 'GET', '/v1/spaces/{spaces.handbook}/integration-blocks')).status).toBe(404);
  });
});
