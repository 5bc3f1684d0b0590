/**
 * `gitbook-mock record` and `gitbook-mock verify` (issue 30): their flags and --help. The
 * proxy and the replay are not in this build yet; without --help both say so and exit 2.
 */
import {
  FidelityUsageError, parseRecordArgs, parseVerifyArgs, RECORD_USAGE, VERIFY_USAGE,
} from '../fidelity/args.ts';

type Out = Pick<NodeJS.WriteStream, 'write'>;

export async function runFidelityCommand(name: 'record' | 'verify', argv: string[], out: Out = process.stdout, err: Out = process.stderr): Promise<number> {
  let help: boolean;
  try {
    help = (name === 'record' ? parseRecordArgs(argv) : parseVerifyArgs(argv)).help;
  } catch (error) {
    if (!(error instanceof FidelityUsageError)) throw error;
    err.write(`gitbook-mock ${name}: ${error.message} (see --help)\n`);
    return 2;
  }
  if (help) {
    out.write(`${name === 'record' ? RECORD_USAGE : VERIFY_USAGE}\n`);
    return 0;
  }
  err.write(`gitbook-mock ${name}: not available in this build yet (issue 30); only its flags are checked\n`);
  return 2;
}
