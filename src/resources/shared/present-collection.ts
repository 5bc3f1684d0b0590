/** Collections as other groups show them (invite links, URL lookups); the family is families/collections.ts. */
import { can, type Role } from '../../auth/roles.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { CollectionRecord } from '../../store/records.ts';
import { apiUrl, appUrl } from './present.ts';

/** The official Collection, with the caller's permissions from their role in its organization. */
export function presentCollection(c: CollectionRecord, ctx: HandlerContext, scope: { role: Role | null }) {
  const parent = c.collection && ctx.db.collections.get(c.collection) ? c.collection : undefined;
  return {
    object: 'collection' as const,
    id: c.id,
    title: c.title,
    ...(c.description !== undefined && { description: c.description }),
    organization: c.parent,
    ...(parent && { parent }),
    defaultLevel: c.defaultLevel,
    urls: { location: apiUrl(ctx, `/collections/${c.id}`), app: appUrl(`/o/${c.parent}/c/${c.id}`) },
    permissions: {
      view: can(scope.role, 'view'),
      admin: can(scope.role, 'admin'),
      viewInviteLinks: can(scope.role, 'admin'),
      create: can(scope.role, 'createContent'),
    },
  };
}
