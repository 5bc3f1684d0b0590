/**
 * The tests every file of this suite runs in its own session: it renames, comments, deletes
 * and moves its clock, then checks that it sees only its own writes and that the reset before
 * the next test brought the scenario back, whatever the other files did meanwhile.
 */
import { expect, it } from 'vitest';
import { useGitBookMock } from '../../../../src/vitest/index.ts';

export function sessionSuite(label: string, scenario?: string): void {
  const gb = useGitBookMock(scenario ? { scenario } : {});
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { authorization: `Bearer ${gb.token()}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await gb.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  };
  const handbook = () => `/v1/spaces/${gb.id('spaces', 'handbook')}`;
  const spacesOfAcme = async () => (await call('GET', `/v1/orgs/${gb.id('organizations', 'acme')}/spaces`)).body.items.map((s: { id: string }) => s.id);
  const otherLabels = (text: string) => (text.match(/file-\d+ #/g) ?? []).filter((m) => m !== `${label} #`);

  it('writes, deletes and moves its clock in its own session', async () => {
    expect(gb.session).toContain(label);
    expect((await call('PATCH', handbook(), { title: `Handbook of ${label}` })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', `${handbook()}/comments`, { body: { markdown: `${label} #${i}` } })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5)); // let the other files interleave
    }
    expect((await call('DELETE', `/v1/spaces/${gb.id('spaces', 'api-docs')}`)).status).toBe(205);
    const clock = await gb.fetch('/__admin/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advance":"P3D"}' });
    expect(clock.status).toBe(200);

    expect((await call('GET', handbook())).body.title).toBe(`Handbook of ${label}`);
    const comments = await call('GET', `${handbook()}/comments?limit=100`);
    expect(comments.text).toContain(`${label} #2`);
    expect(otherLabels(comments.text)).toEqual([]);
    expect(await spacesOfAcme()).not.toContain(gb.id('spaces', 'api-docs'));
    const now = (await (await gb.fetch('/__admin/clock')).json()).now;
    expect(Date.parse(now) - Date.parse(gb.manifest.now)).toBeGreaterThanOrEqual(3 * 24 * 3600 * 1000);
  });

  it('starts the next test from the scenario, with an empty journal', async () => {
    expect((await call('GET', handbook())).body.title).not.toContain('Handbook of');
    const comments = await call('GET', `${handbook()}/comments?limit=100`);
    expect(comments.text).not.toMatch(/file-\d+ #/);
    expect(await spacesOfAcme()).toContain(gb.id('spaces', 'api-docs'));
    const now = (await (await gb.fetch('/__admin/clock')).json()).now;
    expect(Date.parse(now) - Date.parse(gb.manifest.now)).toBeLessThan(3 * 24 * 3600 * 1000);
    const journal = (await (await gb.fetch('/__admin/requests')).json()).items;
    expect(journal.map((r: { method: string }) => r.method)).toEqual(['GET', 'GET', 'GET']);
  });
}
