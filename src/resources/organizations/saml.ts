/** SAML providers and SSO login infos (document 002). */
import type { Role } from '../../auth/roles.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { errors } from '../../contract/errors.ts';
import { type Operation, type HandlerContext } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { OrganizationRecord, SamlProviderRecord } from '../../store/records.ts';
import { requireOrg } from '../shared/access.ts';
import { requireOrgAdmin, requireOrgReader, requireSamlProvider } from '../shared/org-lookup.ts';
import { presentSamlProvider, samlService, samlStatus } from './present-org-settings.ts';
import { officialOp } from '../engine/operations.ts';

interface ProviderFields {
  label?: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string | null;
  defaultRole?: Role | null;
}

function checkDefaultTeam(ctx: HandlerContext, org: OrganizationRecord, teamId: string | null | undefined): void {
  if (!teamId) return;
  const team = ctx.db.teams.get(teamId);
  if (!team || team.organization !== org.id) throw errors.invalid('body', `defaultTeam "${teamId}" is not a team of this organization`);
}

/** The record with `fields` applied; null `defaultTeam` removes it. */
function withFields(p: SamlProviderRecord, fields: ProviderFields): SamlProviderRecord {
  const { defaultTeam, ...rest } = fields;
  const next: SamlProviderRecord = { ...p, ...rest };
  if (defaultTeam !== undefined) {
    if (defaultTeam === null) delete next.defaultTeam;
    else next.defaultTeam = defaultTeam;
  }
  return { ...next, status: samlStatus(next) };
}

export const samlOperations: Operation[] = [
  officialOp('listSAMLProvidersInOrganizationById', {
    query: 'common/pagination-query',
    response: 'organizations/saml-provider-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      return paginate(ctx.db.samlProviders.viewBy('organization', org.id), ctx.query, (p) => presentSamlProvider(ctx, p));
    },
  }),
  officialOp('createOrganizationSAMLProvider', {
    body: 'organizations/saml-provider-create',
    response: 'organizations/saml-provider',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'configure SAML');
      checkDefaultTeam(ctx, org, ctx.body.defaultTeam);
      const base: SamlProviderRecord = {
        id: ctx.ids.next('saml'),
        organization: org.id,
        label: ctx.body.label,
        defaultRole: org.defaultRole,
        status: 'pending',
        createdAt: ctx.now,
      };
      return presentSamlProvider(ctx, ctx.db.samlProviders.insert(withFields(base, ctx.body)));
    },
  }),
  officialOp('getOrganizationSAMLProviderById', {
    response: 'organizations/saml-provider',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      return presentSamlProvider(ctx, requireSamlProvider(ctx, org, ctx.params.samlProviderId));
    },
  }),
  officialOp('deleteOrganizationSAMLProvider', {
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'configure SAML');
      removeWithDependents(ctx.db, 'samlProviders', requireSamlProvider(ctx, org, ctx.params.samlProviderId).id);
    },
  }),
  officialOp('updateOrganizationSAMLProvider', {
    body: 'organizations/saml-provider-update',
    response: 'organizations/saml-provider',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'configure SAML');
      const provider = requireSamlProvider(ctx, org, ctx.params.samlProviderId);
      checkDefaultTeam(ctx, org, ctx.body.defaultTeam);
      const next = withFields(provider, ctx.body);
      return presentSamlProvider(ctx, ctx.db.samlProviders.update(provider.id, { ...next, defaultTeam: next.defaultTeam }));
    },
  }),
  officialOp('listSSOProviderLoginsInOrganization', {
    response: 'organizations/sso-logins',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      const items = ctx.db.samlProviders.by('organization', org.id).map((p) => ({ id: p.id, label: p.label, startURL: samlService(p).startURL }));
      return { items };
    },
  }),
];
