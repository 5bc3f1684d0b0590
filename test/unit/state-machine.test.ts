/**
 * A machine is declared once (src/state-machine.ts) and a handler names it to note a move. The
 * `@ts-expect-error` lines are checked by `tsc --noEmit -p .` (npm test): each would compile if
 * `transition` and `refused` took any string, and the directive itself is then an error.
 */
import { describe, expect, it } from 'vitest';
import { defineMachine, movesOf } from '../../src/state-machine.ts';
import type { TransitionNotes } from '../../src/contract/operation.ts';
import { SPACE_MACHINE } from '../../src/rules/space-lifecycle.ts';
import { TEAM_MEMBERSHIP_MACHINE } from '../../src/rules/team-membership.ts';

/** Notes as the coverage takes them: machine, from, to. */
function recorder(): { notes: TransitionNotes; seen: string[] } {
  const seen: string[] = [];
  const notes: TransitionNotes = {
    transition: (machine, from, to) => void seen.push(`${machine.name} ${from}→${to}`),
    refused: (machine, from) => void seen.push(`${machine.name} ${from}→refused`),
  };
  return { notes, seen };
}

describe('defineMachine', () => {
  it('keeps the moves and the refusals in the order written', () => {
    const door = defineMachine('door', [['shut', 'open'], ['open', 'shut'], ['shut', 'locked']], ['locked']);
    expect(door).toEqual({ name: 'door', moves: [['shut', 'open'], ['open', 'shut'], ['shut', 'locked']], refused: ['locked'] });
  });

  it('refuses nothing unless told', () => {
    expect(defineMachine('door', [['shut', 'open']]).refused).toEqual([]);
  });
});

describe('movesOf', () => {
  const tables: [Record<string, string[]>, [string, string][]][] = [
    [{ draft: ['open', 'archived'], open: ['draft'], merged: [] }, [['draft', 'open'], ['draft', 'archived'], ['open', 'draft']]],
    [{}, []],
  ];
  it.each(tables)('turns the table %j into its moves, in order', (table, moves) => {
    expect(movesOf(table)).toEqual(moves);
  });
});

describe('noting a move names its machine', () => {
  it('notes the machine by name, the states as given', () => {
    const { notes, seen } = recorder();
    notes.transition(SPACE_MACHINE, 'active', 'deleted');
    notes.transition(TEAM_MEMBERSHIP_MACHINE, 'added', 'removed-wins');
    notes.refused(SPACE_MACHINE, 'purged');
    expect(seen).toEqual(['space active→deleted', 'team-membership added→removed-wins', 'space purged→refused']);
  });

  it('does not compile with a machine named by a string, a misspelt state or a refusal the machine does not make', () => {
    const { notes, seen } = recorder();
    const misspelt = () => {
      // @ts-expect-error: a machine is named by its declaration, not a string
      notes.transition('space', 'active', 'deleted');
      // @ts-expect-error: `delted` is no state of the space machine
      notes.transition(SPACE_MACHINE, 'active', 'delted');
      // @ts-expect-error: `purged` moves nowhere (a purged space only refuses)
      notes.transition(SPACE_MACHINE, 'purged', 'active');
      // @ts-expect-error: `owner` is a state of team membership, not of the space machine
      notes.transition(SPACE_MACHINE, 'owner', 'deleted');
      // @ts-expect-error: the space machine refuses only from `purged`
      notes.refused(SPACE_MACHINE, 'active');
    };
    expect(misspelt).toBeTypeOf('function');
    expect(seen).toEqual([]);
  });
});
