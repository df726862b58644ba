/**
 * The whole site's memory at rest: the resident memory of every process of `npm start` (the primary, its HTTP
 * workers and the embedded PostgreSQL with its backends) after start-up, a few requests and a quiet spell.
 */
import { processMemory, processTree } from './process-tree.ts';

export interface RestingMemory {
  /** Sum of RSS over the tree: what `top` would add up; PostgreSQL's shared memory counts once per process touching it. */
  rssKib: number;
  /** Sum of PSS: shared pages divided among their processes, so they count once. */
  pssKib: number;
  groups: { name: string; processes: number; rssKib: number }[];
}

// Past the pools' 10 s idle timeout, so the connections the requests opened have closed again, as on a quiet site.
const QUIET_MS = 12_000;

function groupOf(command: string, rootPid: number, pid: number): string {
  if (command.startsWith('postgres') || /\/postgres\b/.test(command.split(' ')[0] ?? '')) return 'PostgreSQL';
  return pid === rootPid ? 'node (principal)' : 'node (procesos HTTP)';
}

export async function measureRestingMemory(options: { rootPid: number; baseUrl: string; paths: string[]; quietMs?: number }): Promise<RestingMemory> {
  for (let round = 0; round < 3; round++) {
    for (const pathname of options.paths) {
      const response = await fetch(options.baseUrl + pathname, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
    }
  }
  await new Promise((resolve) => setTimeout(resolve, options.quietMs ?? QUIET_MS));
  const groups = new Map<string, { name: string; processes: number; rssKib: number }>();
  let rssKib = 0;
  let pssKib = 0;
  for (const pid of processTree(options.rootPid)) {
    const memory = processMemory(pid);
    if (!memory) continue;
    rssKib += memory.rssKib;
    pssKib += memory.pssKib;
    const name = groupOf(memory.command, options.rootPid, pid);
    const group = groups.get(name) ?? { name, processes: 0, rssKib: 0 };
    group.processes++;
    group.rssKib += memory.rssKib;
    groups.set(name, group);
  }
  return { rssKib, pssKib, groups: [...groups.values()] };
}
