/**
 * The README, to the letter (issue 44): every scenario it prints loads as written, through the
 * loader a user's file goes through; it lists each built-in scenario once; and it promises no
 * 501 for an official operation (the generic tier answers every one).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/app.ts';
import { scenarioOptions } from '../helpers/calls.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The code blocks of the README in `language`, each with the heading it sits under. */
function blocks(language: string): { heading: string; text: string }[] {
  const out: { heading: string; text: string }[] = [];
  let heading = '';
  const lines = readme.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('#')) heading = lines[i];
    if (lines[i] !== '```' + language) continue;
    const end = lines.indexOf('```', i + 1);
    out.push({ heading, text: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return out;
}

/** A JSON block is a scenario when it says what a scenario file says first: `extends`, `description` or the scenario schema. */
const scenarios = blocks('json')
  .map(({ heading, text }) => ({ heading, value: JSON.parse(text) as Record<string, unknown> }))
  .filter(({ value }) => 'extends' in value || 'description' in value || String(value.$schema ?? '').endsWith('scenario.json'));

describe('the README', () => {
  it('prints scenarios to load', () => {
    expect(scenarios.map(({ heading }) => heading)).toEqual(expect.arrayContaining(['## Events to integrations', '### Writing a scenario']));
  });

  it.each(scenarios.map(({ heading, value }) => [heading, value] as const))('the scenario under "%s" loads as written', (_heading, value) => {
    const mock = createMock(scenarioOptions('readme', value));
    expect(mock.runtime.manifest.scenario).toBe('readme');
  });

  it('lists each scenario of the table once', () => {
    const rows = readme.split('\n').filter((line) => /^\| `[a-z-]+` \| /.test(line)).map((line) => /^\| `([a-z-]+)`/.exec(line)![1]);
    const table = rows.filter((name) => ['empty', 'starter', 'trash', 'review', 'site-launch', 'org-admin', 'large'].includes(name));
    expect(table.filter((name) => name === 'starter')).toEqual(['starter']);
  });

  it('says no official operation answers 501', () => {
    const lines = readme.split('\n').filter((line) => /\b501\b/.test(line) && !/PDF|PUT \/__admin\/state/.test(line));
    expect(lines).toEqual([]);
  });
});
