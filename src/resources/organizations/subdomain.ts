/**
 * `GET /v1/subdomains/{subdomain}`: the organization whose sites live on `<subdomain>.gitbook.io`
 * (its `hostname`), and whether one of them is published there; 404 when no organization has it.
 * Sites' URLs are public, so any caller may ask.
 */
import { errors } from '../../contract/errors.ts';
import { type Operation } from '../../contract/operation.ts';
import { officialOp } from '../engine/operations.ts';

/** What the official Subdomain allows: 3 to 32 lowercase letters, digits and inner hyphens. */
const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

export const subdomainOperations: Operation[] = [
  officialOp('getSubdomain', {
    handle: (ctx) => {
      const wanted = ctx.params.subdomain.toLowerCase();
      const org = SUBDOMAIN.test(wanted) ? ctx.db.organizations.find((o) => o.hostname?.toLowerCase() === wanted) : undefined;
      if (!org) throw errors.notFound('Subdomain', ctx.params.subdomain);
      return {
        object: 'subdomain' as const,
        subdomain: wanted,
        target: { type: 'organization' as const, organization: org.id },
        isActive: ctx.db.sites.by('organization', org.id).some((s) => s.published),
      };
    },
  }),
];
