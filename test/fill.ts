// The order in which `slots` workers sharing `cores` CPUs should start jobs of known length and CPU
// share, so that the CPUs stay busy: a list scheduler simulated over the jobs. A worker that frees
// takes the job whose share is closest to its part of what the running jobs leave of the cores
// (the longest of those about as close), so waiting jobs run beside computing ones rather than
// all together; a job that would otherwise end after the estimated end of all is started first.
export interface Job {
  readonly seconds: number;
  /** CPUs the job keeps busy while it runs. */
  readonly share: number;
}

export function fillOrder<J extends Job>(jobs: readonly J[], slots: number, cores: number): J[] {
  const left = jobs.toSorted((a, b) => b.seconds - a.seconds);
  // The end if the cores were never idle (or the workers, whichever is later).
  const end = Math.max(
    left.reduce((s, j) => s + j.seconds * j.share, 0) / cores,
    left.reduce((s, j) => s + j.seconds, 0) / slots,
  );
  const running: Array<{ end: number; share: number }> = [];
  const out: J[] = [];
  let now = 0;
  while (left.length) {
    if (running.length >= slots) {
      running.sort((a, b) => a.end - b.end);
      now = running.shift()!.end;
    }
    // Longest first: an urgent job is the first of `left` that must start now.
    let pick = left.findIndex((j) => now + j.seconds >= end * 0.9);
    if (pick < 0) {
      const free = slots - running.length;
      const ideal = (cores - running.reduce((s, r) => s + r.share, 0)) / free;
      const miss = (j: J) => Math.abs(ideal - j.share);
      const best = Math.min(...left.map(miss));
      pick = left.findIndex((j) => miss(j) <= best + 0.15);
    }
    const [job] = left.splice(pick, 1) as [J];
    out.push(job);
    running.push({ end: now + job.seconds, share: job.share });
  }
  return out;
}
