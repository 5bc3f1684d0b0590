/**
 * A scenario file or a command line that is wrong says everything wrong with it at once, where
 * (the file, the JSON path, the line and column) and the nearest name it knows (issue 44).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMock } from '../../../src/app.ts';
import { parseCli } from '../../../src/cli-args.ts';

/** A folder holding `name`.json with `text`, and the file's path. */
function scenarioFile(name: string, text: string): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'scenario-problems-'));
  writeFileSync(join(dir, `${name}.json`), text);
  return { dir, file: join(dir, `${name}.json`) };
}

/** The message creating a mock on scenario `name` of `dir` fails with. */
function refusal(dir: string, name: string): string {
  try {
    createMock({ scenariosDirs: [dir], scenario: name });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the scenario loaded');
}

describe('a scenario file', () => {
  it('reports every problem at once, each with its path, line and column, and the nearest name for a misspelt one', () => {
    const text = [
      '{',
      '  "description": "Two typos",',
      '  "spaces": [',
      '    { "key": "notes", "organisation": "acme", "titel": "Notes" }',
      '  ]',
      '}',
    ].join('\n');
    const { dir, file } = scenarioFile('typos', text);
    const message = refusal(dir, 'typos');
    expect(message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d problems: `));
    expect(message).toContain('scenario.spaces[0].organisation is not a known field (did you mean organization?) (line 4, column 23)');
    expect(message).toContain('scenario.spaces[0].titel is not a known field (did you mean title?) (line 4, column 47)');
    expect(message).toContain('scenario.spaces[0].organization is required (line 4, column 5)');
  });

  it('names the nearest key for a reference to one it does not have, with the file, line and column', () => {
    const { dir, file } = scenarioFile('notes', JSON.stringify({
      description: 'A comment on a misspelt space',
      extends: 'starter',
      spaces: [{ key: 'old-notes', organization: 'acme', title: 'Old notes' }],
      comments: [{ key: 'hi', space: 'old-note', author: 'editor', body: 'Hi' }],
    }, null, 2));
    expect(refusal(dir, 'notes')).toBe(`${file}: scenario.comments[0].space: unknown spaces key "old-note"; did you mean old-notes? (line 14, column 16)`);
  });

  it('reports every wrong reference and repeated key of a file at once, each where it is', () => {
    const text = [
      '{',
      '  "description": "Three mistakes",',
      '  "extends": "starter",',
      '  "spaces": [{ "key": "old-notes", "organization": "acne", "title": "Old notes" }],',
      '  "teams": [{ "key": "old-notes-team", "organization": "acme" }, { "key": "old-notes-team", "organization": "acme" }],',
      '  "comments": [{ "key": "hi", "space": "old-note", "author": "editer", "body": "Hi" }]',
      '}',
    ].join('\n');
    const { dir, file } = scenarioFile('mistakes', text);
    const message = refusal(dir, 'mistakes');
    expect(message).toMatch(/^4 problems: /);
    expect(message).toContain(`${file}: scenario.spaces[0].organization: unknown organizations key "acne"; did you mean acme? (line 4, column 52)`);
    expect(message).toContain(`${file}: scenario.teams[1]: key "old-notes-team" is already used by scenario "mistakes": scenario.teams[0] (line 5, column 66)`);
    expect(message).toContain(`${file}: scenario.comments[0].space: unknown spaces key "old-note"; did you mean old-notes? (line 6, column 40)`);
    expect(message).toContain(`${file}: scenario.comments[0].author: unknown users key "editer"; did you mean editor? (line 6, column 62)`);
  });

  it('says which file extends an unknown scenario, where, and the nearest one', () => {
    const { dir, file } = scenarioFile('mine', '{\n  "description": "x",\n  "extends": "startr"\n}');
    expect(refusal(dir, 'mine')).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: scenario\\.extends: Unknown scenario "startr"; known: .*; did you mean starter\\? \\(line 3, column 14\\)$`));
  });

  it('gives the line and column of invalid JSON', () => {
    const { dir, file } = scenarioFile('broken', '{\n  "description": "x",\n  "spaces": [\n}');
    expect(refusal(dir, 'broken')).toBe(`${file}: not valid JSON at line 4, column 1`);
  });
});

describe('the command line', () => {
  it('--prot: the flag it does not know, and the nearest one', () => {
    expect(() => parseCli(['--prot', '4011'])).toThrow(/^Unknown option '--prot'; did you mean --port\b/);
  });

  it('--scenario startr: the nearest scenario', () => {
    expect(() => createMock({ scenario: 'startr' })).toThrow(/^Unknown scenario "startr"; known: .*; did you mean starter\?$/);
  });
});
