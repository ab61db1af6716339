// The README's examples as data (test/readme-examples.test.ts runs them). Conventions, also
// written in README.md's Development section:
// - every fenced block names its language; only `routersh` and `sh` blocks are run;
// - a `routersh` block holds lines typed in the shell: either every line (`#` lines are
//   comments), or, in a transcript, the lines after the prompt `routersh> `; a command whose
//   transcript output starts with `% ` or `error:` is expected to fail;
// - in a `sh` block, the lines whose command is `routersh` or `npx routersh` (after VAR=value
//   assignments) run as written; a trailing `# exit N` says the exit status expected.

export interface Block {
  lang: string;
  /** 1-based line of the opening fence. */
  line: number;
  lines: Array<{ n: number; text: string }>;
}

export interface ShellExample {
  block: number;
  line: number;
  command: string;
  failExpected: boolean;
}

export interface ShExample {
  line: number;
  command: string;
  exit: number;
}

export function fencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let open: Block | null = null;
  markdown.split('\n').forEach((text, i) => {
    const fence = /^```(\S*)\s*$/.exec(text);
    if (fence && !open) open = { lang: fence[1] ?? '', line: i + 1, lines: [] };
    else if (fence && open && fence[1] === '') {
      blocks.push(open);
      open = null;
    } else if (open) open.lines.push({ n: i + 1, text });
  });
  return blocks;
}

const PROMPT = 'routersh> ';
const FAILURE = /^(% |error: )/;

export function shellExamples(blocks: readonly Block[]): ShellExample[][] {
  return blocks
    .filter((b) => b.lang === 'routersh')
    .map((b) => {
      const transcript = b.lines.some((l) => l.text.startsWith(PROMPT));
      const out: ShellExample[] = [];
      b.lines.forEach((l, i) => {
        if (transcript && !l.text.startsWith(PROMPT)) return;
        const command = transcript ? l.text.slice(PROMPT.length) : l.text;
        if (command.trim() === '' || command.trimStart().startsWith('#')) return;
        const next = b.lines[i + 1]?.text ?? '';
        out.push({ block: b.line, line: l.n, command, failExpected: transcript && FAILURE.test(next) });
      });
      return out;
    })
    .filter((cmds) => cmds.length > 0);
}

const RUNS_ROUTERSH = /^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(?:npx\s+)?routersh(?:\s|$)/;

export function shExamples(blocks: readonly Block[]): ShExample[] {
  return blocks
    .filter((b) => b.lang === 'sh')
    .flatMap((b) => b.lines)
    .filter((l) => RUNS_ROUTERSH.test(l.text))
    .map((l) => {
      const exit = /#\s*exit\s+(\d+)/.exec(l.text);
      return { line: l.n, command: l.text, exit: exit ? Number(exit[1]) : 0 };
    });
}
