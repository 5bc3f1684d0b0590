/**
 * The `large` generator: one organization (the scenario's `organization` key) grown to
 * thousands of members, teams, spaces, change requests and comments, all derived from the
 * seed. Records are built directly (no per-entity keys), in posting order. The largest families
 * (comments, change requests and their revisions) are described rather than made: each row is a
 * function of its position, made by the store when first read (store/generated-rows.ts).
 */
import { fnv1a, idStream, mix32, PositionalIds } from '../ids.ts';
import { withDocument } from '../rules/page-document.ts';
import type { Builder } from './builder.ts';
import { ROLES } from '../auth/roles.ts';
import { isoFormatter } from '../clock.ts';
import type { ChangeRequestRecord, CommentRecord, RevisionRecord, SpaceRecord } from '../store/records.ts';
import type { RowMaker } from '../store/generated-rows.ts';
import { storageKeyOf } from '../store/collections/storage-files.ts';

interface LargeOptions {
  organization: string;
  /** Key of the space that gets `busiestShare` of all comments. */
  busiestSpace?: string;
  members: number;
  teams: number;
  spaces: number;
  changeRequests: number;
  comments: number;
  busiestShare: number;
  /** Engine families: collections of the organization, redirects of its first site. */
  collections: number;
  redirects: number;
  /** The generic tier's families (src/resources/generic/): glossary entries of the organization. */
  glossaryEntries: number;
  /** Custom fonts of the organization, each a regular face (and every other a bold one) of a file of its storage, declared with no bytes. */
  fonts: number;
  /** Audit events of the organization, each a member updating a space. */
  auditEvents: number;
  /** Questions asked on the organization's first site, each with its answer; a topic, scan and finding per ten. */
  questions: number;
}

const DAY = 86_400_000;
const STATUSES = ['open', 'open', 'draft', 'archived', 'merged'] as const;

function options(b: Builder, raw: Record<string, unknown>): LargeOptions {
  const num = (name: string, fallback: number) => {
    const value = raw[name] ?? fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) b.fail(`/generator/options/${name}`, 'must be a whole number');
    return value;
  };
  if (typeof raw.organization !== 'string') b.fail('/generator/options/organization', 'must name an organization key');
  return {
    organization: raw.organization,
    busiestSpace: typeof raw.busiestSpace === 'string' ? raw.busiestSpace : undefined,
    members: num('members', 2000),
    teams: num('teams', 100),
    spaces: num('spaces', 50),
    changeRequests: num('changeRequests', 5000),
    comments: num('comments', 100_000),
    busiestShare: Number(raw.busiestShare ?? 0.5),
    collections: num('collections', 20),
    redirects: num('redirects', 500),
    glossaryEntries: num('glossaryEntries', 1000),
    fonts: num('fonts', 20),
    auditEvents: num('auditEvents', 1000),
    questions: num('questions', 200),
  };
}

export function generateLarge(b: Builder, raw: Record<string, unknown>): void {
  const o = options(b, raw);
  const org = b.ref('organizations', o.organization, '/generator/options/organization');
  const f = b.faker;
  const streams = new Map<string, () => string>();
  /** The stream of ids of a kind (the loops over thousands take theirs once). */
  const idsOf = (kind: string) => {
    let next = streams.get(kind);
    if (!next) streams.set(kind, (next = idStream(`${b.seed}:large:${kind}`)));
    return next;
  };
  const id = (kind: string) => idsOf(kind)();
  // Most times are a few hundred whole days ago, each written once and shared by the rows
  // that have it; change requests and comments, each at its own time, have a formatter each.
  const written = new Map<number, string>();
  const sinceMs = (days: number) => {
    let text = written.get(days);
    if (text === undefined) written.set(days, (text = new Date(b.nowMs - days * DAY).toISOString()));
    return text;
  };

  // Words of faker's lists picked by position, not drawn in turn: 4,000 names and 5,000
  // commit messages drawn one after the other took about 65 ms of a load of `large` on a
  // server just started (issue 25).
  const pick = picker(`${b.seed}:${b.fillerSeed}:large`);
  const { person, hacker } = f.definitions;
  const firstNames = person.first_name.generic ?? ['Alex'];
  const lastNames = person.last_name.generic ?? ['Smith'];

  // Members: users with realistic names, every role and some guests.
  const userIds: string[] = b.state.members.filter((m) => m.organization === org).map((m) => m.user);
  const domain = b.built(b.state.organizations, org).emailDomains[0] ?? 'large.test';
  for (let i = 0; i < o.members; i++) {
    const user = id('user');
    const first = pick(firstNames, i, 0);
    const last = pick(lastNames, i, 1);
    b.state.users.push({
      id: user,
      displayName: `${first} ${last}`,
      email: `${first}.${last}.${i}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
      token: `gb_api_${id('token')}${id('token').slice(0, 12)}`,
      createdAt: sinceMs(400),
    });
    const memberId = `${org}:${user}`;
    const role = i % 20 === 19 ? null : ROLES[i % ROLES.length];
    const joinedAt = sinceMs(365 - (i % 365));
    const sso = i % 10 === 0;
    // Two literals rather than a spread of the optional field (a spread that adds a key is slow).
    b.state.members.push(
      i % 3 !== 0
        ? { id: memberId, organization: org, user, role, joinedAt, lastSeenAt: sinceMs((i % 30) + 0.5), sso, disabled: false }
        : { id: memberId, organization: org, user, role, joinedAt, sso, disabled: false },
    );
    userIds.push(user);
  }

  for (let t = 0; t < o.teams; t++) {
    const team = id('team');
    b.state.teams.push({ id: team, organization: org, title: `${f.commerce.department()} ${t}`, createdAt: sinceMs(200 - t) });
    for (let k = 0; k < 20 && userIds.length > 0; k++) {
      const user = userIds[(t * 20 + k) % userIds.length];
      if (b.state.teamMembers.length > 0 && b.state.teamMembers[b.state.teamMembers.length - 1].id === `${team}:${user}`) continue;
      b.state.teamMembers.push({ id: `${team}:${user}`, team, organization: org, user, role: k === 0 ? 'owner' : 'member', joinedAt: sinceMs(100) });
    }
  }

  // Spaces: the scenario's own spaces in the organization, then generated ones.
  const spaces = b.state.spaces.filter((s) => s.organization === org);
  const revisions = new Map(b.state.revisions.map((r) => [r.id, r]));
  for (let s = 0; s < o.spaces; s++) {
    const space = id('space');
    const createdAt = sinceMs(300 - s);
    const rev: RevisionRecord = {
      id: id('revision'),
      space,
      parents: [],
      type: 'edits',
      pages: [
        withDocument({
          id: id('page'),
          title: 'Overview',
          slug: 'overview',
          type: 'document' as const,
          markdown: `# Overview\n\n${f.lorem.paragraph()}\n`,
          createdAt,
          updatedAt: createdAt,
          pages: [],
        }),
      ],
      files: [],
      reusableContents: [],
      variables: {},
      createdAt,
    };
    b.state.revisions.push(rev);
    revisions.set(rev.id, rev);
    const record = {
      id: space,
      organization: org,
      title: `${f.commerce.productName()}`.slice(0, 50),
      emoji: '1f4c4',
      visibility: 'private' as const,
      editMode: 'live' as const,
      defaultLevel: 'inherit' as const,
      revision: rev.id,
      position: spaces.length,
      createdAt,
      updatedAt: createdAt,
    };
    b.state.spaces.push(record);
    spaces.push(record);
  }
  if (spaces.length === 0) return;

  // Change requests, round-robin over the spaces (so numbered per space by the round), each
  // with its revision: described, not made, as the comments below.
  const bases = spaces.map((space) => {
    const base = revisions.get(space.revision);
    if (!base) b.fail('/generator', `space ${space.id} has no revision`);
    // Spread over a copy of the base that has every key already (the same keys, in the same
    // order): a spread that adds a key made each of the 5,000 revisions 30 times slower to
    // make and to freeze (7.9 ms against 0.2 for 5,000, in-process).
    return { base, template: { ...base, id: base.id, changeRequest: '', parents: base.parents, createdAt: base.createdAt } };
  });
  const openedTime = isoFormatter();
  const crIds = new PositionalIds(`${b.seed}:large:cr`);
  const crRevisionIds = new PositionalIds(`${b.seed}:large:cr-revision`);
  const crCount = o.changeRequests;
  const openedAt = (c: number) => openedTime(b.nowMs - (90 - (c * 90) / Math.max(1, crCount)) * DAY);
  const changeRequest = (c: number, whole: boolean): ChangeRequestRecord => {
    const createdAt = whole ? openedAt(c) : '';
    return {
      id: whole ? crIds.idAt(c) : '',
      space: spaces[c % spaces.length].id,
      number: Math.floor(c / spaces.length) + 1,
      status: STATUSES[c % STATUSES.length],
      subject: whole ? `${pick(hacker.verb, c, 2)} ${pick(hacker.adjective, c, 3)} ${pick(hacker.noun, c, 4)}`.slice(0, 100) : '',
      createdBy: userIds[c % userIds.length],
      createdAt,
      updatedAt: createdAt,
      revision: whole ? crRevisionIds.idAt(c) : '',
      revisionInitial: bases[c % spaces.length].base.id,
    };
  };
  // Sketches (the rows for their index keys) leave out the ids, texts and times, as the comments' below.
  b.generated.changeRequests = described(crIds, crCount, (c) => changeRequest(c, true), (c) => changeRequest(c, false));
  b.generated.revisions = described(
    crRevisionIds,
    crCount,
    (c): RevisionRecord => {
      const { base, template } = bases[c % spaces.length];
      return { ...template, id: crRevisionIds.idAt(c), changeRequest: crIds.idAt(c), parents: [base.id], createdAt: openedAt(c) };
    },
    // The base revision's copy: the same space, what the revisions' index reads (never kept).
    (c) => bases[c % spaces.length].template,
  );

  // Comments: a share on the busiest space, the rest round-robin, in posting order.
  const busiest = o.busiestSpace ? b.ref('spaces', o.busiestSpace, '/generator/options/busiestSpace') : spaces[0].id;
  const busiestRevision = b.built(b.state.spaces, busiest).revision;
  const onBusiest = Math.round(o.comments * o.busiestShare);
  const span = 180 * DAY;
  // Generated comments share their few bodies and their empty target and reactions: rows
  // are never changed in place, and sharing keeps the state small.
  const bodies = Array.from({ length: 64 }, () => Object.freeze({ markdown: f.lorem.sentence() }));
  const noTarget = Object.freeze({});
  const noReactions: CommentRecord['reactions'] = Object.freeze([]);
  const resolvedAt = new Date(b.nowMs - DAY).toISOString();
  // The comments are described, not made: the store makes each one when it is first read
  // (store/generated-rows.ts), so the row at position n is a function of n alone, its id too.
  // Making all of them at the load was about half of a load of `large` (issue 25).
  const postedTime = isoFormatter();
  const commentIds = new PositionalIds(`${b.seed}:large:comment`);
  const count = o.comments;
  const comment = (n: number, whole: boolean): CommentRecord => {
    const space = n % 2 === 0 && n / 2 < onBusiest ? undefined : spaces[n % spaces.length];
    const id = whole ? commentIds.idAt(n) : '';
    const spaceId = space?.id ?? busiest;
    const revision = space?.revision ?? busiestRevision;
    const postedBy = userIds[(n * 7) % userIds.length];
    const postedAt = whole ? postedTime(b.nowMs - span + Math.floor((n * span) / count)) : '';
    const body = bodies[n % bodies.length];
    // One literal for each status (a spread that adds keys is slow), in a posted comment's field order.
    return n % 7 === 0
      ? { id, space: spaceId, revision, postedBy, postedAt, body, target: noTarget, status: 'resolved', resolvedAt, resolvedBy: postedBy, reactions: noReactions }
      : { id, space: spaceId, revision, postedBy, postedAt, body, target: noTarget, status: 'open', reactions: noReactions };
  };
  // The sketch, without the id and the time, the costly fields no index of comments reads: the
  // first count of a space's comments reads all 100,000 for their keys.
  b.generated.comments = described(commentIds, count, (n) => comment(n, true), (n) => comment(n, false));

  generateFamilies(b, o, org, id);
  generateInsights(b, o, org, userIds, spaces, id);
}

/** An id of the UUID form (what an audit event's id takes), the `n`th of the organization's. */
function uuidOf(org: string, n: number): string {
  const hex = (fnv1a(org) >>> 0).toString(16).padStart(8, '0');
  return `${hex}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/**
 * The organization's audit events (a member updated a space), and on its first site topics, a
 * scan and a finding per topic, questions and their answers: records of the generic tier's
 * families that name the state's users, spaces and each other.
 */
function generateInsights(b: Builder, o: LargeOptions, org: string, userIds: readonly string[], spaces: readonly SpaceRecord[], id: (kind: string) => string): void {
  const at = (n: number, every: number) => new Date(b.nowMs - (n + 1) * every).toISOString();
  const users = new Map(b.state.users.map((u) => [u.id, u]));
  for (let e = 0; e < o.auditEvents && userIds.length > 0 && spaces.length > 0; e++) {
    const user = users.get(userIds[(e * 13) % userIds.length]);
    if (!user) continue;
    const space = spaces[e % spaces.length];
    b.state.officialRecords.push({
      id: uuidOf(org, e),
      parent: org,
      family: '/v1/orgs/{}/audit-events',
      fields: { action: 'space.update', source: 'api', actor: { type: 'user', id: user.id, label: user.displayName }, target: { type: 'space', id: space.id, label: space.title } },
      createdAt: at(e, 3_600_000),
    });
  }
  const site = b.state.sites.find((s) => s.organization === org);
  if (!site) return;
  const family = (name: string) => `/v1/orgs/{}/sites/{}/${name}`;
  let topic = '';
  for (let q = 0; q < o.questions; q++) {
    const createdAt = at(q, 600_000);
    if (q % 10 === 0) {
      const space = spaces[(q / 10) % spaces.length];
      topic = id('topic');
      const scan = id('scan');
      b.state.officialRecords.push(
        { id: topic, parent: site.id, family: family('topics'), fields: { label: space?.title ?? `Topic ${q / 10 + 1}`, usageSettings: { changeRequests: true } }, createdAt },
        { id: scan, parent: site.id, family: family('scans'), fields: { status: 'done', topic, findings: { low: 0, medium: 1, high: 0 } }, createdAt },
        { id: id('finding'), parent: site.id, family: family('findings'), fields: { title: `${space?.title ?? 'A page'} may be out of date`, status: 'open', type: 'content-outdated', severity: 'medium', autoFixable: false, scan, topic }, createdAt },
      );
    }
    const question = id('question');
    const text = `Question ${q + 1} about ${spaces[q % Math.max(spaces.length, 1)]?.title ?? 'the docs'}`;
    b.state.officialRecords.push(
      { id: question, parent: site.id, family: family('questions'), fields: { question: text, type: 'how-to' }, createdAt },
      {
        id: id('answer'), parent: site.id, family: family('answers'), createdAt,
        fields: { question: { id: question, type: 'how-to' }, topics: [topic], input: { text, raw: text }, language: 'en', answered: 'yes', helpfulness: 'medium', relevance: 'relevant', channel: { type: 'site' }, responseId: `${question}-response`, response: { id: `${question}-response`, role: 'assistant', steps: [] } },
      },
    );
  }
}

/** Rows made from their position, with ids of `ids`: `make` for the row, `sketch` for its index keys. */
function described<T extends { readonly id: string }>(ids: PositionalIds, length: number, make: (position: number) => T, sketch: (position: number) => T): RowMaker<T> {
  return { length, idAt: (n) => ids.idAt(n), positionOf: (id) => ids.positionOf(id, length), make, sketch };
}

/** Picks from a list by position and draw (a hash of the seed text, the position and the draw). */
function picker(seedText: string): (list: readonly string[], position: number, draw: number) => string {
  const key = fnv1a(seedText);
  return (list, position, draw) => list[mix32((mix32((position ^ key) >>> 0) + draw) >>> 0) % list.length];
}

/** Collections (a few nested), glossary entries, and the redirects and a Slack channel of the organization's first site, if it has one. */
function generateFamilies(b: Builder, o: LargeOptions, org: string, id: (kind: string) => string): void {
  const createdAt = new Date(b.nowMs - 30 * DAY).toISOString();
  const top: string[] = [];
  for (let c = 0; c < o.collections; c++) {
    const nested = c % 4 === 3 && top.length > 0;
    const cid = id('collection');
    b.state.collections.push({
      id: cid,
      parent: org,
      title: `${b.faker.commerce.department()} ${c + 1}`.slice(0, 50),
      ...(nested && { collection: top[c % top.length] }),
      defaultLevel: 'inherit',
      createdAt,
    });
    if (!nested) top.push(cid);
  }
  // Glossary entries: records of a generic family, their translations laid over the official object.
  for (let g = 0; g < o.glossaryEntries; g++) {
    const word = `term ${g + 1}`;
    b.state.officialRecords.push({
      id: id('glossary'),
      parent: org,
      family: '/v1/orgs/{}/translations-glossary',
      fields: { translations: { en: word, fr: `terme ${g + 1}`, de: `Begriff ${g + 1}` } },
      createdAt,
    });
  }
  for (let n = 0; n < o.fonts; n++) {
    const face = (weight: number, name: string) => {
      const file = id('upload');
      b.state.storageFiles.push({ id: file, parent: org, storageKey: storageKeyOf('customization_font', org, file, name), kind: 'customization_font', name, contentType: 'font/woff2', content: '', createdAt });
      return { weight, file };
    };
    const faces = [face(400, `font-${n + 1}-regular.woff2`), ...(n % 2 === 0 ? [face(700, `font-${n + 1}-bold.woff2`)] : [])];
    b.state.customFonts.push({ id: id('font'), parent: org, fontFamily: `Font ${n + 1}`, faces, createdAt });
  }
  const site = b.state.sites.find((s) => s.organization === org);
  if (!site) return;
  b.state.siteChannels.push({ id: id('siteChannel'), parent: site.id, type: 'builtin:slack', setupSettings: { allowedChannels: ['support'] }, role: 'support', createdAt });
  for (let r = 0; r < o.redirects; r++) {
    b.state.siteRedirects.push({
      id: id('redirect'),
      parent: site.id,
      source: `/legacy/page-${r + 1}${r % 10 === 0 ? '/*' : ''}`,
      destination: { kind: 'external', url: `https://example.com/archive/${r + 1}` },
      draft: r % 25 === 0,
      captureWildcard: r % 10 === 0,
      permanent: r % 2 === 0,
      createdAt: new Date(b.nowMs - (o.redirects - r) * 60_000).toISOString(),
    });
  }
}
