/**
 * The official request bodies as tests send them: a body schema standing alone with the
 * components it reaches, and the path of an operation with the starter manifest's ids
 * (test/api/server/official-body-branches.test.ts, unknown-fields-everywhere.test.ts).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { officialSpec } from './official.ts';

type Schema = Record<string, any>;

/** The official components as `$defs` of one root, so one body schema stands alone. */
export const DEFS: Record<string, Schema> = JSON.parse(JSON.stringify(officialSpec.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'));
export const refName = (ref: string) => ref.slice('#/$defs/'.length);

/** The body schema with the components it reaches (not all of them: ajv and the faker walk what they get). */
export function rooted(body: unknown): Schema {
  const text = JSON.stringify(body).replaceAll('#/components/schemas/', '#/$defs/');
  const defs: Record<string, Schema> = {};
  const queue = [...text.matchAll(/#\/\$defs\/(\w+)/g)].map((m) => m[1]);
  while (queue.length) {
    const name = queue.pop()!;
    if (defs[name]) continue;
    defs[name] = DEFS[name];
    for (const m of JSON.stringify(DEFS[name]).matchAll(/#\/\$defs\/(\w+)/g)) queue.push(m[1]);
  }
  return { ...(JSON.parse(text) as Schema), $defs: defs };
}

/** Path parameters from the starter manifest, by the official parameter names. */
export function pathFor(template: string, ids: Record<string, Record<string, string>>): string {
  const inChangeRequest = template.includes('/change-requests/');
  const byName: Record<string, string | undefined> = {
    userId: ids.users.editor,
    spaceId: ids.spaces.handbook,
    teamId: ids.teams.writers,
    changeRequestId: ids.changeRequests['handbook-draft'],
    commentId: inChangeRequest ? ids.comments['draft-review'] : ids.comments['welcome-question'],
    commentReplyId: inChangeRequest ? ids.commentReplies['draft-review-reply'] : ids.commentReplies['welcome-answer'],
    collectionId: ids.collections.guides,
    integrationName: ids.integrations['docs-bot'],
    installationId: ids.installations['docs-bot-acme'],
    siteId: ids.sites['docs-site'],
    organizationId: ids.organizations.acme,
    samlProviderId: ids.samlProviders.okta,
    specSlug: ids.openapiSpecs.petstore,
    translationId: ids.translations.french,
    shareLinkId: ids.shareLinks['partner-preview'],
    siteSectionId: ids.siteSections['handbook-section'],
    siteSpaceId: ids.siteSpaces['handbook-site-space'],
    siteRedirectId: ids.siteRedirects['old-handbook'],
    siteMcpServerId: ids.siteMcpServers['support-tools'],
  };
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(byName[name] ?? 'unknown-id'));
}

type OfficialOp = { operationId?: string; requestBody?: { content?: { 'application/json'?: { schema?: unknown } } } };

/** One official operation with a JSON request body: its method, its path under `/v1`, and its body schema standing alone. */
export interface OfficialBodyCase {
  operationId: string;
  method: string;
  path: string;
  body: Schema;
}

/** The official operations with a JSON body that `served` names, and whose method `methods` holds (lower case; all when not given). */
export function officialBodyCases(served: ReadonlySet<string>, methods?: readonly string[]): OfficialBodyCase[] {
  const cases: OfficialBodyCase[] = [];
  for (const [path, byMethod] of Object.entries(officialSpec.paths as Record<string, Record<string, OfficialOp>>)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (!op.operationId || !schema || !served.has(op.operationId) || (methods && !methods.includes(method))) continue;
      cases.push({ operationId: op.operationId, method: method.toUpperCase(), path: `/v1${path}`, body: rooted(schema) });
    }
  }
  return cases;
}

/** An ajv for the official schemas: formats, and the official formats ajv does not know (`emoji`, `icon`) taken as any string. */
export function officialAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  formatsPlugin(ajv);
  for (const name of ['emoji', 'icon']) ajv.addFormat(name, true);
  return ajv;
}
