// The fleet shell's changes as runs (issue 39 items 3-4): a change line, and candidate mode's
// commit, typed in the fleet shell opened as `routersh -i INV --waves 1,2,100% …` opens it
// (commands/fleet-shell.ts openFleetShellOf: the shell's session with its run port), on three
// fault routers. The routers' own state is the oracle: with --max-fail 0, after the run (or its
// undo) every host is before it or every host is after it, and the run index says which.
import { describe, expect, it } from 'vitest';
import { parseMainArgs } from '../../src/cli/args.js';
import { openFleetShellOf } from '../../src/commands/fleet-shell.js';
import type { RunIo } from '../../src/contract/services.js';
import { readRun, runIds } from '../../src/features/fleet/runs/run-index.js';
import { processAlive } from '../../src/features/changes/process-alive.js';
import { BIN, hasTmux, Tmux } from '../e2e/tmux.js';
import { captureIo, runCommand } from '../helpers/command-io.js';
import { FAULTS } from './fault-router.js';
import { type Fleet, fleet, fleetEnv, guardEnded, guardReady, inventoryOf } from './fleet-rig.js';
import { fold } from '../../src/features/changes/journal/fold.js';
import type { RunIndex } from '../../src/features/fleet/runs/run-index.js';
import { events, LINES, type Slices, slices } from './invariant.js';

const WAVES = ['--waves', '1,2,100%', '--confirm-within', '30m', '--timeout', '5'];

/** The fleet shell on `f` as `routersh -i INV ARGS…` opens it; a terminal that answers yes. */
async function shellOn(f: Fleet, args: readonly string[] = WAVES, choice = 's') {
  const c = captureIo(fleetEnv(f));
  const session = await openFleetShellOf(parseMainArgs(['-i', inventoryOf(f), ...args]), c.io);
  const asked: string[] = [];
  const notes: string[] = [];
  const io: RunIo = {
    ask: async (q) => {
      asked.push(q);
      return true;
    },
    notify: (t) => notes.push(t),
    choose: async (q) => {
      asked.push(q);
      return choice;
    },
  };
  const type = async (line: string, context: string[] = []) => {
    const r = await session.fleet.run(line, context, new AbortController().signal, io);
    const o = r.outcome;
    const text = o.kind === 'text' || o.kind === 'router' || o.kind === 'context' ? o.text : '';
    const failed = o.kind === 'error' || (o.kind === 'text' && o.failure !== undefined);
    const error = o.kind === 'error' ? o.error.message : o.kind === 'text' ? (o.failure?.message ?? '') : '';
    return { r, text, failed, error, warning: r.warning };
  };
  return { session, type, asked, notes, stderr: c.err };
}

const lastRun = (f: Fleet) => readRun(f.stateDir, runIds(f.stateDir).at(-1)!);

/** Every host before (`s0`) or every host after (`s1`): which one. */
function allAlike(f: Fleet, s0: Slices, s1: Slices | undefined, why: string): 'before' | 'after' {
  const now = f.routers.map(slices);
  const all = (s: Slices) => now.every((x) => JSON.stringify(x) === JSON.stringify(s));
  if (all(s0)) return 'before';
  if (s1 && all(s1)) return 'after';
  throw new Error(`${why}: not every host before, nor every host after: ${JSON.stringify(now)}`);
}

/**
 * Each host's journal says where its router ended: a host the run touched has its commit's
 * transaction ended, every step of it undone (all before) or none (all after), none unknown;
 * a host it never touched got no write.
 */
function expectJournals(f: Fleet, run: RunIndex, ended: 'before' | 'after', why: string) {
  for (const [i, h] of run.hosts.entries()) {
    const at = `${why}, ${h.name}`;
    if (!h.journal) {
      expect(f.routers[i]!.writes(), at).toEqual([]);
      continue;
    }
    const { transactions, changes } = fold(events(h.journal));
    const tx = transactions.at(-1);
    expect(tx?.end, `${at}: the journal ends its transaction`).toBeDefined();
    const steps = changes.filter((c) => c.tx === tx!.id);
    expect(
      steps.filter((c) => c.status === 'unknown').map((c) => c.line),
      at,
    ).toEqual([]);
    const standing = steps.filter((c) => c.status === 'done').map((c) => c.line);
    if (ended === 'before') expect(standing, at).toEqual([]);
    else {
      expect(tx!.end!.state, at).toBe('committed');
      expect(
        steps.filter((c) => c.status === 'undone').map((c) => c.line),
        at,
      ).toEqual([]);
    }
  }
}

describe('a change in the fleet shell is one run', () => {
  it('a line in a context: asked with its waves, applied wave by wave, listed by fleet runs, undone by undo', async () => {
    const f = await fleet(3);
    const s0 = f.routers.map(slices);
    const sh = await shellOn(f);
    try {
      const r = await sh.type('mtu 9000', ['interface', 'eth0']);
      expect(r.failed, `${r.text}${r.error}`).toBe(false);
      expect(sh.asked).toEqual(['send this change to 3 hosts in 3 waves (1, 1, 1), as one run?']);
      // Progress per wave, as notes above the prompt.
      const notes = sh.notes.join('\n');
      expect(notes).toMatch(/wave 1\/3: 1 host[\s\S]*wave 2\/3: 1 host[\s\S]*wave 3\/3: 1 host/);
      const run = lastRun(f);
      expect(r.text).toContain(`run ${run.id}: confirmed; 3 confirmed`);
      expect(run.lines).toEqual(['edit interface eth0', 'mtu 9000']);
      expect(run.hosts.map((h) => [h.wave, h.end])).toEqual([
        [1, 'confirmed'],
        [2, 'confirmed'],
        [3, 'confirmed'],
      ]);
      for (const [i, s] of f.routers.map(slices).entries())
        expect(s.eth0, `host ${i + 1}`).not.toEqual(s0[i]!.eth0);
      const listed = await runCommand(['fleet', 'runs'], fleetEnv(f));
      expect(listed.out).toContain(run.id);

      // `undo` alone: the shell's last run, on every host it changed.
      const u = await sh.type('undo');
      expect(u.failed, `${u.text}${u.error}`).toBe(false);
      expect(sh.asked.at(-1)).toBe(`undo run ${run.id}: revert every host it changed?`);
      expect(f.routers.map(slices)).toEqual(s0);
      expect(readRun(f.stateDir, run.id).state).toBe('reverted');
      await guardEnded(f, run);
    } finally {
      await sh.session.close();
    }
  });

  it('the --gate of the command line gates each wave: failing in wave 2, waves 1 and 2 go back, wave 3 untouched', async () => {
    const f = await fleet(3);
    // Every host but the second is described as healthy: the gate fails on host 2 only.
    for (const i of [0, 2]) f.routers[i]!.state.interfaces.get('eth0')!.description = 'healthy';
    const s0 = f.routers.map(slices);
    const sh = await shellOn(f, [...WAVES, '--gate', 'show interface eth0 | match healthy']);
    try {
      const r = await sh.type('ip route 0.0.0.0/0 via 10.0.0.253');
      expect(r.failed, r.text).toBe(true);
      expect(sh.notes.join('\n')).toMatch(
        /wave 1: gate passed on 1 of 1 host\(s\)[\s\S]*wave 2: gate failed on 1 of 1 host\(s\)/,
      );
      const run = lastRun(f);
      expect(run.state).toBe('reverted');
      expect(run.hosts.map((h) => h.end)).toEqual(['reverted', 'reverted', 'pending']);
      expect(r.text).toMatch(/reverted: edge-\[01-02\] \(2\)[\s\S]*untouched: edge-03/);
      expect(f.routers.map(slices)).toEqual(s0);
      expect(f.routers[2]!.writes()).toEqual([]);
      await guardEnded(f, run);
    } finally {
      await sh.session.close();
    }
  });

  it('--confirm manual: the windows stay open after the run; fleet confirm keeps them', async () => {
    const f = await fleet(2);
    const sh = await shellOn(f, [...WAVES, '--confirm', 'manual']);
    try {
      const r = await sh.type('interface eth0 mtu 9000');
      const run = lastRun(f);
      expect(r.text).toContain(`its windows stay open: keep them with routersh fleet confirm ${run.id}`);
      expect(run.state).toBe('awaiting-confirm');
      const c = await runCommand(['fleet', 'confirm', run.id], fleetEnv(f));
      expect(c.code, `${c.out}${c.err}`).toBe(0);
      await guardEnded(f, run);
      expect(readRun(f.stateDir, run.id).state).toBe('confirmed');
      for (const r of f.routers) expect(slices(r).eth0).toBe(9000);
    } finally {
      await sh.session.close();
    }
  });

  it('a wrong --waves is refused when the shell opens, before anything is sent', async () => {
    const f = await fleet(2);
    await expect(shellOn(f, ['--waves', '1,half'])).rejects.toThrow(/--waves: 'half' is not a count/);
    expect(f.routers.map((r) => r.writes())).toEqual([[], []]);
  });
});

describe('candidate mode across the fleet: commit is one run, each host a transaction', () => {
  it('stages, compares, discards, and commits in three waves; all after', async () => {
    const f = await fleet(3);
    const s0 = f.routers.map(slices);
    const sh = await shellOn(f);
    try {
      await sh.type('configure');
      expect(sh.session.services.candidate?.lines()).toEqual([]);
      await sh.type('interface eth0 description staged-then-dropped');
      expect((await sh.type('discard')).text).toMatch(/discarded 1 staged line/);
      for (const l of LINES) expect((await sh.type(l)).failed).toBe(false);
      // A line no host accepts is refused, nothing staged for it.
      expect((await sh.type('interface eth0 frobnicate 3')).failed).toBe(true);
      expect(sh.session.services.candidate?.lines()).toHaveLength(LINES.length);
      expect((await sh.type('compare')).text).toContain('+ no interface eth1');
      // Nothing was sent while staging.
      expect(f.routers.map((r) => r.writes())).toEqual([[], [], []]);
      const c = await sh.type('commit');
      expect(c.failed, `${c.text}${c.error}\n${sh.notes.join('\n')}`).toBe(false);
      expect(sh.asked.at(-1)).toBe('commit 4 staged lines to 3 hosts in 3 waves (1, 1, 1), as one run?');
      const run = lastRun(f);
      expect(run.state).toBe('confirmed');
      expect(run.lines[0]).toBe('configure');
      const s1 = slices(f.routers[0]!);
      expect(s1).not.toEqual(s0[0]);
      expect(allAlike(f, s0[0]!, s1, 'commit')).toBe('after');
      // Committed: nothing staged, still in candidate mode; each host left its own.
      expect(sh.session.services.candidate?.lines()).toEqual([]);
      await guardEnded(f, run);
    } finally {
      await sh.session.close();
    }
  });

  it.each([
    ['d', 'discarded 1 staged line; left candidate mode', undefined],
    ['s', 'still in candidate mode (1 staged line)', 1],
  ] as const)('end with a line staged, answered %s: %s; nothing sent', async (choice, said, staged) => {
    const f = await fleet(2);
    const sh = await shellOn(f, WAVES, choice);
    try {
      await sh.type('configure');
      await sh.type('interface eth0 mtu 9000');
      // Ctrl-D in candidate mode types `end` (shell-controller.ts); `exit` at the top is the same.
      const r = await sh.type(choice === 'd' ? 'end' : 'exit');
      expect(sh.asked.at(-1)).toBe('1 line staged: c commit · d discard · s stay in candidate mode [c/d/S]');
      expect(r.text).toBe(`${said}\n`);
      expect(sh.session.services.candidate?.lines()?.length).toBe(staged);
      expect(f.routers.map((x) => x.writes())).toEqual([[], []]);
    } finally {
      await sh.session.close();
    }
  });

  it.each(FAULTS)(
    '%s at a host of wave 2 stops the run: every host before (or every one after), as the run index and journals say',
    async (fault) => {
      const f = await fleet(3);
      const base = await fleet(1);
      const s0 = slices(f.routers[0]!);
      const sh = await shellOn(f);
      try {
        await sh.type('configure');
        for (const l of LINES) await sh.type(l);
        f.routers[1]!.arm({ at: 2, which: 'write', fault });
        const c = await sh.type('commit');
        const run = lastRun(f);
        const why = `${fault} in wave 2: ${c.text}${c.error}\n${sh.notes.join('\n')}`;
        // What the same lines make of a router of the same start: the state after.
        const ref = await shellOn(base, ['--timeout', '5', '--yes']);
        try {
          for (const l of LINES) await ref.type(l);
        } finally {
          await ref.session.close();
        }
        const s1 = slices(base.routers[0]!);
        const ended = allAlike(f, s0, s1, why);
        expectJournals(f, run, ended, why);
        if (ended === 'before') {
          expect(run.state, why).toBe('reverted');
          expect(run.hosts[2]!.end, why).toBe('pending');
          expect(f.routers[2]!.writes(), why).toEqual([]);
          expect(c.failed, why).toBe(true);
          // The run changed no host in the end: its lines stay staged.
          expect(sh.session.services.candidate?.lines(), why).toHaveLength(LINES.length);
        } else {
          expect(run.state, why).toBe('confirmed');
          expect(c.failed, why).toBe(false);
        }
        await guardEnded(f, run);
      } finally {
        await sh.session.close();
      }
    },
  );
});

describe.skipIf(!hasTmux())('the fleet shell killed in the middle of a run', () => {
  it.for(['fleet undo', 'its guard told to stop'] as const)(
    'SIGKILL of routersh at wave 2 of a commit typed in the shell: %s puts every host back',
    async (how, ctx) => {
      const f = await fleet(3);
      const s0 = f.routers.map(slices);
      const t = new Tmux(140, 40);
      ctx.onTestFinished(() => t.kill());
      t.start(`node ${BIN} -i ${inventoryOf(f)} ${WAVES.join(' ')}`, fleetEnv(f));
      await t.waitFor(/^all \(3\)> ?$/m);
      t.type('configure');
      t.keys('Enter');
      await t.waitFor(/^all \(3\) \[candidate 0\]> ?$/m);
      for (const [i, l] of LINES.entries()) {
        t.type(l);
        t.keys('Enter');
        await t.waitFor(new RegExp(`^all \\(3\\) \\[candidate ${i + 1}\\]> ?$`, 'm'));
      }
      // Host 2 (wave 2) holds its second write, applied: routersh, the run's maker, is killed then.
      let killed: () => void = () => {};
      const gone = new Promise<void>((r) => {
        killed = r;
      });
      f.routers[1]!.arm({
        at: 2,
        which: 'write',
        hold: {
          phase: 'after',
          reached: () => {
            process.kill(lastRun(f).pid, 'SIGKILL');
            killed();
          },
        },
      });
      t.type('commit');
      t.keys('Enter');
      await t.waitFor(/commit 4 staged lines to 3 hosts in 3 waves \(1, 1, 1\), as one run\? \[y\/N\] ?$/m);
      t.type('y');
      t.keys('Enter');
      await gone;
      await t.waitFor(/\[exited 137\]/);
      const run = lastRun(f);
      expect(run.state).toBe('running');
      expect(run.hosts.map((h) => h.end)).toEqual(['changed', 'applying', 'pending']);
      // Its guard lives on, the windows open: `fleet undo` recovers every host the run touched.
      expect(processAlive(run.guard!.pid, run.guard!.pidStart)).toBe(true);
      if (how === 'fleet undo') {
        const u = await runCommand(['fleet', 'undo', run.id, '--yes', '--timeout', '5'], fleetEnv(f));
        expect(u.code, `${u.out}${u.err}`).toBe(0);
        // Host 2's commit was cut part-way: its transaction finished first, then its window.
        expect(u.out).toMatch(/edge-02: transaction \S+ reverted/);
      } else {
        await guardReady(f, run);
        process.kill(run.guard!.pid, 'SIGTERM');
        await guardEnded(f, run);
      }
      expect(f.routers.map(slices)).toEqual(s0);
      expect(readRun(f.stateDir, run.id).state).toBe('reverted');
      expect(f.routers[2]!.writes()).toEqual([]);
      await guardEnded(f, run);
    },
  );
});
