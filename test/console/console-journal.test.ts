/**
 * The QA console's answers to "what did my app get back?" and its hand-over tools, in a real
 * headless Chromium against a mock on loopback: the streaming journal, the side-by-side detail
 * panel and its curl command, live fault counts, deleted and purged marks, record editing,
 * named snapshots and the session link. Set SCREENSHOTS_DIR to keep pictures of the screens.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, serveMock, type ServedMock } from '../helpers/browser.ts';

const DAY = 24 * 60 * 60 * 1000;
const shots = process.env.SCREENSHOTS_DIR;

describe('the QA console: journal, state and hand-over', () => {
  let served: ServedMock;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Admin calls the page made, as `METHOD path`. */
  const calls: string[] = [];

  const shot = async (name: string, target: Page = page) => {
    if (shots) await target.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  };
  const api = (path: string, init: RequestInit & { user?: string; session?: string } = {}) => {
    const { tokens } = served.mock.runtime.manifest;
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (init.user) headers.Authorization = `Bearer ${tokens[init.user]}`;
    if (init.session) headers['X-Mock-Session'] = init.session;
    if (init.body) headers['Content-Type'] = 'application/json';
    return fetch(`${served.origin}${path}`, { ...init, headers });
  };
  const adminJson = async (path: string, session?: string) =>
    (await fetch(`${served.origin}${path}`, { headers: session ? { 'X-Mock-Session': session } : {} })).json();
  /** An export without the instant of its running clock (two reads a moment apart differ there only). */
  const untimed = ({ clock, ...rest }: { clock: { frozen: boolean } }) => ({ ...rest, frozen: clock.frozen });

  beforeAll(async () => {
    served = await serveMock();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
    page = await context.newPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/__admin/') && !url.pathname.startsWith('/__admin/ui')) calls.push(`${request.method()} ${url.pathname}`);
    });
    await page.goto(`${served.origin}/__admin/ui#requests`);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('streams requests in as they are answered, without polling the journal', async () => {
    await expect.poll(() => page.locator('#requests-live').textContent()).toMatch(/^Live/);
    const space = served.mock.runtime.manifest.ids.spaces.handbook;
    const got = await api(`/v1/spaces/${space}`, { user: 'reader' });
    expect(got.status).toBe(200);
    const row = page.locator('#request-table tbody tr', { hasText: `/v1/spaces/${space}` });
    await expect.poll(() => row.count(), { timeout: 3000 }).toBe(1);
    expect(await row.locator('td').nth(5).textContent()).toBe('reader');
    // Three seconds more on the screen: the old console asked GET /__admin/requests every second.
    await page.waitForTimeout(3000);
    expect(calls.filter((c) => c === 'GET /__admin/requests')).toEqual([]);
    expect(calls.filter((c) => c === 'GET /__admin/requests/stream')).toHaveLength(1);
  });

  it('opens an exchange side by side, JSON pretty-printed, and its curl command sends the request again', async () => {
    const space = served.mock.runtime.manifest.ids.spaces.handbook;
    const sent = await api(`/v1/spaces/${space}/comments`, { method: 'POST', user: 'commenter', body: JSON.stringify({ body: { markdown: 'Please check the **travel** policy' } }) });
    const answer = await sent.json();
    const row = page.locator('#request-table tbody tr', { hasText: `/v1/spaces/${space}/comments` });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Open' }).click();

    const request = page.getByRole('region', { name: 'Request', exact: true });
    const response = page.getByRole('region', { name: 'Response', exact: true });
    expect(await request.getByLabel('Request body').textContent()).toBe(JSON.stringify({ body: { markdown: 'Please check the **travel** policy' } }, null, 2));
    expect(await response.getByLabel('Response body').textContent()).toBe(JSON.stringify(answer, null, 2));
    expect(await request.textContent()).toContain('commenter');
    expect(await response.textContent()).toContain(String(sent.status));
    expect(await response.textContent()).toContain('content-type: application/json');
    // Side by side: the response starts to the right of the request, on the same line.
    const [left, right] = [await request.boundingBox(), await response.boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(2);

    await page.getByRole('button', { name: 'Copy as curl' }).click();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toBe(await page.locator('#request-curl').textContent());
    expect(curl).toContain(`Authorization: Bearer ${served.mock.runtime.manifest.tokens.commenter}`);
    await shot('request-detail');
    // The command, run by a shell, posts the same comment again and gets the same status.
    const before = served.mock.runtime.db.comments.list().length;
    const { stdout } = await promisify(execFile)('sh', ['-c', curl]);
    expect(stdout.split('\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${sent.status}`));
    expect(served.mock.runtime.db.comments.list().length).toBe(before + 1);
  });

  it('updates Matched on the Fault rules screen when a rule fires', async () => {
    await page.getByRole('link', { name: 'Fault rules' }).click();
    await page.getByLabel('Operation id').fill('getSpaceById');
    await page.getByLabel('Answer with status').fill('503');
    await page.getByRole('button', { name: 'Add the rule' }).click();
    const rule = page.locator('#fault-table tbody tr', { hasText: 'getSpaceById' });
    await expect.poll(() => rule.locator('td').nth(3).textContent()).toBe('0');
    const space = served.mock.runtime.manifest.ids.spaces.handbook;
    for (let i = 0; i < 2; i++) expect((await api(`/v1/spaces/${space}`, { user: 'reader' })).status).toBe(503);
    // No click, no reload: the count follows the rule's firings.
    await expect.poll(() => rule.locator('td').nth(3).textContent(), { timeout: 3000 }).toBe('2');
    await shot('faults-live');
    await page.getByRole('button', { name: 'Remove every rule' }).click();
    await expect.poll(() => page.locator('#fault-table tbody').textContent()).toBe('No rules');
  });

  it('marks deleted and purged records in the state browser', async () => {
    expect((await fetch(`${served.origin}/__admin/scenarios/trash`, { method: 'POST' })).status).toBe(200);
    await fetch(`${served.origin}/__admin/clock`, { method: 'POST', body: JSON.stringify({ advance: 'P1D' }), headers: { 'Content-Type': 'application/json' } });
    const { ids } = served.mock.runtime.manifest;
    await page.getByRole('link', { name: 'State' }).click();
    await page.getByRole('button', { name: /^spaces \(\d+\)$/ }).click();
    const mark = (key: string) => page.locator('#record-table tbody tr', { hasText: ids.spaces[key] }).locator('td').nth(2);
    await expect.poll(() => mark('deleted-1h').textContent()).toBe('deleted');
    expect(await mark('deleted-3d').textContent()).toBe('deleted');
    expect(await mark('deleted-6d23h').textContent()).toBe('purged');
    expect(await mark('handbook').textContent()).toBe('');
    // The API agrees: the purged space cannot be restored, the deleted one can.
    expect((await api(`/v1/spaces/${ids.spaces['deleted-6d23h']}/restore`, { method: 'POST', user: 'admin' })).status).toBe(404);
    expect(served.mock.runtime.clock.nowMs() - Date.parse(served.mock.runtime.manifest.now)).toBeGreaterThanOrEqual(DAY);
  });

  it('edits a record as JSON and saves it; a bad edit is refused naming the path, and nothing changes', async () => {
    const { ids } = served.mock.runtime.manifest;
    const id = ids.spaces['deleted-3d'];
    await page.locator('#record-table tbody tr', { hasText: id }).getByRole('button', { name: 'Open' }).click();
    const editor = page.getByLabel(/The record as JSON/);
    const record = JSON.parse(await editor.inputValue());
    expect(record.id).toBe(id);

    await editor.fill(JSON.stringify({ ...record, visibility: 'everyone' }, null, 2));
    const before = JSON.stringify(served.mock.runtime.exportState());
    await page.getByRole('button', { name: 'Save the record' }).click();
    await expect.poll(() => page.locator('#notice[role=alert]').textContent()).toMatch(/^Save the record failed: Invalid record: body\.visibility must be one of/);
    expect(JSON.stringify(served.mock.runtime.exportState())).toBe(before);

    await editor.fill(JSON.stringify({ ...record, title: 'Renamed in the console' }, null, 2));
    await page.getByRole('button', { name: 'Save the record' }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe(`Saved spaces ${id}`);
    expect(served.mock.runtime.db.spaces.get(id)!.title).toBe('Renamed in the console');
    await page.locator('#record-table tbody tr', { hasText: id }).getByRole('button', { name: 'Open' }).click();
    await shot('state-edit');
  });

  it('saves the state as a named snapshot, downloads it, and loads it into another session', async () => {
    await page.getByLabel('Snapshot name').fill('bug-42');
    await page.getByRole('button', { name: 'Save the state as a snapshot' }).click();
    const row = page.locator('#snapshot-table tbody tr', { hasText: 'bug-42' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').first().textContent()).toBe('trash');

    const [file] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download bug-42' }).click()]);
    expect(file.suggestedFilename()).toBe('bug-42.json');
    expect(untimed(JSON.parse(readFileSync((await file.path())!, 'utf8')))).toEqual(untimed(await adminJson('/__admin/state')));
    await shot('snapshots');

    // Session bob is new: typing its name starts it (a read alone would not). The snapshot
    // brings the state with the edit, and its scenario, manifest, seed and clock.
    const unstarted = await fetch(`${served.origin}/__admin/health`, { headers: { 'X-Mock-Session': 'bob' } });
    expect(unstarted.headers.get('x-mock-warning')).toMatch(/^Session "bob" does not exist/);
    expect((await adminJson('/__admin/sessions')).items.map((s: { name: string }) => s.name)).not.toContain('bob');
    await page.getByLabel('Session', { exact: true }).fill('bob');
    await page.getByRole('button', { name: 'Use', exact: true }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Using session bob');
    expect((await fetch(`${served.origin}/__admin/health`, { headers: { 'X-Mock-Session': 'bob' } })).headers.get('x-mock-warning')).toBeNull();
    await row.getByRole('button', { name: 'Load bug-42', exact: true }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Loaded snapshot bug-42');
    expect(untimed(await adminJson('/__admin/state', 'bob'))).toEqual(untimed(await adminJson('/__admin/state')));
  });

  it('gives a link that opens the console on the session, with a copy button', async () => {
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${served.origin}/__admin/ui#session=bob`);
    await shot('session-link');

    const other = await context.newPage();
    const sessions: (string | undefined)[] = [];
    other.on('request', (r) => { if (r.url().includes('/__admin/health')) sessions.push(r.headers()['x-mock-session']); });
    await other.goto(link);
    await expect.poll(() => other.locator('#session-name').inputValue()).toBe('bob');
    const health = await adminJson('/__admin/health', 'bob');
    await expect.poll(() => other.locator('#current-scenario').textContent()).toBe(health.scenario);
    expect(sessions).toContain('bob');
    // The link names the session; the address then shows the screen only.
    expect(new URL(other.url()).hash).toBe('#scenarios');
    // A link to a session that is gone says so, and does not start an empty one.
    await other.goto(`${served.origin}/__admin/ui#session=gone-home`);
    await expect.poll(() => other.locator('#notice').textContent()).toMatch(/Session "gone-home" does not exist/);
    expect((await adminJson('/__admin/sessions')).items.map((s: { name: string }) => s.name)).not.toContain('gone-home');
    await other.close();
  });
});
