/**
 * record's drift lines: each upstream answer checked against the official response schema of
 * its operation. The official document comes from `@gitbook/api` (spec/openapi.json) when it is
 * installed (a dev or peer dependency: the server never needs it); without it record says so
 * once and checks nothing.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { OFFICIAL_ROUTES } from '../contract/official-routes.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;

export type DriftCheck = (method: string, path: string, status: number, body: unknown) => string[];

function template(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}$`);
}

/** The checker, or null when the official document is not installed. */
export function officialDriftCheck(): DriftCheck | null {
  let doc: Doc;
  try {
    doc = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as Doc;
  } catch {
    return null;
  }
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its module.exports (the default import here) is the plugin, with itself as `default`.
  formatsPlugin.default(ajv);
  ajv.addFormat('emoji', true);
  ajv.addFormat('icon', true);
  ajv.addSchema({ $id: 'official', components: doc.components });
  const routes = OFFICIAL_ROUTES.map(([operationId, method, path]) => ({ operationId, method, path, re: template(path) }));
  const cache = new Map<string, ValidateFunction | null>();
  return (method, path, status, body) => {
    const route = routes.find((r) => r.method === method && r.re.test(path));
    if (!route) return [];
    const key = `${route.operationId}:${status}`;
    if (!cache.has(key)) {
      const schema = doc.paths[route.path.replace(/^\/v1/, '')]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
      cache.set(key, schema ? ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"official#/components/'))) : null);
    }
    const validate = cache.get(key);
    if (!validate || validate(body)) return [];
    return (validate.errors ?? []).slice(0, 5).map((e) => `drift: ${method} ${path} (${route.operationId}) ${status}: ${e.instancePath || '/'} ${e.message}`);
  };
}
