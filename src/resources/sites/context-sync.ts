/**
 * syncSiteContextConnection: a connection fetches its records from its source again (204,
 * "Sync started"). The mock reaches no source, so the sync starts and brings nothing new; the
 * site's API connection (`builtin:api`) has no source at all, so its sync is the official
 * `400` of an invalid connector: its records come only from pushes (shared/context.ts).
 */
import { errors } from '../../contract/errors.ts';
import { reply, type Operation } from '../../contract/operation.ts';
import { siteOf } from '../shared/site-access.ts';
import { CONTEXT_CONNECTIONS } from '../shared/context.ts';
import { officialOp } from '../engine/operations.ts';

export const contextSyncOperations: Operation[] = [
  officialOp('syncSiteContextConnection', {
    body: 'common/empty-body',
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const id = ctx.params.siteContextConnectionId;
      const connection = ctx.db.officialRecords.get(id);
      if (!connection || connection.family !== CONTEXT_CONNECTIONS || connection.parent !== site.id) throw errors.notFound('Context connection', id);
      if (connection.fields.connector === 'builtin:api') throw errors.badRequest('connector: builtin:api has no source to sync; its records are pushed with upsertSiteContextRecords');
      return reply(undefined, { status: 204 });
    },
  }),
];
