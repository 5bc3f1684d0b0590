/**
 * `npm start` and `npx gitbook-mock` run the server as `npm → sh -c → node`. Stopping npm (as
 * CI scripts do with `kill $PID`) ends npm and the shell but not node, which kept listening,
 * reparented. When npm launched us, we watch the processes between us and npm, and stop as
 * soon as one of them is gone. A server started directly (`node bin/...`, `nohup`) is never
 * watched: outliving its shell may be what its user wants.
 *
 * `kill -INT` of npm ends nothing: npm passes SIGINT on to its shell and waits, and a shell
 * waiting for its command (dash, Debian's sh, which does not exec the command of `sh -c`)
 * holds SIGINT until that command ends, which ours never would. So the shell is watched too:
 * while it waits for us it sleeps, and only a signal it survives wakes it (Linux counts the
 * wake-ups in /proc/PID/status). It survives SIGINT, which it holds, and SIGCHLD, which it
 * gets when we are stopped or continued; a wake-up that is not ours (we see our own SIGCONT)
 * is the SIGINT npm passed on, and we stop as that SIGINT asked.
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

/** On Linux, how many times `pid` went off the CPU (voluntary and not); undefined once it is gone. */
export function switchesOf(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    let total = 0;
    for (const m of text.matchAll(/^(?:non)?voluntary_ctxt_switches:\s+(\d+)$/gm)) total += Number(m[1]);
    return total;
  } catch {
    return undefined;
  }
}

/** What to watch: the launcher chain (our parent, and npm above it when the parent is npm's shell), and that shell. */
export interface Launcher {
  chain: number[];
  /** npm's shell between npm and us (Linux only): its wake-ups tell a SIGINT npm passed on. */
  shell?: number;
}

export function launcherOf(env: NodeJS.ProcessEnv = process.env): Launcher {
  if (!env.npm_command && !env.npm_lifecycle_event) return { chain: [] };
  const chain = [process.ppid];
  const parent = process.platform === 'linux' ? procStat(process.ppid) : undefined;
  if (parent && SHELLS.has(parent.comm) && parent.ppid > 1) {
    chain.push(parent.ppid);
    return { chain, shell: process.ppid };
  }
  return { chain };
}

/** How long after our own SIGCONT a wake-up of the shell is taken for the SIGCHLD it brought. */
const CONTINUED_GRACE_MS = 1000;

/**
 * Calls `stop` once, when the parent changes, a launcher in the chain is gone, or the shell
 * between npm and us woke up for no doing of ours (the SIGINT npm passed on to it).
 */
export function watchLauncher(stop: () => void, launcher = launcherOf()): void {
  const { chain, shell } = launcher;
  if (chain.length === 0) return;
  const parent = process.ppid;
  let base = shell === undefined ? undefined : switchesOf(shell);
  let continuedAt = -Infinity;
  const continued = () => (continuedAt = performance.now());
  if (base !== undefined) process.on('SIGCONT', continued);
  // A wake-up is judged one tick after it is seen: back from a stop, the late tick runs before
  // our SIGCONT handler does (libuv runs timers before it reads signals).
  let seenWake = false;
  const timer = setInterval(() => {
    const woke = seenWake && performance.now() - continuedAt > CONTINUED_GRACE_MS;
    seenWake = false;
    if (base !== undefined && shell !== undefined) {
      const now = switchesOf(shell);
      if (now !== undefined && now !== base) {
        seenWake = true;
        base = now;
      }
    }
    if (!woke && process.ppid === parent && chain.every(alive)) return;
    clearInterval(timer);
    process.off('SIGCONT', continued);
    stop();
  }, POLL_MS);
  timer.unref();
}
