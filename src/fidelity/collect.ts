/**
 * What `gitbook-mock record` keeps of the upstream's answers: the organizations, spaces, sites,
 * users and memberships their JSON bodies hold (found by their `object` field, at any depth),
 * under their upstream ids, turned into a scenario of this mock. Never a token.
 */
import type { ScenarioFile } from '../scenarios/types.ts';

type Json = Record<string, unknown>;
const KEY = /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,99}$/;
const ROLES = new Set(['admin', 'create', 'edit', 'review', 'comment', 'read']);

export class Collector {
  private readonly orgs = new Map<string, { title?: string; members: Map<string, string> }>();
  private readonly spaces = new Map<string, { organization: string; title?: string }>();
  private readonly sites = new Map<string, { organization: string; title?: string }>();
  private readonly users = new Map<string, { displayName?: string; email?: string; photoURL?: string }>();

  /** Takes in one answer's body; `path` (such as /v1/orgs/ID/members) gives relations the body leaves out. */
  add(path: string, body: unknown): void {
    const orgOfPath = /^\/v1\/orgs\/([^/?]+)/.exec(path)?.[1];
    this.walk(body, orgOfPath && KEY.test(orgOfPath) ? orgOfPath : undefined);
  }

  private org(id: string) {
    let org = this.orgs.get(id);
    if (!org) this.orgs.set(id, (org = { members: new Map() }));
    return org;
  }

  private walk(value: unknown, orgOfPath: string | undefined): void {
    if (Array.isArray(value)) return value.forEach((v) => this.walk(v, orgOfPath));
    if (!value || typeof value !== 'object') return;
    const o = value as Json;
    const id = typeof o.id === 'string' && KEY.test(o.id) ? o.id : undefined;
    const title = typeof o.title === 'string' && o.title.length >= 2 ? o.title.slice(0, 255) : undefined;
    const orgId = typeof o.organization === 'string' && KEY.test(o.organization) ? o.organization : undefined;
    if (o.object === 'organization' && id) this.org(id).title ??= title;
    else if (o.object === 'space' && id && orgId) this.spaces.set(id, { organization: orgId, title });
    else if (o.object === 'site' && id && orgId) this.sites.set(id, { organization: orgId, title });
    else if (o.object === 'user' && id) {
      this.users.set(id, {
        displayName: typeof o.displayName === 'string' && o.displayName ? o.displayName : undefined,
        email: typeof o.email === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(o.email) ? o.email : undefined,
        photoURL: typeof o.photoURL === 'string' && /^https?:\/\//.test(o.photoURL) ? o.photoURL : undefined,
      });
    } else if (o.object === 'member' && orgOfPath && typeof o.role === 'string' && ROLES.has(o.role)) {
      const user = o.user as Json | undefined;
      if (user && typeof user.id === 'string' && KEY.test(user.id)) this.org(orgOfPath).members.set(user.id, o.role);
    }
    for (const child of Object.values(o)) if (child && typeof child === 'object') this.walk(child, orgOfPath);
  }

  /** The scenario, records under their upstream ids (as keys and pinned ids). */
  scenario(description: string, anonymize: boolean): ScenarioFile {
    for (const { organization } of [...this.spaces.values(), ...this.sites.values()]) this.org(organization);
    for (const org of this.orgs.values()) for (const user of org.members.keys()) if (!this.users.has(user)) this.users.set(user, {});
    let n = 0;
    return {
      description,
      users: [...this.users].map(([id, u]) => {
        n += 1;
        return anonymize
          ? { key: id, id, displayName: `User ${n}`, email: `user${n}@example.com` }
          : { key: id, id, ...strip(u) };
      }),
      organizations: [...this.orgs].map(([id, org]) => ({
        key: id, id, ...(org.title ? { title: org.title } : {}),
        members: [...org.members].map(([user, role]) => ({ user, role: role as 'admin' })),
      })),
      spaces: [...this.spaces].map(([id, s]) => ({ key: id, id, organization: s.organization, ...(s.title ? { title: s.title } : {}) })),
      sites: [...this.sites].map(([id, s]) => ({ key: id, id, organization: s.organization, ...(s.title ? { title: s.title } : {}) })),
    };
  }
}

function strip<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
