// CPU time of processes, read from /proc (Linux): a bench's child processes (Chromium, npm start and
// what it starts) are not in process.cpuUsage().
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * CPU time so far, in ms, of `root`'s descendants (and of `root` itself when asked): each live
 * process's own time and its ended children's (a renderer that closed counts in its parent's).
 * 0 where there is no /proc.
 */
export function processTreeCpuMs(root: number, options: { withRoot: boolean }): number {
  if (!fs.existsSync('/proc')) return 0;
  const processes = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // state ppid … utime (14th field of the line, 12th here) stime cutime cstime.
      const ticks = [11, 12, 13, 14].reduce((total, index) => total + Number(fields[index]), 0);
      processes.set(Number(entry), { ppid: Number(fields[1]), ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of processes)
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
  }
  if (!options.withRoot) tree.delete(root);
  let ticks = 0;
  for (const pid of tree) ticks += processes.get(pid)?.ticks ?? 0;
  return (ticks * 1000) / CLOCK_TICKS;
}
