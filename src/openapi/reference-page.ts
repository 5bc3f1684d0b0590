/**
 * GET /__admin/docs: the mock's OpenAPI document as one HTML page, written on the server. No
 * script, an inline style sheet and nothing loaded from anywhere, so it works offline and under
 * any Content-Security-Policy. It replaces Swagger UI (swagger-ui-dist), whose package brings a
 * telemetry postinstall (@scarf/scarf) to everyone who installs the mock: a test dependency
 * should phone nowhere. Each operation is a `<details>` (method, path, operationId, summary,
 * then its parameters, body and answers); each schema it names links to the document's
 * components, listed at the end as JSON.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  [key: string]: unknown;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 2rem;color:#1b1f24}
h2{margin-top:2rem;border-bottom:1px solid #d0d7de}details.operation{border:1px solid #d0d7de;border-radius:6px;margin:.35rem 0}
details.operation>summary{cursor:pointer;padding:.35rem .6rem;list-style:none}details.operation>div{padding:0 .8rem .6rem}
.method{display:inline-block;min-width:4.2rem;font-weight:700;text-transform:uppercase}.get{color:#0969da}.post{color:#1a7f37}
.put,.patch{color:#9a6700}.delete{color:#cf222e}.path{font-family:ui-monospace,monospace}.operation-id{color:#57606a;margin-left:.6rem}
table{border-collapse:collapse;margin:.3rem 0}td,th{border:1px solid #d0d7de;padding:.15rem .5rem;text-align:left;vertical-align:top}
pre{background:#f6f8fa;padding:.5rem;overflow:auto;max-height:30rem;white-space:pre-wrap;word-break:break-all}`;

/** A schema in a few words: the component it names (a link), or its type. */
function schemaText(schema: Schema | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') {
    // `#/components/schemas/NAME` or a definition inside one (`.../NAME/$defs/Other`): the link goes to NAME.
    const label = schema.$ref.replace(/^#\/components\/schemas\//, '');
    return `<a href="#schema-${escape(label.split('/')[0])}">${escape(label)}</a>`;
  }
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object') return `array of ${schemaText(schema.items as Schema)}`;
  if (schema.type) return escape(Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type);
  return `<code>${escape(JSON.stringify(schema).slice(0, 200))}</code>`;
}

function contentText(content: Record<string, { schema?: Schema }> | undefined): string {
  return Object.entries(content ?? {}).map(([type, { schema }]) => `${escape(type)}: ${schemaText(schema)}`).join('<br>');
}

function operationHtml(method: string, path: string, op: Operation): string {
  const id = op.operationId ?? `${method} ${path}`;
  const params = op.parameters?.length
    ? `<table><tr><th>parameter</th><th>in</th><th>schema</th><th></th></tr>${op.parameters
        .map((p) => `<tr><td><code>${escape(p.name)}</code>${p.required ? ' *' : ''}</td><td>${escape(p.in)}</td><td>${schemaText(p.schema)}</td><td>${escape(p.description ?? '')}</td></tr>`)
        .join('')}</table>`
    : '';
  const body = op.requestBody ? `<p>Body${op.requestBody.required ? ' (required)' : ''}: ${contentText(op.requestBody.content)}</p>` : '';
  const answers = `<table><tr><th>status</th><th>description</th><th>body</th></tr>${Object.entries(op.responses ?? {})
    .map(([status, r]) => `<tr><td>${escape(status)}</td><td>${escape(r.description ?? '')}</td><td>${contentText(r.content)}</td></tr>`)
    .join('')}</table>`;
  return `<details class="operation" id="op-${escape(id)}"><summary><span class="method ${method}">${method}</span> <span class="path">${escape(path)}</span><span class="operation-id">${escape(id)}</span> ${escape(op.summary ?? '')}</summary><div>${op.description ? `<p>${escape(op.description)}</p>` : ''}${params}${body}${answers}</div></details>`;
}

/** The page of `doc`: its operations by tag (in the document's order), then its schemas. */
export function referencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const title = escape(doc.info?.title ?? 'API reference');
  const tags = [...byTag.keys()];
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(([name, schema]) => `<details id="schema-${escape(name)}"><summary><code>${escape(name)}</code></summary><pre>${escape(JSON.stringify(schema))}</pre></details>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title} reference</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${title} <small>${escape(doc.info?.version ?? '')}</small></h1>
<p>The document itself: <a href="/__admin/openapi.json">/__admin/openapi.json</a>. ${tags.map((t) => `<a href="#tag-${escape(t)}">${escape(t)}</a>`).join(' · ')}</p>
${tags.map((t) => `<h2 id="tag-${escape(t)}">${escape(t)}</h2>\n${(byTag.get(t) ?? []).join('\n')}`).join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas}
</body>
</html>
`;
}
