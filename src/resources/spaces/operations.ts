/**
 * Spaces (document 000) and every comment operation, space comments and change-request
 * comments alike (src/resources/comments).
 */
import type { Operation } from '../../http/operation.ts';
import { commentOperations } from '../comments/operations.ts';
import { spaceContentOperations } from './content.ts';
import { documentOperations } from './documents.ts';
import { metaLinkOperations } from './meta-links.ts';
import { spacePlacementOperations } from './placement.ts';
import { spaceCoreOperations } from './spaces.ts';
import { spaceSearchOperations } from './search.ts';

export const spaceOperations: Operation[] = [
  ...spaceCoreOperations,
  ...spacePlacementOperations,
  ...spaceContentOperations,
  ...metaLinkOperations,
  ...documentOperations,
  ...spaceSearchOperations,
  ...commentOperations,
];
