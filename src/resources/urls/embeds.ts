/**
 * Embeds of a URL (the official Embed), as GitBook's renderer shows an embed block: worked out
 * from the URL alone, so the same URL always gives the same embed and nothing goes on the
 * network. A video or design provider the renderer plays inline answers `rich` with its
 * player's iframe; any other URL a `link` titled from its last path segment. A URL of the
 * mock's own content (a published page, an app URL of a space or page) is that content,
 * titled as it is.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import { pageEntries } from '../shared/page-tree.ts';
import { spaceRole } from '../shared/access.ts';
import { lookupPublished } from './published.ts';
import { contentOfAppUrl } from './content.ts';

export type Embed = { title: string; site: string; icon?: string } & ({ type: 'link' } | { type: 'rich'; html: string });

interface Provider {
  name: string;
  hosts: string[];
  /** The player's URL for the page's URL, when the provider plays inline. */
  player?: (url: URL) => string | undefined;
}

const PROVIDERS: Provider[] = [
  {
    name: 'YouTube',
    hosts: ['youtube.com', 'youtu.be'],
    player: (u) => {
      const id = u.hostname.endsWith('youtu.be') ? u.pathname.slice(1) : u.searchParams.get('v') ?? u.pathname.match(/^\/(?:embed|shorts)\/([^/]+)/)?.[1];
      return id ? `https://www.youtube.com/embed/${encodeURIComponent(id)}` : undefined;
    },
  },
  { name: 'Vimeo', hosts: ['vimeo.com'], player: (u) => {
    const video = /^\/\d+/.exec(u.pathname)?.[0];
    return video && `https://player.vimeo.com/video${video}`;
  } },
  { name: 'Loom', hosts: ['loom.com'], player: (u) => u.pathname.match(/^\/share\/([\w-]+)/)?.[1] && `https://www.loom.com/embed/${u.pathname.split('/')[2]}` },
  { name: 'Figma', hosts: ['figma.com'], player: (u) => `https://www.figma.com/embed?embed_host=gitbook&url=${encodeURIComponent(u.href)}` },
  { name: 'CodePen', hosts: ['codepen.io'], player: (u) => (u.pathname.includes('/pen/') ? u.href.replace('/pen/', '/embed/') : undefined) },
  { name: 'GitHub', hosts: ['github.com'] },
  { name: 'X', hosts: ['twitter.com', 'x.com'] },
];

function providerOf(host: string): Provider | undefined {
  const bare = host.replace(/^www\./, '');
  return PROVIDERS.find((p) => p.hosts.some((h) => bare === h || bare.endsWith(`.${h}`)));
}

/** "getting-started_guide" → "Getting started guide". */
function titleFromSegment(segment: string): string {
  const words = segment.replace(/\.[a-z0-9]+$/i, '').replace(/[-_+]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}

/** The embed of an outside URL, from the URL alone. */
export function outsideEmbed(url: URL): Embed {
  const provider = providerOf(url.hostname);
  const site = provider?.name ?? url.hostname.replace(/^www\./, '');
  const last = url.pathname.split('/').filter(Boolean).map((s) => { try { return decodeURIComponent(s); } catch { return s; } }).at(-1);
  const title = (last && titleFromSegment(last)) || site;
  const icon = `https://${url.hostname}/favicon.ico`;
  const player = provider?.player?.(url);
  if (player) {
    const html = `<iframe src="${player.replace(/"/g, '&quot;')}" title="${title.replace(/[&"<>]/g, '')}" width="100%" height="400" frameborder="0" allowfullscreen></iframe>`;
    return { type: 'rich', title, site, icon, html };
  }
  return { type: 'link', title, site, icon };
}

/** The embed of a URL of the mock's own content the caller may see, if it is one. */
export function ownEmbed(ctx: HandlerContext, url: string): Embed | undefined {
  const app = contentOfAppUrl(ctx, url);
  if (app && 'space' in app) {
    const title = app.page?.page.title ?? app.space.title;
    return { type: 'link', title, site: app.space.title, icon: 'https://app.gitbook.com/favicon.ico' };
  }
  let found;
  try {
    found = lookupPublished(ctx, url, {});
  } catch {
    return undefined;
  }
  if (!('content' in found)) return undefined;
  const { content } = found;
  const site = ctx.db.sites.existing(content.site);
  const space = ctx.db.spaces.existing(content.space);
  if (site.visibility !== 'public' && spaceRole(ctx.db, space, ctx.user.id) === null) return undefined;
  const pages = pageEntries(ctx.db.revisions.get(space.revision)?.pages ?? []);
  const wanted = content.pathname.toLowerCase();
  const page = wanted ? pages.find((e) => e.path.toLowerCase() === wanted) : pages[0];
  return { type: 'link', title: page?.page.title ?? space.title, site: site.title, icon: `${new URL(content.canonicalUrl).origin}/favicon.ico` };
}
