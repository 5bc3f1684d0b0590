/**
 * GitBook's default customization settings (titled like the site): what a site serves until
 * PUT .../customization sets its own (see customization-ops.ts), and what the published site
 * carries.
 */
import { siteSpaceShownTo } from '../shared/site-visitor.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import { overlay } from '../../rules/customization.ts';
import type { SiteRecord, SiteSpaceRecord } from '../../store/records.ts';

const color = (light: string, dark: string) => ({ light, dark });

export function defaultCustomization(site: SiteRecord) {
  return {
    title: site.title,
    styling: {
      theme: 'clean' as const,
      primaryColor: color('#346DDB', '#346DDB'),
      infoColor: color('#787878', '#787878'),
      successColor: color('#02AD02', '#02AD02'),
      warningColor: color('#F79009', '#F79009'),
      dangerColor: color('#FB2C36', '#FB2C36'),
      corners: 'rounded' as const,
      depth: 'subtle' as const,
      links: 'default' as const,
      font: 'Inter' as const,
      monospaceFont: 'IBMPlexMono' as const,
      background: 'plain' as const,
      icons: 'regular' as const,
      codeTheme: {
        default: { light: 'default-light' as const, dark: 'default-dark' as const },
        openapi: { light: 'default-light' as const, dark: 'default-dark' as const },
      },
      sidebar: { background: 'default' as const, list: 'default' as const },
      search: 'subtle' as const,
    },
    internationalization: { locale: 'en' as const },
    favicon: {},
    header: { preset: 'default' as const, links: [] },
    footer: { groups: [] },
    themes: { default: 'system' as const, toggeable: true },
    feedback: { enabled: false },
    ai: { mode: 'search' as const },
    advancedCustomization: { enabled: true },
    pageActions: { items: ['markdown' as const, 'pdf' as const] },
    externalLinks: { target: 'self' as const },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    socialAccounts: [],
    insights: { trackingCookie: true },
  };
}

/** The site's settings: the ones last PUT, or the defaults. */
export function siteCustomization(site: SiteRecord): Record<string, unknown> {
  if (!site.customization) return defaultCustomization(site);
  return { ...site.customization, ...(site.customizationUpdatedAt && { updatedAt: site.customizationUpdatedAt }) };
}

/** A site space's effective settings: the site's with its overrides laid over them. */
export function siteSpaceCustomization(site: SiteRecord, ss: SiteSpaceRecord): Record<string, unknown> {
  const settings = overlay(siteCustomization(site), ss.customization ?? {});
  const updatedAt = ss.customizationUpdatedAt ?? site.customizationUpdatedAt;
  return updatedAt ? { ...settings, updatedAt } : settings;
}

/**
 * The effective settings of every site space of the site, by site-space id (the site's where a
 * site space overrides nothing): GitBook's renderer (lib/context.ts) reads the entry of the
 * site space it renders and warns when there is none.
 */
export function siteSpaceCustomizations(ctx: HandlerContext<unknown, unknown, unknown>, site: SiteRecord) {
  const out: Record<string, Record<string, unknown>> = {};
  const shown = siteSpaceShownTo(ctx.db, ctx.user.id);
  for (const ss of ctx.db.siteSpaces.by('site', site.id)) if (shown(ss)) out[ss.id] = siteSpaceCustomization(site, ss);
  return out;
}
