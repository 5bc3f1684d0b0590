/** Paths and small helpers shared by the docs-sites tests. */
import { expect } from 'vitest';
import type { Calls } from '../../helpers/calls.ts';

export const ORG = '/v1/orgs/{organizations.acme}';
export const SITES = `${ORG}/sites`;
export const SITE = `${SITES}/{sites.docs-site}`;

export async function state(t: Calls): Promise<unknown> {
  return (await t.admin('GET', '/__admin/state')).body;
}

/** Sends a request that must be refused with `status`, naming `field`, and change nothing. */
export async function expectRefused(t: Calls, method: string, path: string, body: unknown, status: number, field?: string) {
  const before = await state(t);
  const res = await t.call('admin', method, path, body);
  expect(res.status).toBe(status);
  if (field) expect(res.body.error.message).toContain(field);
  expect(await state(t)).toEqual(before);
  return res;
}

/** Creates a site in acme with the given spaces (by key) and returns its id. */
export async function newSite(t: Calls, spaces: string[] = [], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.call('admin', 'POST', SITES, { title: 'Second site', spaces: spaces.map((k) => t.id('spaces', k)), ...extra });
  expect(res.status).toBe(201);
  return res.body.id;
}
