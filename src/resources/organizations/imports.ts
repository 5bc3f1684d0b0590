/**
 * Content import runs of an organization (startImportRun, getImportRun, listImportRuns,
 * cancelImportRun), kept in `officialRecords` under the family the generic tier gave them, so
 * scenarios, state export and import hold them as before. A run keeps its source, target, site
 * and the caller who started it; its status follows the clock (rules/import-run.ts). The
 * imported pages are written into the target (the space, or the change request) by the start
 * itself, since a read writes nothing; they show `pending` on the run until it completes, and
 * a cancel before then takes them out again.
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import { importTimes } from '../../rules/import-run.ts';
import { isActive } from '../../rules/change-request.ts';
import { withDocument } from '../../rules/page-document.ts';
import type { OfficialRecord, PageRecord } from '../../store/records.ts';
import { slugify } from '../../text/slug.ts';
import { importedPage } from '../shared/content.ts';
import { revisionOf } from '../shared/revisions.ts';
import { requireChangeRequest, requireEditable, requireOrg, requireSpace } from '../shared/access.ts';
import { apiUrl } from '../shared/present.ts';
import { writeTarget } from '../shared/write-target.ts';
import { officialOp } from '../engine/operations.ts';

/** The family the generic tier kept import runs under (scenarios name it by listImportRuns). */
export const IMPORT_FAMILY = '/v1/org/{}/imports';

type Json = Record<string, unknown>;
interface Source { type: 'website'; url: string }
interface FileSource { type: 'file'; files: string[] }
interface Target { space: string; changeRequest?: string; page?: string }
interface RunFields {
  source?: Source | FileSource;
  target?: Target;
  site?: string;
  createdBy?: string;
  /** The pages it wrote, with the revision that holds them. */
  pages?: { id: string; sourceURL?: string }[];
  cancelledAt?: string;
  /** A status a scenario fixed (its runs were not started through the API). */
  status?: string;
}

const fieldsOf = (r: OfficialRecord) => r.fields as RunFields;
const STATUSES = new Set(['pending', 'in-progress', 'completed', 'failed', 'cancelled']);

function present(ctx: HandlerContext, r: OfficialRecord) {
  const f = fieldsOf(r);
  const fixed = typeof f.status === 'string' && STATUSES.has(f.status) ? f.status : undefined;
  const times = importTimes(r.createdAt, ctx.now, f.cancelledAt);
  const status = fixed ?? times.status;
  return {
    object: 'import-run' as const,
    id: r.id,
    status,
    createdAt: r.createdAt,
    updatedAt: fixed ? (r.updatedAt ?? r.createdAt) : times.updatedAt,
    ...(!fixed && times.startedAt && { startedAt: times.startedAt }),
    ...(!fixed && times.completedAt && { completedAt: times.completedAt }),
    ...(f.source && { source: f.source }),
    ...(f.target && { target: f.target }),
    ...(f.site && { site: f.site }),
    ...(f.createdBy && { createdBy: f.createdBy }),
    ...(f.pages && { pages: f.pages.map((p) => ({ id: p.id, ...(p.sourceURL && { sourceURL: p.sourceURL }), type: 'page' as const, status: status === 'completed' ? ('complete' as const) : ('pending' as const) })) }),
    urls: { location: apiUrl(ctx, `/org/${r.parent}/imports/${r.id}`) },
  };
}

function requireRun(ctx: HandlerContext, organization: string, id: string): OfficialRecord {
  const run = ctx.db.officialRecords.get(id);
  if (!run || run.family !== IMPORT_FAMILY || run.parent !== organization) throw errors.notFound('Import run', id);
  return run;
}

/** The pages the source makes: one for a website, one a file. */
function pagesOf(source: Source | FileSource, siblings: readonly PageRecord[], next: () => string, now: string): { page: PageRecord; sourceURL?: string }[] {
  if (source.type === 'website') return [{ page: importedPage(new URL(source.url), siblings, next(), now), sourceURL: source.url }];
  const made: PageRecord[] = [];
  for (const key of source.files) {
    const title = (key.split('/').pop() ?? key).replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ').trim() || key;
    const taken = new Set([...siblings, ...made].map((p) => p.slug));
    let slug = slugify(title) || 'imported';
    for (let n = 2; taken.has(slug); n++) slug = `${slugify(title) || 'imported'}-${n}`;
    made.push(withDocument({ id: next(), title, slug, type: 'document' as const, markdown: `# ${title}\n\nImported from the file ${key}.\n`, createdAt: now, updatedAt: now, pages: [] }));
  }
  return made.map((page) => ({ page }));
}

/** The tree with `pages` added under `parent` (the root when undefined), or without the pages of `ids`. */
function addUnder(tree: readonly PageRecord[], parent: string | undefined, pages: PageRecord[]): PageRecord[] {
  if (parent === undefined) return [...tree, ...pages];
  return tree.map((p) => (p.id === parent ? { ...p, pages: [...p.pages, ...pages] } : { ...p, pages: addUnder(p.pages, parent, pages) }));
}
function removeAll(tree: readonly PageRecord[], ids: ReadonlySet<string>): PageRecord[] {
  return tree.filter((p) => !ids.has(p.id)).map((p) => ({ ...p, pages: removeAll(p.pages, ids) }));
}
const holds = (tree: readonly PageRecord[], id: string): boolean => tree.some((p) => p.id === id || holds(p.pages, id));


export const importOperations: Operation[] = [
  officialOp('listImportRuns', {
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      const q = ctx.query;
      const keep = (r: OfficialRecord) => {
        const shown = present(ctx, r);
        if (q.space && shown.target?.space !== q.space) return false;
        if (q.changeRequest && shown.target?.changeRequest !== q.changeRequest) return false;
        if (q.site && shown.site !== q.site) return false;
        if (q.status === 'active') return shown.status === 'pending' || shown.status === 'in-progress';
        return !q.status || shown.status === q.status;
      };
      return paginate(ctx.db.officialRecords.viewBy('family', `${IMPORT_FAMILY} ${org.id}`), q, (r) => present(ctx, r), keep);
    },
  }),
  officialOp('startImportRun', {
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      const body = ctx.body as { source: Source | FileSource; target: Target; site?: string };
      const named = ctx.db.spaces.get(body.target.space);
      if (!named || named.organization !== org.id) throw errors.unknownReference(body.target.space, `target.space: no space "${body.target.space}" in this organization`);
      const { space } = requireSpace(ctx, named.id, 'edit', { action: 'import content into this space' });
      requireEditable(space);
      const cr = body.target.changeRequest === undefined ? undefined : requireChangeRequest(ctx, space, body.target.changeRequest);
      if (cr && !isActive(cr)) throw errors.conflict(`Change request #${cr.number} is ${cr.status}: nothing can be imported into it`);
      const tree = revisionOf(ctx, cr ? cr.revision : space.revision).pages;
      if (body.target.page !== undefined && !holds(tree, body.target.page)) throw errors.unknownReference(body.target.page, `target.page: no page "${body.target.page}" in the target`);
      let site = body.site;
      if (site !== undefined && ctx.db.sites.get(site)?.organization !== org.id) throw errors.unknownReference(site, `site: no site "${site}" in this organization`);
      if (site === undefined) {
        const sites = [...new Set(ctx.db.siteSpaces.list().filter((ss) => ss.space === space.id).map((ss) => ss.site))];
        if (sites.length === 1) site = sites[0];
      }
      const made = pagesOf(body.source, tree, () => ctx.ids.next('page'), ctx.now);
      writeTarget(ctx, space, cr?.id, (pages) => addUnder(pages, body.target.page, made.map((m) => m.page)));
      const target: Target = { space: space.id, ...(cr && { changeRequest: cr.id }), ...(body.target.page !== undefined && { page: body.target.page }) };
      const fields: RunFields = { source: body.source, target, ...(site && { site }), createdBy: ctx.user.id, pages: made.map((m) => ({ id: m.page.id, ...(m.sourceURL && { sourceURL: m.sourceURL }) })) };
      const run = ctx.db.officialRecords.insert({ id: ctx.ids.next('officialRecord'), parent: org.id, family: IMPORT_FAMILY, fields: fields as Json, createdAt: ctx.now });
      return present(ctx, run);
    },
  }),
  officialOp('getImportRun', {
    handle: (ctx) => present(ctx, requireRun(ctx, requireOrg(ctx, ctx.params.organizationId).id, ctx.params.importRunId)),
  }),
  officialOp('cancelImportRun', {
    body: 'common/empty-body',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      const run = requireRun(ctx, org.id, ctx.params.importRunId);
      const shown = present(ctx, run);
      if (shown.status !== 'pending' && shown.status !== 'in-progress') throw errors.badRequest(`The import run is ${shown.status}: only a pending or running import can be cancelled`);
      const f = fieldsOf(run);
      if (f.target && f.createdBy !== ctx.user.id) requireSpace(ctx, f.target.space, 'edit', { action: 'cancel imports into this space' });
      // What it wrote comes out again, where it still is.
      const space = f.target && ctx.db.spaces.get(f.target.space);
      const ids = new Set((f.pages ?? []).map((p) => p.id));
      if (space && ids.size > 0) {
        const cr = f.target?.changeRequest ? ctx.db.changeRequests.get(f.target.changeRequest) : undefined;
        if (!f.target?.changeRequest || (cr && isActive(cr))) writeTarget(ctx, space, cr?.id, (pages) => removeAll(pages, ids));
      }
      const next = ctx.db.officialRecords.update(run.id, { fields: { ...run.fields, cancelledAt: ctx.now }, updatedAt: ctx.now });
      return present(ctx, next);
    },
  }),
];
