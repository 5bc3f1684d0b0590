/**
 * What an integration runs and shows: a queued task (kept among the integration's events, which
 * `gitbook tail` lists, and sent to the integration as a `task` event), the statuses of the
 * integrations installed in an organization, and the UI of one of its blocks.
 */
import { errors } from '../../contract/errors.ts';
import { check } from '../../contract/validators.ts';
import { decompressFromEncodedURIComponent } from '../../text/lz-string.ts';
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import type { IntegrationRecord, OfficialRecord } from '../../store/records.ts';
import { officialSchema } from '../engine/family.ts';
import { officialOp, officialRoute } from '../engine/operations.ts';
import { shape } from '../shared/paths.ts';
import { can } from '../../auth/roles.ts';
import { orgRole, requireOrg, requireSpace } from '../shared/access.ts';
import { requireSite } from '../shared/site-access.ts';
import { requireIntegration } from '../shared/integration-access.ts';
import { presentIntegration } from '../shared/present-integration.ts';

/** The generic family that keeps an integration's events (`listIntegrationEvents`, `getIntegrationEvent`). */
export const INTEGRATION_EVENTS = shape(officialRoute('listIntegrationEvents').path);

/** The integration as one that runs it: its own token or an admin of its organization (403 otherwise). */
function asRunner(ctx: HandlerContext, name: string): IntegrationRecord {
  const integration = requireIntegration(ctx, name);
  if (ctx.user.id !== integration.user && !can(orgRole(ctx.db, integration.owner, ctx.user.id), 'admin')) {
    throw errors.forbidden(`queue tasks for the integration "${integration.id}"`);
  }
  return integration;
}

type Target = { type: 'organization'; organizationId: string } | { type: 'space'; spaceId: string } | { type: 'site'; siteId: string };

/** The block the body names, or 404: the integration renders only what it published. */
function blockOf(integration: IntegrationRecord, componentId: string): Record<string, unknown> {
  const block = integration.blocks?.find((b) => b.id === componentId);
  if (!block) throw errors.notFound(`Block of integration "${integration.id}"`, componentId);
  return block;
}

/** A block's element: its title and description as the integration published them (the mock runs no script). */
function rendered(block: Record<string, unknown>, props: Record<string, unknown>, state: Record<string, unknown>) {
  const text = [block.title, block.description].filter((t): t is string => typeof t === 'string' && t.length > 0).join('\n\n');
  return { type: 'element' as const, element: { type: 'block' as const, children: [{ type: 'markdown' as const, content: text }] }, props, state };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An IntegrationEvent from its kept record: the event body it was sent with (a scenario's record
 * without one shows an empty task: the mock keeps no other kind), and its outcome.
 */
function presentEvent(record: OfficialRecord) {
  const f = record.fields;
  const payload = isObject(f.payload) && typeof f.payload.type === 'string' ? f.payload : { eventId: record.id, type: 'task', task: {} };
  return {
    id: record.id,
    integrationId: record.parent,
    ...(typeof f.installationId === 'string' && { installationId: f.installationId }),
    createdAt: record.createdAt,
    payload,
    status: f.status === 'failed' ? ('failed' as const) : ('success' as const),
  };
}

/** The integration's events as whoever sees the integration reads them (its members, its own token). */
function eventsOf(ctx: HandlerContext, name: string) {
  const integration = requireIntegration(ctx, name);
  if (ctx.user.id !== integration.user && orgRole(ctx.db, integration.owner, ctx.user.id) === undefined) {
    throw errors.forbidden(`read the events of the integration "${integration.id}"`);
  }
  return integration;
}

export const runOperations: Operation[] = [
  officialOp('listIntegrationEvents', {
    keepsOfficialRecords: true,
    handle: (ctx) => {
      const integration = eventsOf(ctx, ctx.params.integrationName);
      // Newest first, as `gitbook tail` reads them (it prints the page oldest to newest).
      const records = ctx.db.officialRecords.by('family', `${INTEGRATION_EVENTS} ${integration.id}`).slice().reverse();
      return paginate(arrayView(records), ctx.query, presentEvent);
    },
  }),
  officialOp('getIntegrationEvent', {
    handle: (ctx) => {
      const integration = eventsOf(ctx, ctx.params.integrationName);
      const record = ctx.db.officialRecords.get(ctx.params.eventId);
      if (!record || record.family !== INTEGRATION_EVENTS || record.parent !== integration.id) throw errors.notFound('Integration event', ctx.params.eventId);
      // The mock runs no script: there is nothing it logged.
      return { event: presentEvent(record), trace: { logs: [] } };
    },
  }),
  officialOp('queueIntegrationTask', {
    handle: (ctx) => {
      const integration = asRunner(ctx, ctx.params.integrationName);
      const id = ctx.ids.next('integrationEvent');
      ctx.db.officialRecords.insert({
        id,
        parent: integration.id,
        family: INTEGRATION_EVENTS,
        fields: { integrationId: integration.id, payload: { eventId: id, type: 'task', task: ctx.body.task }, status: 'success' },
        createdAt: ctx.now,
      });
      ctx.happened?.push({ type: 'task', integration: integration.id, fields: { eventId: id, task: ctx.body.task } });
      return reply(undefined, {});
    },
  }),
  officialOp('listOrganizationIntegrationsStatus', {
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      const { target = 'organization', site, space } = ctx.query;
      const out: { status: string; integration: string; target: Target }[] = [];
      if (target === 'organization') {
        for (const i of ctx.db.installations.by('organization', org.id)) out.push({ status: i.status, integration: i.integration, target: { type: 'organization', organizationId: org.id } });
      } else {
        if (site !== undefined) requireSite(ctx, org.id, site);
        if (space !== undefined && requireSpace(ctx, space).space.organization !== org.id) throw errors.notFound('Space', space);
        const table = target === 'site' ? ctx.db.siteInstallations : ctx.db.spaceInstallations;
        for (const i of ctx.db.installations.by('organization', org.id)) {
          for (const c of table.by('installation', i.id)) {
            if ((target === 'site' && site !== undefined && c.target !== site) || (target === 'space' && space !== undefined && c.target !== space)) continue;
            const on: Target = target === 'site' ? { type: 'site', siteId: c.target } : { type: 'space', spaceId: c.target };
            out.push({ status: c.status, integration: i.integration, target: on });
          }
        }
      }
      return paginate(arrayView(out), ctx.query, (row) => ({
        status: row.status,
        integration: presentIntegration(ctx, ctx.db.integrations.existing(row.integration)),
        target: row.target,
      }));
    },
  }),
  officialOp('renderIntegrationUIWithPost', {
    // No response schema: the official ContentKit output puts defaults inside oneOf branches,
    // which the strict compile of every schema refuses. The answer is the block's (tests check it).
    response: null,
    handle: (ctx) => {
      const integration = requireIntegration(ctx, ctx.params.integrationName);
      const body = ctx.body as { componentId: string; props: Record<string, unknown>; state?: unknown };
      return rendered(blockOf(integration, body.componentId), body.props, isObject(body.state) ? body.state : {});
    },
  }),
  officialOp('renderIntegrationUIWithGet', {
    // The same answer as the POST's, for the same request packed into the query (LZ-string, URL-safe).
    response: null,
    handle: (ctx) => {
      const integration = requireIntegration(ctx, ctx.params.integrationName);
      const body = requestOf(ctx, ctx.query.request);
      return rendered(blockOf(integration, body.componentId), body.props, isObject(body.state) ? body.state : {});
    },
  }),
];

/** The render request of the GET's `request`: the POST's body, unpacked and checked as the POST checks it (400 otherwise). */
function requestOf(ctx: HandlerContext, packed: string): { componentId: string; props: Record<string, unknown>; state?: unknown } {
  const text = decompressFromEncodedURIComponent(packed);
  let request: unknown;
  try {
    request = text === undefined ? undefined : JSON.parse(text);
  } catch {
    request = undefined;
  }
  if (!isObject(request)) throw errors.badRequest('query.request: not a render request packed as LZ-string (compressToEncodedURIComponent of its JSON)');
  check(ctx.platform.validators().bodyValidator(officialSchema.body('renderIntegrationUIWithPost')), request, 'query.request');
  return request as { componentId: string; props: Record<string, unknown>; state?: unknown };
}
