/**
 * Publishing integrations (what `gitbook publish`, `unpublish` and `dev` of @gitbook/cli call):
 * a publish creates the catalogue entry under the organization the body names (its id or its
 * subdomain) or, for a name already published there, replaces what the body gives and bumps
 * its version; an unpublish removes it with its installations; development mode keeps the
 * tunnel URL its events would go to. The integration itself and the admins of its
 * organization do these; a new name needs an admin of the organization named.
 */
import { can } from '../../auth/roles.ts';
import { errors } from '../../contract/errors.ts';
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { IntegrationRecord, OrganizationRecord } from '../../store/records.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { orgRole } from '../shared/access.ts';
import { SENT_EVENT_TYPES } from '../shared/event-types.ts';
import { requireIntegration } from '../shared/integration-access.ts';
import { presentIntegration } from '../shared/present-integration.ts';
import { officialOp } from '../engine/operations.ts';

/** The organization the publish body names, by id or subdomain (404 as the official document says, also when the caller is no member). */
function publishingOrg(ctx: HandlerContext, idOrSubdomain: string): OrganizationRecord {
  const wanted = idOrSubdomain.toLowerCase();
  const org = ctx.db.organizations.get(idOrSubdomain) ?? ctx.db.organizations.find((o) => o.hostname?.toLowerCase() === wanted);
  if (!org || orgRole(ctx.db, org.id, ctx.user.id) === undefined) throw errors.notFound('Organization', idOrSubdomain);
  return org;
}

/** Whether the caller may change the integration: its own token, or an admin of its organization. */
function mayChange(ctx: HandlerContext, integration: IntegrationRecord): boolean {
  return ctx.user.id === integration.user || can(orgRole(ctx.db, integration.owner, ctx.user.id), 'admin');
}

/** The integration the path names, as its publisher may change it: 404 unseen, 403 for a reader. */
function changeable(ctx: HandlerContext, name: string): IntegrationRecord {
  const integration = requireIntegration(ctx, name);
  if (!mayChange(ctx, integration)) throw errors.forbidden(`change the integration "${integration.id}"`);
  return integration;
}

type PublishBody = {
  title: string;
  description: string;
  summary?: string;
  scopes: string[];
  categories?: string[];
  blocks?: Record<string, unknown>[];
  externalLinks?: { label: string; url: string }[];
  visibility?: IntegrationRecord['visibility'];
  target?: IntegrationRecord['target'];
  secrets?: Record<string, string>;
};

/** What a publish sets, from its body: the rest of the entry stays (its token, secret, subscriptions, delivery). */
function fromBody(body: PublishBody) {
  return {
    title: body.title,
    ...(body.description ? { description: body.description } : { description: undefined }),
    summary: body.summary,
    scopes: [...new Set(body.scopes)],
    ...(body.categories && { categories: body.categories }),
    blocks: body.blocks,
    externalLinks: body.externalLinks,
    ...(body.visibility && { visibility: body.visibility }),
    ...(body.target && { target: body.target }),
    ...(body.secrets && { secrets: body.secrets }),
  };
}

function create(ctx: HandlerContext, name: string, org: OrganizationRecord, body: PublishBody): IntegrationRecord {
  if (!can(orgRole(ctx.db, org.id, ctx.user.id), 'admin')) throw errors.forbidden('publish integrations in this organization');
  const user = ctx.db.users.insert({
    id: ctx.ids.next('user'),
    displayName: body.title,
    email: `${name}.integration@installations.gitbook.invalid`.toLowerCase(),
    token: ctx.ids.token('integration', 'gb_intg_', (token) => ctx.db.users.countBy('token', token) > 0),
    createdAt: ctx.now,
  });
  const set = fromBody(body);
  return ctx.db.integrations.insert({
    id: name,
    target: 'all',
    categories: ['other'],
    visibility: 'public',
    ...set,
    owner: org.id,
    version: 1,
    events: [...SENT_EVENT_TYPES],
    signingSecret: ctx.ids.token('integration-secret'),
    user: user.id,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
}

export const publishingOperations: Operation[] = [
  officialOp('publishIntegration', {
    handle: (ctx) => {
      const name = ctx.params.integrationName;
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(name)) throw errors.invalid('params', `integrationName "${name}": letters, digits and single hyphens only`);
      const body = ctx.body as PublishBody & { organization: string };
      const org = publishingOrg(ctx, body.organization);
      const found = ctx.db.integrations.get(name);
      if (!found) return presentIntegration(ctx, create(ctx, name, org, body));
      if (!mayChange(ctx, found)) {
        // Someone else's name: another organization's integration, seen or not.
        throw errors.conflict(`The integration name "${name}" is taken`);
      }
      if (found.owner !== org.id) throw errors.conflict(`The integration "${name}" is published by another organization`);
      const next = ctx.db.integrations.update(found.id, { ...fromBody(body), version: found.version + 1, updatedAt: ctx.now });
      const bot = ctx.db.users.get(found.user);
      if (bot && bot.displayName !== next.title) ctx.db.users.update(bot.id, { displayName: next.title });
      return presentIntegration(ctx, next);
    },
  }),
  officialOp('unpublishIntegration', {
    status: 205,
    handle: (ctx) => {
      const integration = ctx.db.integrations.get(ctx.params.integrationName);
      // 204: nothing of that name to remove (as the official document answers), or nothing the caller sees.
      if (!integration) return reply(undefined, { status: 204 });
      const seen = changeable(ctx, integration.id);
      // Its installations go with it, with the users their tokens were (as an uninstall removes them), then its own.
      const users = [...ctx.db.installations.by('integration', seen.id).map((i) => i.user), seen.user];
      removeWithDependents(ctx.db, 'integrations', seen.id);
      for (const user of users) removeWithDependents(ctx.db, 'users', user);
      return reply(undefined, {});
    },
  }),
  officialOp('setIntegrationDevelopmentMode', {
    handle: (ctx) => {
      const integration = changeable(ctx, ctx.params.integrationName);
      ctx.db.integrations.update(integration.id, { development: { tunnelUrl: ctx.body.tunnelUrl, all: ctx.body.all ?? false }, updatedAt: ctx.now });
      return reply(undefined, {});
    },
  }),
  officialOp('disableIntegrationDevelopmentMode', {
    handle: (ctx) => {
      const integration = changeable(ctx, ctx.params.integrationName);
      if (integration.development) ctx.db.integrations.update(integration.id, { development: undefined, updatedAt: ctx.now });
      return reply(undefined, {});
    },
  }),
];
