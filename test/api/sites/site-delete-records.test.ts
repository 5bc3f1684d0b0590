/**
 * A deleted site takes its generic records with it (findings, scans, topics, questions, answers,
 * context connections and records: `officialRecords` whose parent it is), as it takes its own
 * sections and share links: no record of the state names a site that is gone, the state
 * exported after the delete imports back, and another site's or the organization's records stay.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { parentCollectionOf } from '../../../src/store/collections/official-records.ts';
import { SITE, SITES, newSite } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

interface StateRecord {
  id: string;
  parent: string;
  family: string;
}

async function officialRecords(): Promise<StateRecord[]> {
  return (await t.admin('GET', '/__admin/state')).body.officialRecords;
}

describe('deleting a site', () => {
  it("takes the records kept under it, keeps the others', and the state imports back", async () => {
    const site = t.id('sites', 'docs-site');
    const other = await newSite(t);
    // One record under the other site too: a pushed context record (and its API connection).
    expect((await t.call('admin', 'PUT', `${SITES}/${other}/context-records`, [{ id: 'kept', type: 'ticket', title: 'Kept', body: 'Stays' }])).status).toBe(204);
    const before = await officialRecords();
    const under = before.filter((r) => r.parent === site);
    // starter keeps findings, scans, topics, questions, answers and context records under docs-site.
    expect(new Set(under.map((r) => r.family.split('/').at(-1))).size).toBeGreaterThanOrEqual(5);
    const elsewhere = before.filter((r) => r.parent !== site);
    expect(elsewhere.some((r) => r.parent === other)).toBe(true);

    expect((await t.call('admin', 'DELETE', SITE)).status).toBe(205);

    const after = await officialRecords();
    expect(after.filter((r) => r.parent === site)).toEqual([]);
    // What pointed elsewhere stays, with the audit event the delete itself left.
    expect(after.filter((r) => elsewhere.some((e) => e.id === r.id)).map((r) => r.id)).toEqual(elsewhere.map((r) => r.id));
    const exported = (await t.admin('GET', '/__admin/state')).body;
    expect((await t.admin('PUT', '/__admin/state', exported)).status).toBe(200);
    expect((await t.call('reader', 'GET', `${SITES}/${other}/context-records/kept`)).status).toBe(200);
  });
});

describe('parentCollectionOf', () => {
  it("reads a family's parent from the segment before its path's last id", () => {
    expect(parentCollectionOf('/v1/orgs/{}/sites/{}/findings')).toBe('sites');
    expect(parentCollectionOf('/v1/orgs/{}/audit-events')).toBe('organizations');
    expect(parentCollectionOf('/v1/orgs/{}/sites/{}/findings/{}/answers')).toBeUndefined();
    expect(parentCollectionOf('/v1/integrations/{}/events')).toBe('integrations');
  });
});
