/** What else the machine was doing: load averages, cores, and a short busy/steal sample. */
import fs from 'node:fs';
import os from 'node:os';

export interface CpuTimes {
  total: number;
  idle: number;
  steal: number;
  /** Time in processes run under `nice`. */
  nice: number;
}

/** The first line of /proc/stat: user nice system idle iowait irq softirq steal … (clock ticks). */
export function parseProcStat(text: string): CpuTimes {
  const fields = text.split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    total: user + nice + system + idle + iowait + irq + softirq + steal,
    idle: idle + iowait,
    steal,
    nice,
  };
}

/** Busy and steal shares of the CPU time between two samples, in percent. */
export function cpuShares(before: CpuTimes, after: CpuTimes): { busy: number; steal: number } {
  const total = after.total - before.total || 1;
  return {
    busy: (100 * (total - (after.idle - before.idle))) / total,
    steal: (100 * (after.steal - before.steal)) / total,
  };
}

/**
 * The share of the CPU time between two samples, in percent, that work at normal priority took:
 * busy time less what processes under `nice` (a build made meanwhile) took.
 */
export function normalPriorityShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total || 1;
  return (100 * (total - (after.idle - before.idle) - (after.nice - before.nice))) / total;
}

const readCpu = () => parseProcStat(fs.readFileSync('/proc/stat', 'utf8'));

/** The CPU times at the start and the end of `sampleMs`. */
async function sampleCpu(sampleMs: number): Promise<[CpuTimes, CpuTimes]> {
  const before = readCpu();
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  return [before, readCpu()];
}

/** normalPriorityShare over `sampleMs`; undefined where there is no /proc/stat. */
export async function normalPriorityLoad(sampleMs = 2000): Promise<number | undefined> {
  if (!fs.existsSync('/proc/stat')) return undefined;
  return normalPriorityShare(...(await sampleCpu(sampleMs)));
}

/** One line for the report, from a sample of `sampleMs` (nothing of the bench runs meanwhile). */
export async function machineLoad(sampleMs = 2000): Promise<string> {
  const { busy, steal } = cpuShares(...(await sampleCpu(sampleMs)));
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  return `load average (1/5/15 min) ${load} on ${os.availableParallelism()} cores; over ${sampleMs / 1000} s: CPU busy ${busy.toFixed(0)}%, steal ${steal.toFixed(1)}%`;
}
