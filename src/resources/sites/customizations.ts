/**
 * The customization settings a published site carries. This mock has no customization
 * operations, so every site serves GitBook's defaults (titled like the site), which is
 * what the official PublishedContentSite requires.
 */
import type { SiteRecord } from '../../store/records.ts';

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
