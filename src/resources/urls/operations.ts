/**
 * The URL lookups: a published URL to the site content it shows (GET and POST
 * /v1/urls/published, which answer without a token, as GitBook's renderer calls them before
 * it has one), an app URL to a space, page or collection (GET /v1/urls/content), and a URL to
 * its embed (GET /v1/urls/embed, GET /v1/spaces/{spaceId}/embed).
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { PARENTS } from '../engine/parents.ts';
import { presentCollection } from '../shared/present-collection.ts';
import { requireSpace } from '../shared/access.ts';
import { pageEntries } from '../shared/page-tree.ts';
import { presentChangeRequest } from '../shared/present-change-request.ts';
import { presentPage } from '../shared/content-present.ts';
import { revisionOf } from '../shared/revisions.ts';
import { presentSpaceToCaller } from '../shared/present-space.ts';
import { contentOfAppUrl, type AppContent } from './content.ts';
import { outsideEmbed, ownEmbed } from './embeds.ts';
import { lookupPublished, type Visitor } from './published.ts';
import { signSiteToken } from '../../auth/site-token.ts';
import { officialOp } from '../engine/operations.ts';

/** The lookup's answer: a redirect as it is, site content with its API token signed. */
function published(ctx: HandlerContext, url: string, visitor: Visitor) {
  const found = lookupPublished(ctx, url, visitor);
  if ('redirect' in found) return found.redirect;
  return { ...found.content, apiToken: signSiteToken(found.token, ctx.seed) };
}

/** A URL as a URL, or 400 naming the field. */
function parsed(url: string, field: string): URL {
  try {
    return new URL(url);
  } catch {
    throw errors.badRequest(`${field} is not a URL`);
  }
}

function presentAppContent(ctx: HandlerContext, found: AppContent) {
  if ('collection' in found) {
    return { collection: presentCollection(found.collection, ctx, PARENTS.organization.fromId(ctx, found.collection.parent)) };
  }
  const { space, changeRequest, page } = found;
  const revision = revisionOf(ctx, changeRequest?.revision ?? space.revision);
  return {
    space: presentSpaceToCaller(ctx, space),
    ...(changeRequest && { changeRequest: presentChangeRequest(ctx, changeRequest) }),
    ...(page && { page: presentPage({ space, revision, ...(changeRequest && { changeRequest }) }, page) }),
  };
}

/** What getContentByUrl finds: an app URL, else a published URL of a space the caller sees. */
function contentOf(ctx: HandlerContext, url: string): AppContent {
  const app = contentOfAppUrl(ctx, url);
  if (app) return app;
  let found;
  try {
    found = lookupPublished(ctx, url, {});
  } catch {
    found = undefined;
  }
  if (found && 'content' in found) {
    const { space } = requireSpace(ctx, found.content.space);
    const wanted = found.content.pathname.toLowerCase();
    const page = wanted ? pageEntries(revisionOf(ctx, space.revision).pages).find((e) => e.path.toLowerCase() === wanted) : undefined;
    return { space, ...(page && { page }) };
  }
  throw errors.notFound('Content for URL', url);
}

export const urlOperations: Operation[] = [
  officialOp('getPublishedContentByUrl', {
    anonymous: true,
    handle: (ctx) => published(ctx, ctx.query.url, { jwtToken: ctx.query.visitorAuthToken }),
  }),
  officialOp('resolvePublishedContentByUrl', {
    anonymous: true,
    handle: (ctx) => published(ctx, ctx.body.url, ctx.body.visitor ?? {}),
  }),
  officialOp('getContentByUrl', {
    handle: (ctx) => presentAppContent(ctx, contentOf(ctx, ctx.query.url)),
  }),
  officialOp('getEmbedByUrl', {
    handle: (ctx) => ownEmbed(ctx, ctx.query.url) ?? outsideEmbed(parsed(ctx.query.url, 'query.url')),
  }),
  officialOp('getEmbedByUrlInSpace', {
    handle: (ctx) => {
      requireSpace(ctx, ctx.params.spaceId, 'view');
      return ownEmbed(ctx, ctx.query.url) ?? outsideEmbed(parsed(ctx.query.url, 'query.url'));
    },
  }),
];
