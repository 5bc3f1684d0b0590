/** Scenario build steps for spaces and their content, change requests, comments and replies. */
import { deriveId } from '../ids.ts';
import type { Builder } from './builder.ts';
import { slugify } from '../text/slug.ts';
import type { ScenarioFile, ScenarioPage } from './types.ts';
import type { CommentRecord, FileRecord, GitSyncRecord, PageRecord, ReactionRecord, ReusableContentRecord, RevisionRecord } from '../store/records.ts';
import { repoName } from '../rules/git-sync.ts';
import { documentIdOf, withDocument } from '../rules/page-document.ts';

const DAY = 86_400_000;

function buildPages(b: Builder, pages: ScenarioPage[], path: string, at: string): PageRecord[] {
  const slugs = new Set<string>();
  return pages.map((p, i) => {
    const ppath = `${path}/${i}`;
    const id = b.declare('pages', p.key, ppath, p.id);
    let slug = p.slug ?? slugify(p.title);
    while (slugs.has(slug)) slug = `${slug}-${i}`;
    slugs.add(slug);
    return withDocument({
      id,
      title: p.title,
      slug,
      type: 'document' as const,
      markdown: p.computed ? '' : p.markdown ?? `# ${p.title}\n\n${b.faker.lorem.paragraphs(2, '\n\n')}\n`,
      ...(p.emoji && { emoji: p.emoji }),
      ...(p.description && { description: p.description }),
      ...(p.hidden !== undefined && { hidden: p.hidden }),
      ...(p.computed && { computed: { type: 'builtin:openapi' as const, spec: p.computed.openapi } }),
      createdAt: p.createdAt ? b.time(p.createdAt, `${ppath}/createdAt`) : at,
      updatedAt: p.updatedAt ? b.time(p.updatedAt, `${ppath}/updatedAt`) : at,
      pages: buildPages(b, p.pages ?? [], `${ppath}/pages`, at),
    });
  });
}

/** Every page of a tree, depth first. */
export function flattenPages(pages: PageRecord[]): PageRecord[] {
  return pages.flatMap((p) => [p, ...flattenPages(p.pages)]);
}

/** A pinned revision id (a recorded scenario keeps the upstream's), refused when another revision has it. */
function pinnedRevision(b: Builder, id: string | undefined, path: string): string | undefined {
  if (id !== undefined && b.state.revisions.some((r) => r.id === id)) b.fail(path, `revision id "${id}" is already used`);
  return id;
}

function revision(b: Builder, fields: Omit<RevisionRecord, 'reusableContents' | 'type'> & Partial<RevisionRecord>): RevisionRecord {
  const record: RevisionRecord = { type: 'edits', reusableContents: [], ...fields };
  b.state.revisions.push(record);
  return record;
}

export function buildSpaces(b: Builder, spaces: NonNullable<ScenarioFile['spaces']>): void {
  spaces.forEach((s, i) => {
    const path = `/spaces/${i}`;
    const id = b.declare('spaces', s.key, path, s.id);
    const organization = b.ref('organizations', s.organization, `${path}/organization`);
    const createdAt = b.time(s.createdAt, `${path}/createdAt`, 60 * DAY);
    const files: FileRecord[] = (s.files ?? []).map((f, j) => {
      const image = /\.(png|jpe?g|gif|svg|webp)$/i.test(f.name);
      return {
        id: b.declare('files', f.key, `${path}/files/${j}`, f.id),
        name: f.name,
        contentType: f.contentType ?? (image ? `image/${f.name.slice(f.name.lastIndexOf('.') + 1).replace('jpg', 'jpeg').replace('svg', 'svg+xml')}` : 'application/octet-stream'),
        size: f.size ?? b.faker.number.int({ min: 2_000, max: 400_000 }),
        ...(image && { dimensions: { width: f.width ?? 1200, height: f.height ?? 630 } }),
      };
    });
    const reusableContents: ReusableContentRecord[] = (s.reusableContents ?? []).map((r, j) => {
      const markdown = r.markdown ?? `${b.faker.lorem.paragraph()}\n`;
      const reusable = { id: b.declare('reusableContents', r.key, `${path}/reusableContents/${j}`, r.id), title: r.title, markdown };
      return { ...reusable, document: r.document ?? documentIdOf(reusable) };
    });
    const rev = revision(b, {
      id: pinnedRevision(b, s.revision, `${path}/revision`) ?? deriveId(`${b.seed}:revisions:${s.key}:initial`),
      space: id,
      parents: [],
      pages: buildPages(b, s.pages ?? [], `${path}/pages`, createdAt),
      files,
      reusableContents,
      variables: s.variables ?? {},
      createdAt,
    });
    b.state.spaces.push({
      id,
      organization,
      title: s.title ?? b.faker.commerce.productName().slice(0, 50),
      emoji: s.emoji ?? '1f4d8',
      visibility: s.visibility ?? 'private',
      editMode: s.editMode ?? 'live',
      defaultLevel: s.defaultLevel === undefined ? 'inherit' : s.defaultLevel,
      revision: rev.id,
      position: i,
      createdAt,
      updatedAt: b.time(s.updatedAt, `${path}/updatedAt`, 2 * DAY),
      ...(s.deletedAt && { deletedAt: b.time(s.deletedAt, `${path}/deletedAt`) }),
      ...(s.gitSync && { gitSync: gitSyncOf(b, s.gitSync, id, organization, createdAt, `${path}/gitSync`) }),
    });
  });
}

/** A space's Git Sync: the installation on it (in the state's table) and the Git info the space shows. */
function gitSyncOf(b: Builder, given: NonNullable<NonNullable<ScenarioFile['spaces']>[number]['gitSync']>, space: string, organization: string, at: string, path: string): GitSyncRecord {
  const id = b.declare('gitSyncInstallations', given.key, `${path}/key`, given.id);
  const createdBy = given.createdBy
    ? b.ref('users', given.createdBy, `${path}/createdBy`)
    : b.state.members.find((m) => m.organization === organization && m.role === 'admin')?.user;
  if (!createdBy) b.fail(`${path}/createdBy`, 'the organization has no admin to make the installation: name its maker');
  b.state.gitSyncInstallations.push({
    id, organization, target: { type: 'space', spaceId: space }, provider: given.provider, providerConfiguration: {}, setup: {}, createdBy, createdAt: at, updatedAt: at,
  });
  return { repoName: repoName(given.url), installationProvider: given.provider, integration: given.provider, installationId: id, url: given.url, ref: given.ref ?? 'refs/heads/main', updatedAt: at };
}

/** A revision's pages with some pages changed or added (by page id). */
function applyChanges(pages: PageRecord[], changes: Map<string, { title?: string; markdown?: string }>, at: string): PageRecord[] {
  return pages.map((p) => {
    const change = changes.get(p.id);
    const children = applyChanges(p.pages, changes, at);
    if (!change) return children === p.pages ? p : { ...p, pages: children };
    return withDocument({ ...p, ...change, updatedAt: at, pages: children });
  });
}

export function buildChangeRequests(b: Builder, changeRequests: NonNullable<ScenarioFile['changeRequests']>): void {
  const numbers = new Map<string, number>();
  changeRequests.forEach((cr, i) => {
    const path = `/changeRequests/${i}`;
    const id = b.declare('changeRequests', cr.key, path, cr.id);
    const spaceId = b.ref('spaces', cr.space, `${path}/space`);
    const createdBy = b.ref('users', cr.createdBy, `${path}/createdBy`);
    const spaceIndex = b.state.spaces.findIndex((s) => s.id === spaceId);
    const space = b.state.spaces[spaceIndex];
    const base = b.built(b.state.revisions, space.revision);
    const createdAt = b.time(cr.createdAt, `${path}/createdAt`, 3 * DAY);
    const number = cr.number ?? (numbers.get(spaceId) ?? 0) + 1;
    if (b.state.changeRequests.some((x) => x.space === spaceId && x.number === number)) {
      b.fail(`${path}/number`, `number ${number} is already taken in space "${cr.space}"`);
    }
    numbers.set(spaceId, Math.max(number, numbers.get(spaceId) ?? 0));
    const changes = new Map<string, { title?: string; markdown?: string }>();
    (cr.changes ?? []).forEach((c, j) => {
      const pageId = b.ref('pages', c.page, `${path}/changes/${j}/page`);
      changes.set(pageId, { ...(c.title && { title: c.title }), ...(c.markdown && { markdown: c.markdown }) });
    });
    const own = revision(b, {
      id: pinnedRevision(b, cr.revision, `${path}/revision`) ?? deriveId(`${b.seed}:revisions:${cr.key}`),
      space: spaceId,
      changeRequest: id,
      parents: [base.id],
      pages: applyChanges(base.pages, changes, createdAt),
      files: base.files,
      reusableContents: base.reusableContents,
      variables: base.variables,
      createdAt,
    });
    const status = cr.status ?? 'open';
    let revisionMerged: string | undefined;
    let spaceRevision = space.revision;
    const mergedAt = status === 'merged' && cr.mergedAt ? b.time(cr.mergedAt, `${path}/mergedAt`) : b.time(undefined, path, DAY);
    if (status === 'merged' || cr.outdated) {
      // The primary content moves on: by this merge, or by edits made after the change request.
      const pinned = status === 'merged' ? pinnedRevision(b, cr.revisionMerged, `${path}/revisionMerged`) : undefined;
      const merged = revision(b, {
        id: pinned ?? deriveId(`${b.seed}:revisions:${cr.key}:${status === 'merged' ? 'merge' : 'later-edits'}`),
        space: spaceId,
        parents: status === 'merged' ? [base.id, own.id] : [base.id],
        type: status === 'merged' ? 'merge' : 'edits',
        pages: status === 'merged' ? own.pages : base.pages,
        files: base.files,
        reusableContents: base.reusableContents,
        variables: base.variables,
        createdAt: mergedAt,
      });
      spaceRevision = merged.id;
      if (status === 'merged') revisionMerged = merged.id;
    }
    b.state.spaces[spaceIndex] = { ...space, revision: spaceRevision };
    b.state.changeRequests.push({
      id,
      space: spaceId,
      number,
      status,
      subject: cr.subject ?? b.faker.git.commitMessage().slice(0, 100),
      createdBy,
      createdAt,
      updatedAt: cr.updatedAt ? b.time(cr.updatedAt, `${path}/updatedAt`) : createdAt,
      revision: own.id,
      revisionInitial: base.id,
      ...(revisionMerged && { revisionMerged, mergedAt, mergedBy: cr.mergedBy ? b.ref('users', cr.mergedBy, `${path}/mergedBy`) : createdBy }),
    });
    (cr.reviewers ?? []).forEach((r, j) => {
      const user = b.ref('users', r.user, `${path}/reviewers/${j}/user`);
      const requestedBy = r.requestedBy ? b.ref('users', r.requestedBy, `${path}/reviewers/${j}/requestedBy`) : createdBy;
      b.state.requestedReviewers.push({
        id: `${id}:${user}`,
        changeRequest: id,
        user,
        requestedBy,
        revision: own.id,
        createdAt,
      });
    });
    (cr.reviews ?? []).forEach((r, j) => {
      const at = `${path}/reviews/${j}`;
      const reviewer = b.ref('users', r.reviewer, `${at}/reviewer`);
      const request = b.state.requestedReviewers.find((q) => q.changeRequest === id && q.user === reviewer);
      const reviewedAt = b.time(r.createdAt, `${at}/createdAt`, DAY);
      b.state.changeRequestReviews.push({
        id: b.declare('changeRequestReviews', r.key, at),
        changeRequest: id,
        space: spaceId,
        reviewer,
        ...(request && { requestedBy: request.requestedBy }),
        revision: own.id,
        status: r.status,
        createdAt: reviewedAt,
        updatedAt: reviewedAt,
      });
    });
  });
}

function reactions(b: Builder, given: Record<string, string[]> | undefined, path: string, at: string): ReactionRecord[] {
  return Object.entries(given ?? {}).map(([emoji, users]) => ({
    emoji,
    users: [...new Set(users)].map((key, j) => ({ user: b.ref('users', key, `${path}/${emoji}/${j}`), reactedAt: at })),
  }));
}

export function buildComments(b: Builder, comments: NonNullable<ScenarioFile['comments']>): void {
  const built: { record: CommentRecord; source: NonNullable<ScenarioFile['comments']>[number]; index: number }[] = [];
  comments.forEach((c, i) => {
    const path = `/comments/${i}`;
    const id = b.declare('comments', c.key, path, c.id);
    const space = b.ref('spaces', c.space, `${path}/space`);
    const changeRequest = c.changeRequest ? b.ref('changeRequests', c.changeRequest, `${path}/changeRequest`) : undefined;
    // Every key the entry names is looked up before the rows they name are read, so that all
    // the wrong ones are said at once.
    const postedBy = b.ref('users', c.author, `${path}/author`);
    const cr = changeRequest ? b.built(b.state.changeRequests, changeRequest) : undefined;
    if (cr && cr.space !== space) b.fail(`${path}/changeRequest`, `change request "${c.changeRequest}" is not in space "${c.space}"`);
    const revisionId = cr ? cr.revision : b.built(b.state.spaces, space).revision;
    const page = c.page ? b.ref('pages', c.page, `${path}/page`) : undefined;
    if (page) {
      const rev = b.built(b.state.revisions, revisionId);
      if (!flattenPages(rev.pages).some((p) => p.id === page)) b.fail(`${path}/page`, `page "${c.page}" is not in that content`);
    }
    const postedAt = b.time(c.postedAt, `${path}/postedAt`, (comments.length - i) * 3_600_000);
    const record: CommentRecord = {
      id,
      space,
      ...(changeRequest && { changeRequest }),
      revision: revisionId,
      postedBy,
      postedAt,
      ...(c.editedAt && { editedAt: b.time(c.editedAt, `${path}/editedAt`) }),
      body: { markdown: c.body },
      target: { ...(page && { page }), ...(c.node && { node: c.node }) },
      status: c.resolved ? 'resolved' : 'open',
      ...(c.resolved && {
        resolvedBy: b.ref('users', c.resolved.by, `${path}/resolved/by`),
        resolvedAt: b.time(c.resolved.at, `${path}/resolved/at`, 0),
      }),
      reactions: reactions(b, c.reactions, `${path}/reactions`, postedAt),
    };
    built.push({ record, source: c, index: i });
  });
  // Lists walk comments in posting order: insert them in that order.
  built.sort((x, y) => x.record.postedAt.localeCompare(y.record.postedAt));
  for (const { record } of built) b.state.comments.push(record);
  const replies = built.flatMap(({ record, source, index }) =>
    (source.replies ?? []).map((r, j) => {
      const path = `/comments/${index}/replies/${j}`;
      const postedAt = b.time(r.postedAt, `${path}/postedAt`, Math.max(0, b.nowMs - Date.parse(record.postedAt) - (j + 1) * 600_000));
      return {
        id: r.key ? b.declare('commentReplies', r.key, path, r.id) : r.id ?? deriveId(`${b.seed}:commentReplies:${record.id}:${j}`),
        comment: record.id,
        space: record.space,
        ...(record.changeRequest && { changeRequest: record.changeRequest }),
        postedBy: b.ref('users', r.author, `${path}/author`),
        postedAt,
        ...(r.editedAt && { editedAt: b.time(r.editedAt, `${path}/editedAt`) }),
        body: { markdown: r.body },
        reactions: reactions(b, r.reactions, `${path}/reactions`, postedAt),
      };
    }),
  );
  replies.sort((x, y) => x.postedAt.localeCompare(y.postedAt));
  b.state.commentReplies.push(...replies);
}
