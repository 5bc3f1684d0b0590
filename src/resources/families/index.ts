/**
 * Every family of the resource engine (src/resources/engine/). Adding one: README, "How to
 * add a family". The rows they give join the operation table in resources/index.ts.
 */
import type { Family } from '../engine/family.ts';
import { familyOperations } from '../engine/operations.ts';
import type { Operation } from '../../contract/operation.ts';
import { collections } from './collections.ts';
import { siteRedirects } from './site-redirects.ts';
import { siteMcpServers } from './site-mcp-servers.ts';
import { siteChannels } from './site-channels.ts';
import { siteExternalLinks } from './site-external-links.ts';
import { customFonts } from './custom-fonts.ts';

export const FAMILIES: readonly Family<any>[] = [siteRedirects, collections, siteMcpServers, siteChannels, siteExternalLinks, customFonts];

export const familyRows: Operation[] = FAMILIES.flatMap((family) => familyOperations(family));
