# Shared by the routersh_command and routersh_change action plugins: runs routersh for one
# inventory host on the controller and turns what it prints and journals into Ansible's result.
# Python 3.11 standard library only; imported from the plugins' own folder (see _lib() there).
#
# Why an action plugin and not a module shipped to the host: routersh runs where the inventory
# and the password files are (the controller), and only an action plugin sees the host's
# variables (routersh_router, ansible_host, routersh_password_file ...). A module is given only
# its arguments.
import json
import os
import shutil
import subprocess
import time

# Variables that hold a secret in the inventory text: refused, as routersh's own reader does.
INLINE_SECRETS = ('ansible_password', 'ansible_ssh_pass', 'routersh_password', 'routersh_token')
# Connection settings of the controller's environment that must not reach another host's run:
# each host connects only with what its own variables (or the task's arguments) name.
CLEARED_ENV = (
    'ROUTERSH_ROUTER', 'ROUTERSH_PROFILE', 'ROUTERSH_USER', 'ROUTERSH_PASSWORD',
    'ROUTERSH_TOKEN', 'ROUTERSH_AUTH', 'ROUTERSH_INVENTORY',
)
# Words of the router's API that only read: a dry run of them would change nothing.
READ_ACTIONS = {'SHOW', 'GET'}
MAX_OUTPUT = 64 * 1024 * 1024


class RoutershFailure(Exception):
    """A one-line reason for fail_json (never a secret: only paths and routersh's own words)."""


def connection(args, host_vars):
    """The host's router, user and credential files: task arguments first, then the host's vars."""
    for name in INLINE_SECRETS:
        if host_vars.get(name) not in (None, ''):
            raise RoutershFailure(
                f'{name} is set for this host: routersh takes secrets only from files '
                '(routersh_password_file, routersh_token_file)')

    def pick(arg, *names):
        if args.get(arg) not in (None, ''):
            return args[arg]
        for n in names:
            if host_vars.get(n) not in (None, ''):
                return host_vars[n]
        return None

    router = pick('router', 'routersh_router')
    if router is None:
        host = host_vars.get('ansible_host') or host_vars.get('inventory_hostname')
        if not host:
            raise RoutershFailure('no router for this host: set routersh_router (a URL) or ansible_host')
        scheme = host_vars.get('routersh_scheme') or 'https'
        port = host_vars.get('ansible_port')
        bracketed = f'[{host}]' if ':' in str(host) else str(host)
        router = f'{scheme}://{bracketed}' + (f':{port}' if port not in (None, '') else '')
    return {
        'router': str(router),
        'user': pick('user', 'routersh_user', 'ansible_user'),
        'password_file': pick('password_file', 'routersh_password_file'),
        'token_file': pick('token_file', 'routersh_token_file'),
        'telemetry_url': pick('telemetry_url', 'routersh_telemetry_url'),
    }


def find_routersh(executable, here):
    """The `executable` argument, else `routersh` on PATH, else this package's bin/ (../bin from here)."""
    if executable:
        return [executable]
    on_path = shutil.which('routersh')
    if on_path:
        return [on_path]
    package = os.path.dirname(os.path.dirname(os.path.abspath(here)))
    bundled = os.path.join(package, 'bin', 'routersh.cjs')
    if os.path.isfile(bundled):
        return [shutil.which('node') or 'node', bundled]
    raise RoutershFailure('routersh not found: give executable=PATH, or put routersh on PATH')


def journal_dir(env):
    """$XDG_STATE_HOME/routersh/journal (default ~/.local/state/...), as routersh's paths.ts says."""
    state = env.get('XDG_STATE_HOME', '')
    if not state.startswith('/'):
        state = os.path.join(env.get('HOME') or os.path.expanduser('~'), '.local', 'state')
    return os.path.join(state, 'routersh', 'journal')


def journaled_changes(directory, pid, since, router=None):
    """The changes process `pid` journaled: [{id, line, changed}], from the files written since `since`.

    A change is `changed` when the router accepted it and what the metadata shows after differs
    from before; a change without both readings (an action, a secret) counts as changed when
    accepted, since nothing says it was not. When no change carries `pid` (routersh started
    through a wrapper that is not exec'd, so the journaling process is a child), the sessions to
    `router` begun since `since` are taken instead: each host has its own router, so the runs
    Ansible's forks make side by side do not share one.
    """
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return []
    files = []
    for name in names:
        path = os.path.join(directory, name)
        try:
            if not name.endswith('.jsonl') or os.stat(path).st_mtime < since - 2:
                continue
            with open(path, encoding='utf-8', errors='replace') as f:
                files.append((path, [r for r in (_json_or_none(l) for l in f) if isinstance(r, dict)]))
        except OSError:
            continue
    mine = _changes(files, lambda r, session: r.get('pid') == pid)
    if mine or router is None:
        return mine
    return _changes(files, lambda r, session: session is not None
                    and str(session.get('router', '')).rstrip('/') == router.rstrip('/')
                    and isinstance(session.get('at'), (int, float)) and session['at'] >= (since - 1) * 1000)


def _changes(files, belongs):
    """The change entries `belongs(record, its session record)` picks, each with its answer and after."""
    changes, by_id = [], {}
    for path, records in files:
        session = next((r for r in records if r.get('t') == 'session'), None)
        for r in records:
            rid = r.get('id')
            if r.get('t') == 'change' and belongs(r, session):
                entry = {'id': rid, 'line': r.get('line'), 'before': r.get('before'), 'journal': path}
                by_id[rid] = entry
                changes.append(entry)
            elif rid in by_id and r.get('t') == 'answer':
                by_id[rid]['ok'] = bool((r.get('answer') or {}).get('ok'))
            elif rid in by_id and r.get('t') == 'after':
                by_id[rid]['after'] = r.get('after')
    result = []
    for c in changes:
        same = c.get('before') is not None and c.get('after') is not None and c['before'] == c['after']
        result.append({'id': c['id'], 'line': c['line'], 'journal': c['journal'],
                       'changed': bool(c.get('ok')) and not same})
    return result


def _json_or_none(line):
    try:
        return json.loads(line)
    except ValueError:
        return None


def documents(text):
    """Every JSON document routersh printed with --json, in order."""
    decoder, docs, i = json.JSONDecoder(), [], 0
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        try:
            doc, i = decoder.raw_decode(text, i)
        except ValueError:
            break
        docs.append(doc)
    return docs


def would_change(doc):
    """A dry run's record of a line that would write (not a read)."""
    req = doc.get('request') if isinstance(doc, dict) else None
    if doc.get('status') != 'ok' or not isinstance(req, dict):
        return False
    actions = set((req.get('body') or {}).get('Actions') or [])
    return req.get('method') != 'GET' and not actions <= READ_ACTIONS


def run(lines, conn, check, executable, here, timeout=None, env=None):
    """Runs routersh --json over `lines` (on stdin: a line may hold a secret, argv never does)."""
    env = dict(os.environ if env is None else env)
    for name in CLEARED_ENV:
        env.pop(name, None)
    argv = find_routersh(executable, here) + ['--json', '--router', conn['router']]
    if conn['user']:
        argv += ['--user', str(conn['user'])]
    if conn['password_file']:
        argv += ['--password-file', os.path.expanduser(str(conn['password_file']))]
    if conn['token_file']:
        argv += ['--token-file', os.path.expanduser(str(conn['token_file']))]
    if conn['telemetry_url']:
        argv += ['--telemetry', str(conn['telemetry_url'])]
    if timeout:
        argv += ['--timeout', str(timeout)]
    if check:
        argv.append('--dry-run')
    started = time.time()
    try:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, text=True)
    except OSError as e:
        raise RoutershFailure(f'cannot run {argv[0]}: {e.strerror}') from None
    # Bounded: routersh bounds each request by --timeout; this bounds the whole run besides.
    limit = None if timeout is None else max(60, timeout * (len(lines) + 2))
    try:
        out, err = proc.communicate(''.join(f'{l}\n' for l in lines), timeout=limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise RoutershFailure(f'routersh did not end within {limit} s') from None
    docs = documents(out[:MAX_OUTPUT])
    result = {'rc': proc.returncode, 'output': docs, 'stderr': err, 'cmd': argv,
              'router': conn['router'], 'check': bool(check)}
    if check:
        result['changed'] = any(would_change(d) for d in docs)
        result['changes'] = []
    else:
        changes = journaled_changes(journal_dir(env), proc.pid, started, conn['router'])
        result['changed'] = any(c['changed'] for c in changes)
        result['changes'] = changes
    if proc.returncode != 0:
        result['failed'] = True
        result['msg'] = error_line(docs, err, proc.returncode)
    return result


def error_line(docs, stderr, rc):
    """routersh's own one-line error: its --json error document, else its last line on stderr."""
    for d in docs:
        if isinstance(d, dict) and isinstance(d.get('error'), dict) and d['error'].get('message'):
            return str(d['error']['message'])
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    return lines[-1].lstrip('% ') if lines else f'routersh ended with status {rc}'


HOST_VAR_PREFIXES = ('routersh_', 'ansible_host', 'ansible_port', 'ansible_user',
                     'ansible_password', 'ansible_ssh_pass', 'inventory_hostname')


def run_task(templar, task_vars, args, lines, check_mode, plugin_file):
    """Both modules' run once their own arguments are judged: the host's variables (templated),
    its connection, routersh on the lines. Raises RoutershFailure with routersh's one line."""
    host_vars = {k: templar.template(v) for k, v in (task_vars or {}).items()
                 if k.startswith(HOST_VAR_PREFIXES)}
    conn = connection(args, host_vars)
    return run(lines, conn, check_mode, args.get('executable'), plugin_file, args.get('timeout'))
