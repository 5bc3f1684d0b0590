/**
 * GET /v1/spaces/{spaceId}/integration-blocks (official listSpaceIntegrationsBlocks): the
 * integrations installed on the space (an active installation there), each with the blocks
 * its catalogue entry declares, in catalogue order. An entry that declares none lists none.
 */
import { type Operation } from '../../contract/operation.ts';
import type { IntegrationRecord } from '../../store/records.ts';
import { requireSpace } from '../shared/access.ts';
import { officialOp } from '../engine/operations.ts';

/** The blocks a catalogue entry declares (a published integration's), or none. */
function blocksOf(integration: IntegrationRecord): unknown[] {
  return 'blocks' in integration && Array.isArray(integration.blocks) ? integration.blocks : [];
}

export const spaceBlockOperations: Operation[] = [
  officialOp('listSpaceIntegrationsBlocks', {
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
      const installed = new Set(ctx.db.spaceInstallations.by('target', space.id).filter((i) => i.status === 'active').map((i) => i.integration));
      return ctx.db.integrations.list().filter((i) => installed.has(i.id)).map((i) => ({ name: i.id, blocks: blocksOf(i) }));
    },
  }),
];
