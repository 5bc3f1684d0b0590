import { describe, expect, it } from 'vitest';
import { openApiProcessingState, processingDoneAt, translationStatus } from '../../../src/rules/processing-state.ts';

const start = '2026-01-01T00:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(start) + ms).toISOString();

describe('processing state', () => {
  it.each([
    [0, 'pending', 'pending'],
    [9_999, 'pending', 'pending'],
    [10_000, 'progress', 'running'],
    [59_999, 'progress', 'running'],
    [60_000, 'complete', 'completed'],
    [86_400_000, 'complete', 'completed'],
  ])('after %i ms: spec %s, translation %s', (elapsed, spec, translation) => {
    expect(openApiProcessingState(start, at(elapsed))).toBe(spec);
    expect(translationStatus(start, at(elapsed))).toBe(translation);
  });

  it('finishes one minute after the start', () => {
    expect(processingDoneAt(start)).toBe(at(60_000));
  });
});
