// The `config` built-in: `config show|save|load …`, one row per sub-command. `show` and `save`
// are config-show.ts; `load` is load-command.ts.
import type { Handler, HandlerEnv } from '../../contract/handler.js';
import type { Outcome } from '../../contract/outcome.js';
import { argumentError } from '../../errors.js';
import { configSave, configShow } from './config-show.js';
import { configLoad } from './load-command.js';

type Sub = (args: readonly string[], env: HandlerEnv) => Promise<Outcome>;

export const CONFIG_SUBCOMMANDS: Readonly<Record<string, Sub>> = {
  show: configShow,
  save: configSave,
  load: configLoad,
};

const USAGE =
  'config show [WORD…] [members] [--json] | save FILE [--force] [WORD…] [members] | load merge|replace|override FILE [--dry-run] [--from ROUTER]';

export const configCommand: Handler<'config'> = ({ args }, env) => {
  const [sub, ...rest] = args;
  const row = sub === undefined ? undefined : CONFIG_SUBCOMMANDS[sub];
  if (!row || !Object.hasOwn(CONFIG_SUBCOMMANDS, sub!))
    throw argumentError(
      sub === undefined ? `config: which one? ${USAGE}` : `config: unknown sub-command '${sub}': ${USAGE}`,
    );
  return row(rest, env);
};
