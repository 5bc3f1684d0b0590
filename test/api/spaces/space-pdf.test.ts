/** GET /v1/spaces/{spaceId}/pdf: a signed URL on this server to the space's live content as PDF. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { readPdf } from '../../helpers/pdf.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

async function pdfText(url: string) {
  const res = await gb.fetch(url);
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  return readPdf(new Uint8Array(await res.arrayBuffer()));
}

describe('space PDF', () => {
  it('answers a signed URL of this server whose PDF holds the live pages (official client)', async () => {
    const { data } = await gb.client('reader').spaces.getSpacePdf(gb.id('spaces', 'handbook'));
    expectOfficial('getSpacePDF', 200, data);
    expect(data.url.startsWith(`${gb.url}/__files/space-pdf/${gb.id('spaces', 'handbook')}/`)).toBe(true);
    const pdf = await pdfText(data.url);
    expect(pdf.outline).toEqual(['Welcome to Acme', 'Onboarding', 'Policies', 'Remote work', 'Expenses']);
    expect(pdf.text).not.toContain('meeting-free');
  });

  it('shows what was merged in a URL asked for after the merge, and one page with only', async () => {
    await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/merge');
    const { body } = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/pdf?page={pages.remote-work}&only=true');
    const pdf = await pdfText(body.url);
    expect(pdf.outline).toEqual(['Remote work']);
    expect(pdf.text).toContain('meeting-free');
  });

  it('refuses a tampered URL (403), an unknown page (404), only without page (400) and outsiders (404)', async () => {
    const { body } = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/pdf');
    expect((await gb.fetch(body.url.replace('expires=', 'expires=1'))).status).toBe(403);
    expect((await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/pdf?page=nope')).status).toBe(404);
    expect((await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/pdf?only=true')).status).toBe(400);
    expect((await t.call('outsider', 'GET', '/v1/spaces/{spaces.handbook}/pdf')).status).toBe(404);
  });

  it('expires an hour after it was made (410)', async () => {
    const { body } = await t.call('reader', 'GET', '/v1/spaces/{spaces.api-docs}/pdf');
    await t.admin('POST', '/__admin/clock', { advance: 'PT2H' });
    expect((await gb.fetch(body.url)).status).toBe(410);
  });
});
