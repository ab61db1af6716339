// `routersh class board`'s screen: the board pane alone (no router session, no prompt) under the
// one key source, until `q`, Ctrl-C or a signal; the terminal is given back on every path.
import chalk from 'chalk';
import { render } from 'ink';
import type { ClassBoardSource } from '../contract/class-board.js';
import type { CommandIo } from '../contract/command-io.js';
import { ClassBoardPane } from '../panes/class-board/ClassBoardPane.js';
import { KeyProvider } from '../panes/key-source/KeyProvider.js';
import { createDrawNow } from '../term/draw-now.js';
import { shellRenderOptions } from './ink-options.js';

export interface ClassBoardScreen {
  source: ClassBoardSource;
  stuckMs: number;
  color: boolean;
}

export async function runClassBoardScreen(
  io: Pick<CommandIo, 'stdout' | 'onInterrupt'>,
  o: ClassBoardScreen,
): Promise<void> {
  chalk.level = o.color ? (Math.max(chalk.level, 1) as 1 | 2 | 3) : 0;
  const drawNow = createDrawNow();
  const instance = render(
    <KeyProvider onKey={drawNow.mark} beforeSuspend={() => instance.clear()}>
      <ClassBoardPane
        source={o.source}
        stuckMs={o.stuckMs}
        color={o.color}
        onClose={() => instance.unmount()}
      />
    </KeyProvider>,
    shellRenderOptions(io.stdout, drawNow),
  );
  const stop = io.onInterrupt(() => instance.unmount());
  const hup = () => instance.unmount();
  process.on('SIGHUP', hup);
  try {
    await instance.waitUntilExit();
  } finally {
    stop();
    process.off('SIGHUP', hup);
  }
}
