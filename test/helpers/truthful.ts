/**
 * "Never invent", checked from outside (issue 42): what an answer names must be in the state
 * the mock exports (`GET /__admin/state`) or in the request. `stateIndex` reads the state once;
 * `problemsIn` lists, for one answer, each reference that resolves to no record, each title,
 * name or e-mail beside a record's id that is not that record's, and each e-mail or link host
 * that the state does not hold. An empty string where an id belongs names nothing.
 */

export interface StateIndex {
  /** Every object of the state with an `id`, by that id (a page of a revision, a user, a record...). */
  records: Map<string, Record<string, unknown>[]>;
  /** Every string of the state (names, e-mails, URLs as stored). */
  strings: Set<string>;
  /** Hosts a link may point to: those of the state's URLs and hostnames, and the mock's own. */
  hosts: Set<string>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_START = /^https?:\/\//i;

/**
 * The mock's own hosts (the in-process one, where a listening mock is reached) and the
 * service's app and integrations hosts, which the mock's URLs name beside ids of the state.
 */
const OWN_HOSTS = ['gitbook-mock.local', 'localhost', '127.0.0.1', 'app.gitbook.com', 'integrations.gitbook.com'];

export function stateIndex(state: unknown): StateIndex {
  const index: StateIndex = { records: new Map(), strings: new Set(), hosts: new Set(OWN_HOSTS) };
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      index.strings.add(value);
      if (URL_START.test(value)) {
        try {
          index.hosts.add(new URL(value).hostname);
        } catch {
          // Not a URL after all.
        }
      }
      if (/hostname|domain/i.test(key) && !value.includes('/')) index.hosts.add(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
      return;
    }
    if (!isObject(value)) return;
    if (typeof value.id === 'string') index.records.set(value.id, [...(index.records.get(value.id) ?? []), value]);
    for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  visit(state, '');
  return index;
}

/** Fields that name another record by its id, wherever they appear. */
const REFERENCES = new Set([
  'organization', 'space', 'site', 'siteSpace', 'siteSection', 'siteSectionGroup', 'changeRequest', 'revision', 'page', 'user',
  'team', 'createdBy', 'postedBy', 'author', 'file', 'integration', 'installation', 'collection', 'reviewer', 'requestedBy',
  'resolvedBy', 'mergedBy', 'parent', 'connection',
]);
/**
 * Fields that name a document: the body a page or reusable content holds, named by the id it
 * carries (`documentId`, `document`), no record of its own; the state must hold that id.
 */
const DOCUMENTS = new Set(['document']);
const isReference = (key: string) => REFERENCES.has(key) || (/[a-z]Id$/.test(key) && key !== 'externalId');
/** GitBook's integrations for Git Sync, which a space's `gitSync.integration` names. */
const GIT_PROVIDERS = new Set(['github', 'gitlab']);
/** Fields beside an id that name the record: they must be the record's own. */
const NAMED = ['title', 'displayName', 'email', 'name'];

/** `skip`: paths of the answer whose field is no reference although named like one (an embed's `site` is the provider's name); `*` stands for one step. */
export function problemsIn(answer: unknown, index: StateIndex, request: Set<string>, skip: readonly string[] = []): string[] {
  const problems: string[] = [];
  const known = (id: string) => index.records.has(id) || request.has(id);
  // An organization's gitbook.io subdomain is its hostname, or its id.
  const hostKnown = (host: string) => index.hosts.has(host) || request.has(host) || (/^[^.]+\.gitbook\.io$/.test(host) && (index.strings.has(host.split('.')[0]) || index.records.has(host.split('.')[0])));
  const skipped = (path: string) => skip.some((pattern) => pattern === path || new RegExp(`^${pattern.replace(/\*/g, '[^/]+')}$`).test(path));
  const visit = (value: unknown, path: string, key: string) => {
    if (skipped(path)) return;
    if (typeof value === 'string') {
      // A synced space's Git info names GitBook's own integration for its provider, no record of the state.
      if (key === 'integration' && path.endsWith('/gitSync/integration') && GIT_PROVIDERS.has(value)) return;
      // A field named for a record must name one; another `...Id` at least an id the state holds (a response's own id).
      // An empty one names nothing, whatever empty strings the state holds.
      if ((REFERENCES.has(key) || isReference(key)) && value === '') problems.push(`${path}: an empty id names no record`);
      else if (REFERENCES.has(key) && !known(value)) problems.push(`${path}: "${value}" is no record of the state`);
      else if ((isReference(key) || DOCUMENTS.has(key)) && !known(value) && !index.strings.has(value)) problems.push(`${path}: "${value}" is no id the state holds`);
      if (EMAIL.test(value) && !index.strings.has(value)) problems.push(`${path}: e-mail "${value}" is not in the state`);
      if (URL_START.test(value)) {
        let host = '';
        try {
          host = new URL(value).hostname;
        } catch {
          host = value;
        }
        if (!hostKnown(host)) problems.push(`${path}: link "${value}" points to a host the state does not hold`);
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}/${i}`, key));
      return;
    }
    if (!isObject(value)) return;
    // A site's features name themselves (`sites-sections`), a heading's `meta.id` is its anchor: no records.
    if (typeof value.id === 'string' && !path.includes('/features/') && key !== 'meta' && !skipped(`${path}/id`)) {
      const records = index.records.get(value.id);
      if (!records && !request.has(value.id)) problems.push(`${path}/id: "${value.id}" is no record of the state`);
      for (const field of NAMED) {
        const shown = value[field];
        const stored = (records ?? []).filter((r) => typeof r[field] === 'string').map((r) => r[field]);
        if (typeof shown === 'string' && stored.length > 0 && !stored.includes(shown)) {
          problems.push(`${path}/${field}: "${shown}" is not the record's (${stored.map((s) => JSON.stringify(s)).join(', ')})`);
        }
      }
    }
    // An OpenAPI document's content is the stored document's, whatever its fields are called.
    for (const [k, v] of Object.entries(value)) if (k !== 'id' && k !== 'specification') visit(v, `${path}/${k}`, k);
  };
  visit(answer, '', '');
  return problems;
}
