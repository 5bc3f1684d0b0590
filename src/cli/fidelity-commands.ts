/**
 * `gitbook-mock record` and `gitbook-mock verify` (issue 30): their flags and --help. record
 * runs the proxy (fidelity/record.ts); verify replays a journey (fidelity/verify.ts).
 */
import { runRecord } from '../fidelity/record.ts';
import { runVerify } from '../fidelity/verify.ts';
import {
  type RecordCommand, type VerifyCommand, FidelityUsageError, parseRecordArgs, parseVerifyArgs, RECORD_USAGE, VERIFY_USAGE,
} from '../fidelity/args.ts';

type Out = Pick<NodeJS.WriteStream, 'write'>;

export async function runFidelityCommand(name: 'record' | 'verify', argv: string[], out: Out = process.stdout, err: Out = process.stderr): Promise<number> {
  let command;
  try {
    command = name === 'record' ? parseRecordArgs(argv) : parseVerifyArgs(argv);
  } catch (error) {
    if (!(error instanceof FidelityUsageError)) throw error;
    err.write(`gitbook-mock ${name}: ${error.message} (see --help)\n`);
    return 2;
  }
  if (command.help) {
    out.write(`${name === 'record' ? RECORD_USAGE : VERIFY_USAGE}\n`);
    return 0;
  }
  if (name === 'record') {
    runRecord(command as RecordCommand, out, err);
    return new Promise<number>(() => {}); // runs until SIGINT/SIGTERM, which exit
  }
  return runVerify(command as VerifyCommand, out, err);
}
