// CPU time of a server process (user and system, all its threads), from /proc/<pid>/stat: the
// bench divides it by the requests answered, which on a shared machine moves far less than req/s
// (a neighbour's load takes turns from both servers alike, but not their work per request).
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: the unit of /proc/<pid>/stat's times (100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** Microseconds of CPU the process has used so far, or undefined without /proc (not Linux). */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Fields after the command name (which may hold spaces, in parentheses): utime is the 14th
    // field of the line, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
