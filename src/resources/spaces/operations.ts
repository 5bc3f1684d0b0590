/** Spaces (document 000): the space itself, its placement and its live content. */
import type { Operation } from '../../contract/operation.ts';
import { spaceContentOperations } from './content.ts';
import { contentFileOperations } from './content-files.ts';
import { computedOperations } from './computed.ts';
import { documentOperations } from './documents.ts';
import { metaLinkOperations } from './meta-links.ts';
import { spacePlacementOperations } from './placement.ts';
import { spaceCoreOperations } from './spaces.ts';
import { spaceSearchOperations } from './search.ts';

export const spaceOperations: Operation[] = [
  ...spaceCoreOperations,
  ...spacePlacementOperations,
  ...spaceContentOperations,
  ...contentFileOperations,
  ...metaLinkOperations,
  ...documentOperations,
  ...computedOperations,
  ...spaceSearchOperations,
];
