/** Reset and reload of a scenario, in-process (what POST /__admin/reset and /scenarios/{name} do). */
import { createMock } from '../src/app.ts';
import { fmt, stats, time } from './harness.ts';

export function scenarioSpeed(name: string, rounds: number): string[] {
  const { runtime } = createMock({ scenario: name });
  const loads: number[] = [];
  const resets: number[] = [];
  for (let i = 0; i < rounds; i++) loads.push(time(() => runtime.loadScenario(name)));
  for (let i = 0; i < rounds; i++) resets.push(time(() => runtime.reset()));
  const l = stats(loads);
  const r = stats(resets);
  return [
    `| load \`${name}\` | ${rounds} | ${fmt(l.median)} | ${fmt(l.p99)} | ${fmt(l.max)} |`,
    `| reset \`${name}\` | ${rounds} | ${fmt(r.median)} | ${fmt(r.p99)} | ${fmt(r.max)} |`,
  ];
}
