/**
 * What a site's agent works with: its settings (kept as written, with who wrote them and when),
 * the site's style guide (a space of the organization the site points at, made blank on first
 * create and the same one after) and its style guide runs (each opens a change request in every
 * space it checks, and is listed newest first). All kept in `officialRecords` (kept.ts).
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { paginate, arrayView } from '../../contract/paginate.ts';
import type { OfficialRecord, SiteRecord, SpaceRecord } from '../../store/records.ts';
import { requireEditable, spaceRole } from '../shared/access.ts';
import { apiUrl, presentUserById } from '../shared/present.ts';
import { contentOf, createRevision, revisionOf } from '../shared/revisions.ts';
import { presentChangeRequest } from '../shared/present-change-request.ts';
import { presentSpace } from '../shared/present-space.ts';
import { genericSchema } from '../engine/family.ts';
import { siteOf } from '../shared/site-access.ts';
import { createBlankSpace } from '../shared/create-space.ts';
import { KEPT, keepOne, keepRow, keptOne, keptRows, styleguideOf } from '../shared/kept.ts';
import { officialOp } from '../engine/operations.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The settings of a site never written: topics scanned, no change requests opened, no instructions. */
const DEFAULT_SETTINGS = {
  scans: { topics: 'auto' },
  findings: { changeRequests: 'never' },
  editing: { customInstructions: { object: 'document', data: {}, nodes: [] } },
};

function presentSettings(ctx: HandlerContext, site: SiteRecord, kept: OfficialRecord | undefined) {
  const f = kept?.fields ?? {};
  return {
    object: 'site-agent-settings' as const,
    ...(kept?.updatedAt && { updatedAt: kept.updatedAt }),
    ...(typeof f.updatedBy === 'string' && { updatedBy: f.updatedBy }),
    urls: { location: apiUrl(ctx, `/orgs/${site.organization}/sites/${site.id}/agent-settings`) },
    scans: isObject(f.scans) ? f.scans : DEFAULT_SETTINGS.scans,
    findings: isObject(f.findings) ? f.findings : DEFAULT_SETTINGS.findings,
    editing: isObject(f.editing) ? f.editing : DEFAULT_SETTINGS.editing,
  };
}

/** A change request opened in `space` for a run, on its current content. */
function openChangeRequest(ctx: HandlerContext, space: SpaceRecord) {
  requireEditable(space);
  const { changeRequests } = ctx.db;
  const number = Math.max(0, ...changeRequests.by('space', space.id).map((cr) => cr.number)) + 1;
  const id = ctx.ids.next('changeRequest');
  const revision = createRevision(ctx, space, { ...contentOf(revisionOf(ctx, space.revision)), parents: [space.revision], type: 'edits', changeRequest: id });
  return changeRequests.insert({
    id,
    space: space.id,
    number,
    status: 'open',
    subject: '',
    createdBy: ctx.user.id,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    revision: revision.id,
    revisionInitial: space.revision,
  });
}

function presentRun(ctx: HandlerContext, run: OfficialRecord) {
  const f = run.fields;
  return {
    object: 'styleguide-run' as const,
    id: run.id,
    site: run.parent,
    styleguide: String(f.styleguide),
    spaces: Array.isArray(f.spaces) ? f.spaces.map(String) : [],
    createdAt: run.createdAt,
    createdBy: presentUserById(ctx, String(f.createdBy)),
  };
}

export const agentOperations: Operation[] = [
  officialOp('getSiteAgentSettingsById', {
    response: genericSchema('getSiteAgentSettingsById-response'),
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      return presentSettings(ctx, site, keptOne(ctx, KEPT.agentSettings, site.id));
    },
  }),
  officialOp('updateSiteAgentSettingsById', {
    body: 'sites/agent-settings-body',
    response: genericSchema('updateSiteAgentSettingsById-response'),
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const { scans, findings, editing } = ctx.body;
      return presentSettings(ctx, site, keepOne(ctx, KEPT.agentSettings, site.id, { scans, findings, editing, updatedBy: ctx.user.id }));
    },
  }),
  officialOp('createSiteStyleguideById', {
    // Templates are not applied: the style guide starts blank.
    handle: (ctx) => {
      const { org, site } = siteOf(ctx, true);
      let space = styleguideOf(ctx, site);
      if (!space) {
        space = createBlankSpace(ctx, org, 'Style guide');
        keepOne(ctx, KEPT.styleguide, site.id, { space: space.id });
      }
      return presentSpace(ctx, space, spaceRole(ctx.db, space, ctx.user.id));
    },
  }),
  officialOp('listSiteStyleguideRuns', {
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      const runs = [...keptRows(ctx, KEPT.styleguideRuns, site.id)].reverse();
      return paginate(arrayView(runs), ctx.query, (run) => presentRun(ctx, run));
    },
  }),
  officialOp('createSiteStyleguideRun', {
    response: genericSchema('createSiteStyleguideRun-response'),
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const styleguide = styleguideOf(ctx, site);
      if (!styleguide) throw errors.notFound('Style guide of site', site.id);
      const inSite = new Set(ctx.db.siteSpaces.by('site', site.id).map((ss) => ss.space));
      const spaces = ctx.body.spaces.map((id, i) => {
        const space = ctx.db.spaces.get(id);
        if (!space || space.deletedAt || !inSite.has(id)) throw errors.unknownReference(id, `body.spaces[${i}]: no space "${id}" in this site`);
        if (space.id === styleguide.id) throw errors.badRequest(`body.spaces[${i}]: the style guide does not check itself`);
        return space;
      });
      const opened = spaces.map((space) => openChangeRequest(ctx, space));
      const run = keepRow(ctx, KEPT.styleguideRuns, site.id, {
        styleguide: styleguide.id,
        spaces: spaces.map((s) => s.id),
        createdBy: ctx.user.id,
        changeRequests: opened.map((cr) => cr.id),
      });
      return { run: presentRun(ctx, run), changeRequests: opened.map((cr) => presentChangeRequest(ctx, cr)) };
    },
  }),
];
