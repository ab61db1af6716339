// V8's compiled code of dist/ kept on disk between runs, for Node versions without
// module.enableCompileCache (Node 20; bin/routersh.cjs uses Node's own from 22.1). Compiling was
// most of a one-shot command's start: `-c` went 133–141 → 107–114 ms (measured, Node 20).
//
// How: dist/ is CommonJS (scripts/commonjs.mjs) and Node compiles each of its files through
// Module.prototype._compile; for dist/'s files that compile is done here with vm.Script, given
// the code V8 made for the same file in an earlier run. V8 refuses (cachedDataRejected) code made
// by another V8 or under other V8 flags; it checks the source's length only, so the directory
// is named for the build (dist/build-id, a hash of its files), the Node version and the CPU.
// What V8 refused, or what had none, is written when the run ends or just before a V8 flag
// changes (setV8Flag below), then holding what the run compiled: the next run's start finds it.
//
// The files are code this process runs: the directory is made private (0700) and used only if
// it is this user's and writable by nobody else, as ssh treats ~/.ssh. Files are written whole
// (a temporary file renamed), so a run never reads one half-written by another. Any failure
// here only costs the cache: the file compiles as it would without one.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

/** Where this build's compiled code lives, made if needed; undefined when it cannot be trusted. */
function cacheDir(dist) {
  const base = process.env.XDG_CACHE_HOME || (process.env.HOME ? path.join(process.env.HOME, '.cache') : '');
  if (!path.isAbsolute(base)) return undefined;
  const buildId = fs.readFileSync(path.join(dist, 'build-id'), 'utf8').trim();
  const own = path.join(base, 'routersh');
  const dir = path.join(own, 'v8', `${buildId}-${process.version}-${process.arch}`);
  const made = fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const d of [own, dir]) {
    const st = fs.statSync(d);
    if ((process.getuid && st.uid !== process.getuid()) || (st.mode & 0o022) !== 0) return undefined;
  }
  // A new build or Node: what older ones left (untouched for a week) goes.
  if (made !== undefined) prune(path.join(own, 'v8'), path.basename(dir));
  return dir;
}

function prune(root, keep) {
  const old = Date.now() - 7 * 24 * 3600 * 1000;
  for (const d of fs.readdirSync(root)) {
    if (d === keep) continue;
    const p = path.join(root, d);
    if (fs.statSync(p).mtimeMs < old) fs.rmSync(p, { recursive: true, force: true });
  }
}

/** A short hash of a string (FNV-1a): names the V8 flags a file's code was made under. */
function tagOf(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/**
 * Compiles dist/'s files with their kept code from now on. Returns setV8Flag(flag): what a
 * command calls instead of v8.setFlagsFromString (src/commands/v8-flags.ts), so the code
 * compiled under the flags before is written first, under their name. `inherited`: the flags
 * set already (a fleet run's second thread, started after its first thread set them).
 */
exports.install = function install(dist, inherited = []) {
  let dir;
  try {
    dir = cacheDir(dist);
  } catch {}
  // node:v8 (with its heap utilities) loads only for a run that sets a flag, not at every start.
  const setFlags = (flag) => require('node:v8').setFlagsFromString(flag);
  if (dir === undefined) return setFlags;

  // Flags given to node itself are part of what V8 checks too.
  let flags = `${process.execArgv.join(' ')}|${process.env.NODE_OPTIONS ?? ''}|`;
  for (const flag of inherited) flags += ` ${flag}`;
  let tag = tagOf(flags);
  /** Scripts compiled without usable code, under the current flags: [script, file]. */
  let unwritten = [];
  const prefix = dist + path.sep;

  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (!filename.startsWith(prefix)) return compile.apply(this, arguments);
    const file = path.join(dir, `${path.basename(filename)}.${tag}`);
    let cachedData;
    try {
      cachedData = fs.readFileSync(file);
    } catch {}
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) unwritten.push([script, file]);
    const module = this;
    const require = (id) => module.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
    require.cache = Module._cache;
    require.main = process.mainModule;
    return script
      .runInThisContext({ displayErrors: true })
      .call(module.exports, module.exports, require, module, filename, path.dirname(filename));
  };

  const write = () => {
    for (const [script, file] of unwritten) {
      try {
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(tmp, file);
      } catch {}
    }
    unwritten = [];
  };
  process.once('exit', write);
  return (flag) => {
    write();
    setFlags(flag);
    flags += ` ${flag}`;
    tag = tagOf(flags);
  };
};
