/**
 * submitAgentFeedbackToSite: an AI agent's feedback on a tool, command, endpoint or page of the
 * site. The feedback is kept (kept.ts), and the answer's `id` is the submission's own, as the
 * official answer says ("Unique identifier of the submission"); no official GET reads it back.
 */
import type { Operation } from '../../contract/operation.ts';
import { officialOp } from '../engine/operations.ts';
import { siteOf } from '../shared/site-access.ts';
import { KEPT, keepRow } from '../shared/kept.ts';

/** What the service tells the agent once its feedback is in. */
const RECEIVED = "Thank you: the feedback is recorded for the site's editors.";

export const agentFeedbackOperations: Operation[] = [
  officialOp('submitAgentFeedbackToSite', {
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      const { reportedBy, subject, feedback } = ctx.body;
      const kept = keepRow(ctx, KEPT.agentFeedback, site.id, { ...(reportedBy !== undefined && { reportedBy }), subject, feedback, by: ctx.user.id });
      return { id: kept.id, result: RECEIVED };
    },
  }),
];
