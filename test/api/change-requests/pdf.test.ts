import { describe, expect, it } from 'vitest';
import { useGitBookMock, type GitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, scenarioOptions } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { readPdf } from '../../helpers/pdf.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const CR = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}';

/** The PDF at `url`: its bytes as Latin-1 text (for the file structure), and as a viewer reads it. */
async function fetchPdf(gb: GitBookMock, url: string) {
  const res = await gb.fetch(url);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = Buffer.from(bytes).toString('latin1');
  return { status: res.status, type: res.headers.get('content-type'), text, read: res.status === 200 ? await readPdf(bytes) : undefined };
}

describe('change request PDF', () => {
  it('answers a URL on this server (official client)', async () => {
    const { data } = await gb.client('reader').spaces.getChangeRequestPdf(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'));
    expectOfficial('getChangeRequestPDF', 200, data);
    expect(data.url.startsWith(`${gb.url}/__files/pdf/`)).toBe(true);
  });

  it('serves a PDF 1.4 document with every page title', async () => {
    const { body } = await t.call('reader', 'GET', `${CR}/pdf`);
    const pdf = await fetchPdf(gb, body.url);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    expect(pdf.text.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.text.trimEnd().endsWith('%%EOF')).toBe(true);
    // The text is set in an embedded font (glyph ids, compressed), so it is read as a viewer reads it.
    const titles = ['Welcome to Acme', 'Onboarding', 'Policies', 'Remote work', 'Expenses'];
    for (const title of titles) expect(pdf.read!.text).toContain(title);
    expect(pdf.read!.outline).toEqual(titles);
    expect(pdf.read!.text).toContain('Core hours are 10:00 to 15:00, and Fridays are');
    expect(pdf.read!.text).toContain('how we work at Acme Corporation');
  });

  it('has a cross-reference table whose offsets point at the objects', async () => {
    const pdf = await fetchPdf(gb, (await t.call('reader', 'GET', `${CR}/pdf`)).body.url);
    const start = Number(/startxref\n(\d+)/.exec(pdf.text)![1]);
    expect(pdf.text.slice(start, start + 4)).toBe('xref');
    const offsets = [...pdf.text.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(pdf.text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });

  it('with page, names the page in the URL and holds the page and its subpages', async () => {
    const { body } = await t.call('reader', 'GET', `${CR}/pdf?page={pages.policies}`);
    expect(new URL(body.url).searchParams.get('page')).toBe(gb.id('pages', 'policies'));
    const pdf = await fetchPdf(gb, body.url);
    expect(['Policies', 'Remote work', 'Expenses'].every((s) => pdf.read!.text.includes(s))).toBe(true);
    expect(pdf.read!.outline).toEqual(['Policies', 'Remote work', 'Expenses']);
    expect(pdf.read!.text).not.toContain('Onboarding');
  });

  it('with only, holds that page alone', async () => {
    const { body } = await t.call('reader', 'GET', `${CR}/pdf?page={pages.policies}&only=true`);
    expect(new URL(body.url).searchParams.get('only')).toBe('true');
    const pdf = await fetchPdf(gb, body.url);
    expect(pdf.read!.text).toContain('The rules we all follow.');
    // The Policies page names Remote work in its text, so the headings are read from the outline.
    expect(pdf.read!.outline).toEqual(['Policies']);
    expect(pdf.read!.text).not.toContain('Work from anywhere');
  });

  it('refuses only without page with 400', async () => {
    const res = await t.call('reader', 'GET', `${CR}/pdf?only=true`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('page');
  });

  it('answers 404 for a page that is not in the change request', async () => {
    expect((await t.call('reader', 'GET', `${CR}/pdf?page=nope`)).status).toBe(404);
  });

  it('expires the URL after an hour (410)', async () => {
    const { body } = await t.call('reader', 'GET', `${CR}/pdf`);
    await t.admin('POST', '/__admin/clock', { advance: 'PT2H' });
    expect((await gb.fetch(body.url)).status).toBe(410);
  });

  it('hides a private change request from an outsider (404)', async () => {
    expect((await t.call('outsider', 'GET', `${CR}/pdf`)).status).toBe(404);
  });
});

describe('change request PDF URL signature (issue 11 item 14)', () => {
  it('is signed, and serves until its expiry on the virtual clock, then 410', async () => {
    const { body } = await t.call('reader', 'GET', `${CR}/pdf`);
    const url = new URL(body.url);
    expect(url.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
    await t.admin('POST', '/__admin/clock', { advance: 'PT59M' });
    expect((await gb.fetch(body.url)).status).toBe(200);
    await t.admin('POST', '/__admin/clock', { advance: 'PT2M' });
    const late = await gb.fetch(body.url);
    expect(late.status).toBe(410);
    expect((await late.json()).error.code).toBe(410);
  });

  it('refuses a moved expires, another page, an added or a missing parameter with 403', async () => {
    const { body } = await t.call('reader', 'GET', `${CR}/pdf?page={pages.policies}&only=true`);
    const tamper = (change: (u: URL) => void) => {
      const u = new URL(body.url);
      change(u);
      return u.toString();
    };
    const urls = [
      tamper((u) => u.searchParams.set('expires', '2999-01-01T00:00:00.000Z')),
      tamper((u) => u.searchParams.set('page', gb.id('pages', 'onboarding'))),
      tamper((u) => u.searchParams.delete('only')),
      tamper((u) => u.searchParams.append('page', 'other')),
      tamper((u) => u.searchParams.delete('signature')),
      tamper((u) => {
        const signature = u.searchParams.get('signature')!;
        u.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
      }),
    ];
    for (const url of urls) {
      const res = await gb.fetch(url);
      expect(res.status, url).toBe(403);
      expect((await res.json()).error.code).toBe(403);
    }
    // The URL as given still works, whatever the order of its parameters.
    const reordered = new URL(body.url);
    reordered.search = `?${[...reordered.searchParams].reverse().map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
    expect((await gb.fetch(reordered.toString())).status).toBe(200);
  });
});

describe('change request PDF text in any script (issue 12 point 7)', () => {
  const paragraphs = Array.from({ length: 90 }, (_, i) => `Paragraph ${i + 1} of the travel rules, long enough to wrap onto a second line of the sheet when it is set in ten point type.`);
  const scenario = {
    description: 'starter and a change request whose pages are written in several scripts',
    extends: 'starter',
    changeRequests: [
      {
        key: 'multilingual',
        space: 'handbook',
        subject: 'Übersetzungen für Zürich',
        status: 'open',
        createdBy: 'editor',
        createdAt: '-P1D',
        changes: [
          {
            page: 'remote-work',
            title: 'Télétravail à Genève',
            markdown: '# Télétravail à Genève\n\nCafé, crème brûlée, façade; Straße und Größe; Łódź, Dvořák, Ångström.\n\nΚαλημέρα κόσμε: ο χώρος εργασίας.\n\nПривет, мир: удалённая работа.\n',
          },
          { page: 'expenses', title: 'Frais de déplacement', markdown: `# Frais de déplacement\n\n${paragraphs.join('\n\n')}\n` },
        ],
      },
    ],
  };
  const multilingual = useGitBookMock({ wallClock: () => 0, ...scenarioOptions('multilingual', scenario) });
  const t = callsOn(multilingual);

  /** The PDF of the whole change request, or of one page (`?page={pages.key}&only=true`). */
  async function multilingualPdf(query = '') {
    const { body } = await t.call('reader', 'GET', `/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.multilingual}/pdf${query}`);
    const pdf = await fetchPdf(multilingual, body.url);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    return pdf.read!;
  }

  it('keeps accented, Greek and Cyrillic letters in the text, the headings and the title', async () => {
    const pdf = await multilingualPdf();
    for (const text of ['Café, crème brûlée, façade; Straße und Größe; Łódź, Dvořák, Ångström.', 'Καλημέρα κόσμε: ο χώρος εργασίας.', 'Привет, мир: удалённая работа.']) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.outline).toEqual(['Welcome to Acme', 'Onboarding', 'Policies', 'Télétravail à Genève', 'Frais de déplacement']);
    expect(pdf.title).toMatch(/^#\d+ Übersetzungen für Zürich$/);
  });

  it('spreads a long page over as many sheets as it needs, losing no line', async () => {
    const pdf = await multilingualPdf('?page={pages.expenses}&only=true');
    expect(pdf.pages).toBeGreaterThan(1);
    expect(pdf.outline).toEqual(['Frais de déplacement']);
    for (const paragraph of [paragraphs[0], paragraphs[44], paragraphs[89]]) expect(pdf.text).toContain(paragraph);
  });
});

describe('file downloads', () => {
  it('serves a PDF file of a change request as a PDF that names the file', async () => {
    const { data } = await gb
      .client('reader')
      .spaces.getFileInChangeRequestById(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'), gb.id('files', 'benefits-guide'));
    const pdf = await fetchPdf(gb, data.downloadURL!);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    expect(pdf.read!.text).toContain('benefits-guide.pdf');
  });
});
