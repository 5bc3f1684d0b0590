/**
 * deleteSiteTopicFindings: every finding of a site topic deleted at once, whatever its status
 * (205), or 204 when the topic has none or is not there, as the official document says. The
 * findings are the generic tier's records (`officialRecords`), each naming its topic in `topic`.
 */
import { reply, type Operation } from '../../contract/operation.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { officialOp } from '../engine/operations.ts';
import { siteOf } from '../shared/site-access.ts';

/** The family the generic tier keeps a site's findings under (scenarios name it by listSiteFindings). */
const FINDINGS = '/v1/orgs/{}/sites/{}/findings';

export const topicFindingOperations: Operation[] = [
  // 205 when findings went, 204 (the official first answer) when there were none.
  officialOp('deleteSiteTopicFindings', {
    status: 205,
    handle: (ctx) => {
      const { site } = siteOf(ctx, true);
      const findings = ctx.db.officialRecords.by('family', `${FINDINGS} ${site.id}`).filter((f) => f.fields.topic === ctx.params.siteTopicId);
      if (findings.length === 0) return reply(undefined, { status: 204 });
      for (const finding of findings) removeWithDependents(ctx.db, 'officialRecords', finding.id);
      return undefined;
    },
  }),
];
