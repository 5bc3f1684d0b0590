/** The adaptive-content visitor schema of a site, and the template conditions derived from it. */
import { errors } from '../../contract/errors.ts';
import { type Operation } from '../../contract/operation.ts';
import { cleanVisitorSchema, templateConditions } from '../../rules/adaptive-schema.ts';
import type { SiteRecord } from '../../store/records.ts';
import { siteOf } from '../shared/site-access.ts';
import { officialOp } from '../engine/operations.ts';

/** The stored schema as served: without `$id`, which the official component does not allow. */
function presentAdaptiveSchema(schema: NonNullable<SiteRecord['adaptiveSchema']>) {
  const { $id: _id, ...jsonSchema } = schema.jsonSchema;
  return { object: 'site-adaptive-schema' as const, jsonSchema, updatedAt: schema.updatedAt };
}

export const adaptiveOperations: Operation[] = [
  officialOp('getSiteAdaptiveSchema', {
    response: 'sites/adaptive-schema',
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      if (!site.adaptiveSchema) throw errors.notFound(`Adaptive schema of site "${site.id}"`);
      return presentAdaptiveSchema(site.adaptiveSchema);
    },
  }),
  officialOp('updateSiteAdaptiveSchema', {
    body: 'sites/adaptive-schema-body',
    response: 'sites/adaptive-schema',
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const adaptiveSchema = { jsonSchema: cleanVisitorSchema(ctx.body.jsonSchema), updatedAt: ctx.now };
      ctx.db.sites.update(site.id, { adaptiveSchema, updatedAt: ctx.now });
      return presentAdaptiveSchema(adaptiveSchema);
    },
  }),
  officialOp('listSiteAdaptiveTemplateConditions', {
    response: 'sites/template-conditions',
    handle: (ctx) => ({ items: templateConditions(siteOf(ctx).site.adaptiveSchema?.jsonSchema) }),
  }),
];
