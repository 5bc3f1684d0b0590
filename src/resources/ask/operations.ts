/**
 * Search and questions over what the caller can read: a site's content (searchSiteContent,
 * streamAskInSite, streamAIResponseInSite, the recommended questions, prewarmSiteSearch) and an
 * organization's (askInOrganization, streamAskInOrganization, its recommended questions).
 * Every answer is made from the pages themselves (answer.ts), the same for the same state and
 * question; a site's hidden pages and draft site spaces are left out, as its published pages.
 */
import { rawReply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import { deriveId } from '../../ids.ts';
import type { SiteRecord, SpaceRecord } from '../../store/records.ts';
import { presentSpaceResults, readableSpaces, searchSpaces } from '../shared/search.ts';
import { queryTerms } from '../shared/search-text.ts';
import { requireOrg, requireSpace } from '../shared/access.ts';
import { siteOf, siteSpaceField } from '../shared/site-access.ts';
import { toDocument } from '../shared/markdown.ts';
import { answerOf, answerTo, recommendedQuestions, type DocumentFormat } from './answer.ts';
import { eventStream } from './event-stream.ts';
import { scopedSiteSpaces, spacesOf, type ScopeBody } from './site-scope.ts';
import { officialOp } from '../engine/operations.ts';

/** What a site shows: its hidden pages are not searched. */
const PUBLISHED = { skipHidden: true };

/** The spaces of a site's default scope, or those of one site space (`siteSpaceId`) or space (`spaceId`) of it. */
function siteSpacesFor(ctx: HandlerContext, site: SiteRecord, q: { siteSpaceId?: string; spaceId?: string }): SpaceRecord[] {
  if (q.siteSpaceId) siteSpaceField(ctx, site, q.siteSpaceId, 'siteSpaceId');
  const spaces = spacesOf(ctx, scopedSiteSpaces(ctx, site, q.siteSpaceId ? { scope: { mode: 'default', currentSiteSpace: q.siteSpaceId, restrictTo: 'currentSiteSpace' } } : { scope: { mode: q.spaceId ? 'all' : 'default' } }));
  return q.spaceId ? spaces.filter((s) => s.id === q.spaceId) : spaces;
}

/** The text of a message's content: a string, or the text leaves of a JSON document. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { text, nodes, leaves } = node as { text?: unknown; nodes?: unknown; leaves?: unknown };
    if (typeof text === 'string') texts.push(text);
    for (const child of [nodes, leaves]) if (Array.isArray(child)) child.forEach(visit);
  };
  visit(content);
  return texts.join(' ');
}

export const askOperations: Operation[] = [
  officialOp('searchSiteContent', {
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      const spaces = spacesOf(ctx, scopedSiteSpaces(ctx, site, ctx.body as ScopeBody));
      return paginate(arrayView(presentSpaceResults(searchSpaces(ctx, spaces, queryTerms(ctx.body.query), PUBLISHED))), ctx.query, (r) => r);
    },
  }),
  officialOp('prewarmSiteSearch', {
    body: 'common/empty-body',
    handle: (ctx) => {
      siteOf(ctx);
      return rawReply(null);
    },
  }),
  officialOp('streamAskInSite', {
    responseType: 'text/event-stream',
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      const spaces = spacesOf(ctx, scopedSiteSpaces(ctx, site, ctx.body as ScopeBody));
      return eventStream([{ type: 'answer', answer: answerOf(ctx, spaces, ctx.body.question, ctx.query.format as DocumentFormat | undefined, PUBLISHED) }]);
    },
  }),
  officialOp('streamAIResponseInSite', {
    responseType: 'text/event-stream',
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      const question = textOf([...ctx.body.input].reverse().find((m) => m.role === 'user')?.content ?? '');
      const answer = answerTo(ctx, siteSpacesFor(ctx, site, {}), question, PUBLISHED);
      // The message is named by what it answers: the same question on the same site, the same id.
      const messageId = deriveId(`ai-response:${site.id}:${ctx.body.previousResponseId ?? ''}:${question}`);
      const blocks = toDocument(answer.markdown).nodes;
      return eventStream([
        { type: 'response_start', messageId },
        ...(blocks.length > 0 ? [{ type: 'response_document', messageId, stepIndex: 0, operation: 'insert', blocks }] : []),
        ...(answer.followupQuestions.length > 0 ? [{ type: 'response_followup_suggestion', messageId, suggestions: answer.followupQuestions }] : []),
        { type: 'response_finish', messageId, response: {} },
      ]);
    },
  }),
  officialOp('streamRecommendedQuestionsInSite', {
    responseType: 'text/event-stream',
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      if (ctx.query.spaceId) requireSpace(ctx, ctx.query.spaceId, 'view');
      const questions = recommendedQuestions(ctx, siteSpacesFor(ctx, site, ctx.query), PUBLISHED);
      return eventStream(questions.map((question) => ({ question })));
    },
  }),
  officialOp('askInOrganization', {
    // The answer's schema reaches every document block: the one copy in the generic file serves.
    response: 'official/generic#/$defs/askInOrganization-response',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      return { answer: answerOf(ctx, readableSpaces(ctx, org), ctx.body.query, ctx.query.format as DocumentFormat | undefined) };
    },
  }),
  officialOp('streamAskInOrganization', {
    responseType: 'text/event-stream',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      return eventStream([{ type: 'answer', answer: answerOf(ctx, readableSpaces(ctx, org), ctx.query.query ?? '', ctx.query.format as DocumentFormat | undefined) }]);
    },
  }),
  officialOp('getRecommendedQuestionsInOrganization', {
    handle: (ctx) => ({ questions: recommendedQuestions(ctx, readableSpaces(ctx, requireOrg(ctx, ctx.params.organizationId))) }),
  }),
  officialOp('streamRecommendedQuestionsInOrganization', {
    responseType: 'text/event-stream',
    handle: (ctx) => eventStream(recommendedQuestions(ctx, readableSpaces(ctx, requireOrg(ctx, ctx.params.organizationId))).map((question) => ({ question }))),
  }),
];
