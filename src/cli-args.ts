/** The command line of contract.md, parsed into app and listen options. */
import { parseArgs } from 'node:util';
import type { AppOptions } from './runtime.ts';

export interface CliOptions {
  port: number;
  host: string;
  app: AppOptions;
  help: boolean;
}

export const USAGE = `Usage: gitbook-mock [--port 4010] [--host 127.0.0.1] [--scenario starter]
                    [--scenarios-dir DIR] [--data FILE] [--seed N] [--latency MS]`;

export class CliError extends Error {}

function integer(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new CliError(`--${name} must be a whole number, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new CliError(`--${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function parseCli(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        scenario: { type: 'string' },
        'scenarios-dir': { type: 'string', multiple: true },
        data: { type: 'string' },
        seed: { type: 'string' },
        latency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new CliError((error as Error).message.split('\n')[0]);
  }
  const v = parsed.values;
  if (v.host !== undefined && v.host.trim() === '') throw new CliError('--host must not be empty');
  if (v.scenario !== undefined && v.scenario.trim() === '') throw new CliError('--scenario must not be empty');
  return {
    help: v.help ?? false,
    port: integer('port', v.port, 0, 65535) ?? 4010,
    host: v.host ?? '127.0.0.1',
    app: {
      scenario: v.scenario ?? 'starter',
      scenariosDirs: v['scenarios-dir'] ?? [],
      dataFile: v.data,
      seed: integer('seed', v.seed, -(2 ** 31), 2 ** 31 - 1),
      latency: integer('latency', v.latency, 0, 600_000),
    },
  };
}
