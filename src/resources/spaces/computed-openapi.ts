/**
 * What GitBook's built-in OpenAPI source computes from a specification, as markdown: a
 * document per the official `props.doc` (`info`, `models`, the `operations` of a path, one
 * `operation`, a `tag`), and the pages of a computed revision (one per tag, or one per
 * operation with `grouping: by-operation`, and `Models` when `props.models`). Only what the
 * specification says is written; a page, tag or operation it does not hold is a 404.
 */
import { errors } from '../../contract/errors.ts';

interface Operation {
  path: string;
  method: string;
  summary?: string;
  description?: string;
  tags: string[];
}

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'trace'];
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** A document's props, as the official ComputedContentSourceDocumentOpenAPI has them. */
export type DocumentProps = { doc: 'models' } | { doc: 'info' | 'operations' | 'tag'; page: string } | { doc: 'operation'; page: string; method: string };

/** A computed revision's page: its title and body. */
export interface ComputedPage {
  key: string;
  title: string;
  markdown: string;
}

function operationsOf(spec: Json): Operation[] {
  const paths = isObject(spec.paths) ? spec.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    isObject(item)
      ? METHODS.filter((m) => isObject(item[m])).map((method) => {
          const o = item[method] as Json;
          const tags = Array.isArray(o.tags) ? o.tags.filter((t): t is string => typeof t === 'string') : [];
          return { path, method, ...(text(o.summary) && { summary: text(o.summary) }), ...(text(o.description) && { description: text(o.description) }), tags };
        })
      : [],
  );
}

const heading = (o: Operation) => o.summary ?? `${o.method.toUpperCase()} ${o.path}`;
const paragraphs = (...parts: (string | undefined)[]) => `${parts.filter((p): p is string => p !== undefined).join('\n\n')}\n`;

function operationBlock(o: Operation, level: string): string {
  return [`${level} ${heading(o)}`, `\`${o.method.toUpperCase()} ${o.path}\``, o.description].filter(Boolean).join('\n\n');
}

function tagDescription(spec: Json, tag: string): string | undefined {
  const found = Array.isArray(spec.tags) ? spec.tags.find((t) => isObject(t) && t.name === tag) : undefined;
  return isObject(found) ? text(found.description) : undefined;
}

function modelsMarkdown(spec: Json): string {
  const schemas = isObject(spec.components) && isObject(spec.components.schemas) ? spec.components.schemas : {};
  return paragraphs('# Models', ...Object.entries(schemas).map(([name, s]) => [`## ${name}`, isObject(s) ? text(s.description) : undefined].filter(Boolean).join('\n\n')));
}

function tagMarkdown(spec: Json, tag: string, operations: Operation[]): string {
  return paragraphs(`# ${tag}`, tagDescription(spec, tag), ...operations.map((o) => operationBlock(o, '##')));
}

/** The tags of the specification in its order (declared first, then as operations name them); untagged operations go under `default`. */
function tagsOf(spec: Json, operations: Operation[]): string[] {
  const declared = Array.isArray(spec.tags) ? spec.tags.flatMap((t) => (isObject(t) && typeof t.name === 'string' ? [t.name] : [])) : [];
  const named = operations.flatMap((o) => (o.tags.length ? o.tags : ['default']));
  return [...new Set([...declared, ...named])].filter((tag) => named.includes(tag));
}

/** The document `props` ask for, as markdown. */
export function openApiDocument(spec: Json, slug: string, props: DocumentProps): string {
  if (props.doc === 'models') return modelsMarkdown(spec);
  const info = isObject(spec.info) ? spec.info : {};
  if (props.doc === 'info') return paragraphs(`# ${text(info.title) ?? slug}`, text(info.description), typeof info.version === 'string' ? `Version ${info.version}` : undefined);
  const operations = operationsOf(spec);
  if (props.doc === 'tag') {
    const tagged = operations.filter((o) => (o.tags.length ? o.tags : ['default']).includes(props.page));
    if (!tagged.length && tagDescription(spec, props.page) === undefined) throw errors.notFound(`Tag of OpenAPI spec "${slug}"`, props.page);
    return tagMarkdown(spec, props.page, tagged);
  }
  const onPath = operations.filter((o) => o.path === props.page);
  if (props.doc === 'operations') {
    if (!onPath.length) throw errors.notFound(`Path of OpenAPI spec "${slug}"`, props.page);
    return paragraphs(`# ${props.page}`, ...onPath.map((o) => operationBlock(o, '##')));
  }
  const { method } = props as { method: string };
  const one = onPath.find((o) => o.method === method);
  if (!one) throw errors.notFound(`Operation of OpenAPI spec "${slug}"`, `${method.toUpperCase()} ${props.page}`);
  return operationBlock(one, '#') + '\n';
}

/** The pages a computed revision of the specification holds. */
export function openApiPages(spec: Json, props: { models: boolean; grouping?: 'by-tag' | 'by-operation' }): ComputedPage[] {
  const operations = operationsOf(spec);
  const pages: ComputedPage[] =
    props.grouping === 'by-operation'
      ? operations.map((o) => ({ key: `operation:${o.method}:${o.path}`, title: heading(o), markdown: operationBlock(o, '#') + '\n' }))
      : tagsOf(spec, operations).map((tag) => ({
          key: `tag:${tag}`,
          title: tag,
          markdown: tagMarkdown(spec, tag, operations.filter((o) => (o.tags.length ? o.tags : ['default']).includes(tag))),
        }));
  return props.models ? [...pages, { key: 'models', title: 'Models', markdown: modelsMarkdown(spec) }] : pages;
}
