/**
 * Published URLs of a site and of what is in it. A site lives at its proxy origin, its
 * custom hostname, or `https://<org>.gitbook.io/<basename or id>`. The default section
 * and the default site space of a container live at their container's URL; the others
 * add their path. A share key is the first path segment after the site's own URL
 * (`https://acme.gitbook.io/docs/<key>/handbook`), as GitBook writes share-link URLs.
 */
import type { Tables } from '../../store/store.ts';
import type { OrganizationRecord, SiteRecord, SiteSectionRecord, SiteSpaceRecord } from '../../store/records.ts';
import { defaultSectionId, defaultSiteSpaceId } from './site-structure.ts';

export function siteBaseUrl(org: OrganizationRecord, site: SiteRecord): string {
  if (site.proxy) return `https://${site.proxy.origin}`;
  const suffix = site.basename ? `/${encodeURIComponent(site.basename)}` : '';
  if (site.hostname) return `https://${site.hostname}${suffix}`;
  return gitbookIoUrl(org, site);
}

/** The site's URL on the organization's gitbook.io subdomain (where it also answers when it has a hostname or a proxy). */
export function gitbookIoUrl(org: OrganizationRecord, site: SiteRecord): string {
  const sub = (org.hostname ?? org.id).toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return `https://${sub}.gitbook.io/${encodeURIComponent(site.basename ?? site.id)}`;
}

export function childUrl(parent: string, path: string, isDefault: boolean): string {
  return isDefault ? parent : `${parent}/${encodeURIComponent(path)}`;
}

/** The site's URL as a visitor with `shareKey` opens it: the key follows the site's own URL. */
export function siteUrl(org: OrganizationRecord, site: SiteRecord, shareKey?: string): string {
  const base = siteBaseUrl(org, site);
  return shareKey ? `${base}/${encodeURIComponent(shareKey)}` : base;
}

/** Where a proxied site's requests go. */
export function proxyTarget(site: SiteRecord): string {
  return `https://proxy.gitbook.site/sites/${site.id}`;
}

/** Where a site is published, and with which share key, for the URLs of what is in it. */
export interface UrlContext {
  org: OrganizationRecord;
  site: SiteRecord;
  shareKey?: string;
  defaultSection?: string;
}

export function urlContext(db: Tables, org: OrganizationRecord, site: SiteRecord, shareKey?: string): UrlContext {
  return { org, site, defaultSection: defaultSectionId(db, site), ...(shareKey && { shareKey }) };
}

export function sectionUrl(view: UrlContext, section: SiteSectionRecord | undefined): string {
  const base = siteUrl(view.org, view.site, view.shareKey);
  return section ? childUrl(base, section.path, view.defaultSection === section.id) : base;
}

/** The published URL of a site space: the one place both sites and spaces take it from. */
export function siteSpaceUrl(db: Tables, view: UrlContext, ss: SiteSpaceRecord): string {
  const isDefault = defaultSiteSpaceId(db, view.site, ss.section) === ss.id;
  const section = ss.section ? db.siteSections.get(ss.section) : undefined;
  return childUrl(sectionUrl(view, section), ss.path, isDefault);
}
