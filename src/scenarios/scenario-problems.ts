/**
 * Everything wrong with a scenario file, said at once (issue 44): each problem with its JSON
 * path, its line and column in the file, and for a name the schema does not know, the nearest
 * one it does (`scenario.organisation is not a known field (did you mean organization?) (line
 * 3, column 3)`). The text is JSON, which is YAML too: the `yaml` package's parser gives each
 * value's place.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { LineCounter, parseDocument, isMap, type Node } from 'yaml';
import { describeError, fieldPath } from '../contract/validators.ts';
import { nearest } from '../text/nearest.ts';

/** Where in `text` a value (or, with `key`, the key of one of its fields) is: 1-based line and column. */
export interface Place {
  line: number;
  column: number;
}

/** Finds places in one text: the value at a JSON pointer, or the key of one of its fields. */
export function locator(text: string): (pointer: string, key?: string) => Place | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  return (pointer, key) => {
    const path = pointer.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    let node: unknown = path.length ? doc.getIn(path, true) : doc.contents;
    if (key !== undefined && isMap(node)) node = node.items.find((pair) => (pair.key as { value?: unknown } | null)?.value === key)?.key ?? node;
    const range = (node as Node | undefined)?.range;
    if (!range) return undefined;
    const { line, col } = lines.linePos(range[0]);
    return { line, column: col };
  };
}

/** `(line 3, column 7)`, or nothing when the place is not known. */
const at = (place: Place | undefined) => (place ? ` (line ${place.line}, column ${place.column})` : '');

/**
 * `not valid JSON at line 4, column 12`, never an excerpt of the text (a symlinked file's target,
 * say a key file, must not show in an answer). The place is the parser's position where its
 * message has one; Node's parser often gives none, and then it is the first place the YAML
 * parser cannot read.
 */
export function jsonProblem(error: Error, text: string): string {
  const position = /position (\d+)/.exec(error.message)?.[1];
  if (position !== undefined) {
    const before = text.slice(0, Number(position)).split('\n');
    return `not valid JSON at line ${before.length}, column ${(before.at(-1) ?? '').length + 1}`;
  }
  const place = parseDocument(text).errors[0]?.linePos?.[0];
  return place ? `not valid JSON at line ${place.line}, column ${place.col}` : 'not valid JSON';
}

/** The names a field could have had at an unknown field's place: its schema's properties, and those required there. */
function namesBeside(error: ErrorObject, all: readonly ErrorObject[]): string[] {
  const schema = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
  const missing = all.filter((e) => e.keyword === 'required' && e.instancePath === error.instancePath).map((e) => String((e.params as { missingProperty: unknown }).missingProperty));
  return [...missing, ...Object.keys(schema?.properties ?? {})];
}

/** One sentence for each problem `validate` found in the file's value, each with its place. */
export function schemaProblems(text: string, validate: ValidateFunction): string[] {
  const place = locator(text);
  const all = validate.errors ?? [];
  const said = new Set<string>();
  const out: string[] = [];
  for (const error of all) {
    const params = error.params as Record<string, unknown>;
    let sentence: string;
    if (error.keyword === 'additionalProperty' || error.keyword === 'additionalProperties') {
      const name = String(params.additionalProperty);
      const hint = nearest(name, namesBeside(error, all))[0];
      sentence = `${fieldPath('scenario', error.instancePath, name)} is not a known field${hint ? ` (did you mean ${hint}?)` : ''}${at(place(error.instancePath, name))}`;
    } else sentence = `${describeError('scenario', error)}${at(place(error.instancePath))}`;
    // An anyOf's branches each say their own error at one place; one sentence of each is enough.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || said.has(sentence)) continue;
    said.add(sentence);
    out.push(sentence);
  }
  return out;
}

/** `FILE: 2 problems: A; B`, or `FILE: A` for one. */
export function problemsOf(file: string, problems: readonly string[]): string {
  return problems.length === 1 ? `${file}: ${problems[0]}` : `${file}: ${problems.length} problems: ${problems.join('; ')}`;
}
