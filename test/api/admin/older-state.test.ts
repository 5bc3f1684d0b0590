/**
 * An export made before pages kept their `documentId` and reusable contents their `markdown`
 * (issue 42) still loads: `PUT /__admin/state` fills in the document id of each page's text
 * and an empty body, and every page's document then resolves as it does after a fresh load.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

type Page = { id: string; documentId?: string; pages: Page[] };
const walk = (pages: Page[], visit: (p: Page) => void): void => pages.forEach((p) => (visit(p), walk(p.pages, visit)));

describe('an older export', () => {
  it('without page documentIds or reusable content bodies loads, and the pages\' documents resolve', async () => {
    const exported = (await t.admin('GET', '/__admin/state')).body;
    const fresh = new Map<string, string>();
    for (const revision of exported.revisions) {
      walk(revision.pages, (p) => {
        fresh.set(`${revision.id}/${p.id}`, p.documentId!);
        delete p.documentId;
      });
      for (const content of revision.reusableContents) delete content.markdown;
    }
    const put = await t.admin('PUT', '/__admin/state', exported);
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const again = (await t.admin('GET', '/__admin/state')).body;
    for (const revision of again.revisions) walk(revision.pages, (p) => expect(p.documentId).toBe(fresh.get(`${revision.id}/${p.id}`)));
    const pages = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/content/pages');
    expect(pages.status).toBe(200);
    const documentId = pages.body.pages[0].documentId;
    expect((await t.call('reader', 'GET', `/v1/spaces/{spaces.handbook}/documents/${documentId}`)).status).toBe(200);
  });
});
