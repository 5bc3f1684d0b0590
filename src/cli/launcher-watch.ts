/**
 * `npm start` and `npx gitbook-mock` run the server as `npm → sh -c → node`. Stopping npm (as
 * CI scripts do with `kill $PID`) ends npm and the shell but not node, which kept listening,
 * reparented. When npm launched us, we watch the processes between us and npm, and stop as
 * soon as one of them is gone. A server started directly (`node bin/...`, `nohup`) is never
 * watched: outliving its shell may be what its user wants.
 */
import { readFileSync } from 'node:fs';

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'busybox']);
const POLL_MS = 250;

/** On Linux, `/proc/PID/stat`: its command and parent, or undefined once it is gone or a zombie. */
function procStat(pid: number): { comm: string; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const [state, ppid] = text.slice(close + 2).split(' ');
    if (state === 'Z' || state === 'X') return undefined;
    return { comm: text.slice(text.indexOf('(') + 1, close), ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  if (process.platform === 'linux') return procStat(pid) !== undefined;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The launcher chain to watch: our parent, and npm above it when the parent is npm's shell. */
export function launcherChain(env: NodeJS.ProcessEnv = process.env): number[] {
  if (!env.npm_command && !env.npm_lifecycle_event) return [];
  const chain = [process.ppid];
  const parent = process.platform === 'linux' ? procStat(process.ppid) : undefined;
  if (parent && SHELLS.has(parent.comm) && parent.ppid > 1) chain.push(parent.ppid);
  return chain;
}

/** Calls `stop` once, when the parent changes or a launcher in the chain is gone. */
export function watchLauncher(stop: () => void, chain = launcherChain()): void {
  if (chain.length === 0) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent && chain.every(alive)) return;
    clearInterval(timer);
    stop();
  }, POLL_MS);
  timer.unref();
}
