/**
 * The model test: seeded sequences of writes through the official client, over every family
 * the mock keeps state for (commands.ts), each followed by the checks of invariants.ts: no 5xx,
 * the export imports back and exports the same text, every reference resolves, and on every
 * RESTART_EVERY-th step and the last one, a restart on the `--data` file holds the same state.
 *
 * Runs RUNS sequences of at most MAX_STEPS commands from a fixed seed (about 30 s). A failure
 * prints the shrunk sequence, its seed and path, and the commands' replayPath; it replays with
 * them (the values below are an example):
 *
 *     FC_SEED=40 FC_PATH="9:1:0:0:0" FC_REPLAY_PATH="OWD:F" SKIP_DIST_BUILD=1 npx vitest run test/api/model
 *
 * A longer search from another seed: `FC_SEED=7 FC_RUNS=100`. `FC_SKIP=deleteSite,updateSpace`
 * leaves commands out (to see what else fails while a known failure is being fixed).
 */
import { describe, it } from 'vitest';
import fc from 'fast-check';
import { STEPS, type Step } from './commands.ts';
import { exportImportsBack, noServerErrors, restartHoldsState } from './invariants.ts';
import { openWorld, type World } from './world.ts';

const SEED = Number(process.env.FC_SEED ?? 40);
const RUNS = Number(process.env.FC_RUNS ?? 12);
const PATH = process.env.FC_PATH;
const REPLAY_PATH = process.env.FC_REPLAY_PATH;
const SKIP = new Set((process.env.FC_SKIP ?? '').split(',').filter(Boolean));
const MAX_STEPS = 50;
const RESTART_EVERY = 10;
/** Starting states: every family has records in one of them (site-launch: sites in every form; org-admin: teams, SAML, specs; review: change requests in every status). */
const SCENARIOS = ['site-launch', 'org-admin', 'review'];

/** What the model keeps: the steps run so far (the restart is checked on a sample of them). */
interface Model {
  steps: number;
}

/** One step as a fast-check command: runs, then checks; printed as `name {args}` in a counterexample. */
class Command<A> implements fc.AsyncCommand<Model, World> {
  constructor(
    private readonly step: Step<A>,
    private readonly args: A,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, world: World): Promise<void> {
    await this.step.run(world, this.args);
    model.steps++;
    noServerErrors(world);
    if (model.steps % RESTART_EVERY === 0) await restartHoldsState(world);
    await exportImportsBack(world);
    noServerErrors(world);
  }
  toString(): string {
    return `${this.step.name} ${JSON.stringify(this.args)}`;
  }
}

const commands = STEPS.filter((step) => !SKIP.has(step.name)).map((step: Step<any>) => step.args.map((args) => new Command(step, args)));

describe('the state holds after every write (model test)', () => {
  it(`${RUNS} sequences of up to ${MAX_STEPS} writes over every family (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SCENARIOS), fc.commands(commands, { maxCommands: MAX_STEPS, size: 'max', ...(REPLAY_PATH ? { replayPath: REPLAY_PATH } : {}) }), async (scenario, sequence) => {
        const world = await openWorld(scenario);
        try {
          const model: Model = { steps: 0 };
          await fc.asyncModelRun(() => ({ model, real: world }), sequence);
          await restartHoldsState(world);
        } finally {
          world.close();
        }
      }),
      { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH } : {}) },
    );
  }, 600_000);
});
