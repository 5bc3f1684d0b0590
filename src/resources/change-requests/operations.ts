/** Change requests, their content, requested reviewers, Git Sync and links (document 000). */
import type { Operation } from '../../contract/operation.ts';
import { changeRequestCrudOperations } from './change-requests.ts';
import { contentOperations } from './content.ts';
import { gitOperations } from './git.ts';
import { linkOperations } from './link-ops.ts';
import { pdfOperations } from './pdf.ts';
import { reviewerOperations } from './reviewers.ts';
import { reviewOperations } from './reviews.ts';
import { changeOperations } from './changes.ts';
import { contributorOperations } from './contributors.ts';
import { contentChangeOperations } from './content-changes.ts';
import { conversationOperations } from './conversations.ts';

export { FILE_ROWS } from './file-routes.ts';

export const changeRequestOperations: Operation[] = [
  ...changeRequestCrudOperations,
  ...pdfOperations,
  ...contentOperations,
  ...contentChangeOperations,
  ...linkOperations,
  ...reviewerOperations,
  ...reviewOperations,
  ...contributorOperations,
  ...conversationOperations,
  ...changeOperations,
  ...gitOperations,
];
