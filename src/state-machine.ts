/**
 * A state machine, declared once beside its rule (src/rules/): its name, its moves (each a
 * state and the state it goes to, in the order the coverage report lists them) and the states
 * from which the rule turns a move down (`refused`). The coverage report lists every move of
 * every machine (coverage/transitions.ts), and a handler notes a move by naming the machine
 * (`ctx.coverage.transition(SPACE_MACHINE, 'active', 'deleted')`), so a state the machine does
 * not have does not compile.
 */
export interface Machine<From extends string = string, To extends string = string, Refused extends string = string> {
  readonly name: string;
  readonly moves: readonly (readonly [From, To])[];
  readonly refused: readonly Refused[];
}

/** A machine from its moves, the states typed as written (`[['open', 'resolved'], ['resolved', 'open']]`). */
export function defineMachine<const From extends string, const To extends string, const Refused extends string = never>(
  name: string,
  moves: readonly (readonly [From, To])[],
  refused: readonly Refused[] = [],
): Machine<From, To, Refused> {
  return { name, moves, refused };
}

/** The moves of a table of each state to the states it may go to, in the table's order. */
export function movesOf<From extends string, To extends string>(table: Readonly<Record<From, readonly To[]>>): (readonly [From, To])[] {
  const moves: (readonly [From, To])[] = [];
  for (const from in table) for (const to of table[from]) moves.push([from, to]);
  return moves;
}

/** What a move the rule turns down goes to, in the coverage report. */
export const REFUSED = 'refused';
