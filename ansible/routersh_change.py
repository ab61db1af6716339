#!/usr/bin/python3
# routersh_change: configuration lines applied to each inventory host through routersh, with
# `changed` from routersh's journal. Like routersh_command, this file is both the documented
# module and its action plugin (ANSIBLE_LIBRARY and ANSIBLE_ACTION_PLUGINS: `routersh ansible-path`).

DOCUMENTATION = r'''
---
module: routersh_change
short_description: Apply routersh configuration lines to a router, changed as its journal says
description:
  - Runs C(routersh --json) on the controller for each inventory host with the lines on its standard
    input (never in its arguments, since a line may hold a secret), stopping at the first line that fails,
    as a routersh script does. Each change is journaled as routersh always does, so
    C(routersh undo --journal FILE) reverts it.
  - C(changed) is true when a journaled change of this run altered what the router's metadata shows
    (before and after differ), or was accepted without a reading that says otherwise (an action).
    A second identical run reports C(changed) false when the router shows the same values.
  - In check mode routersh runs with C(--dry-run) (each line checked against the live metadata,
    nothing sent); C(changed) is then true when a line would write, whether or not the router
    already holds the value.
  - The router and credentials come from the host's variables as for routersh_command
    (C(routersh_router) or C(ansible_host), C(routersh_user) or C(ansible_user),
    C(routersh_password_file), C(routersh_token_file)).
version_added: "0.1.0"
author: routersh
options:
  lines:
    description: The routersh lines to apply, in order (a string is one line).
    type: list
    elements: str
    required: true
  router:
    description: The router's base URL; default the host's C(routersh_router) or C(ansible_host).
    type: str
  user:
    description: The user to log in as; default C(routersh_user), else C(ansible_user).
    type: str
  password_file:
    description: A file holding the password; default the host's C(routersh_password_file).
    type: path
  token_file:
    description: A file holding a bearer token; default the host's C(routersh_token_file).
    type: path
  telemetry_url:
    description: The telemetry API's URL; default the host's C(routersh_telemetry_url).
    type: str
  timeout:
    description: Seconds each request may take (routersh C(--timeout)).
    type: int
  executable:
    description:
      - The routersh to run. Default C(routersh) on C(PATH), else the C(bin/routersh.cjs) of the
        package this file belongs to.
    type: path
notes:
  - Runs on the controller whatever the connection; C(-c local) is the usual way to call it.
  - Supports check mode (C(--dry-run)).
'''

EXAMPLES = r'''
# ad hoc: ansible edge -i inventory.yml -c local -m routersh_change -a "lines='interface eth0 mtu 9000'"
- name: Block an address on every edge router
  routersh_change:
    lines:
      - ipv4 firewall match-list blacklist action match net 203.0.113.7
  register: blocked

- name: Say which routers changed
  ansible.builtin.debug:
    msg: "{{ blocked.changes | map(attribute='line') | list }}"
  when: blocked.changed
'''

RETURN = r'''
output:
  description: The JSON documents routersh printed, one per line run (the router's envelopes; in
    check mode the dry run's records; a failed line's C(error) document).
  returned: always
  type: list
  elements: dict
rc:
  description: routersh's exit status (0 ok, 1 a line failed, 2 usage, 3 unreachable).
  returned: always
  type: int
changes:
  description: The changes routersh journaled for this run, each with its journal C(id), C(line),
    C(journal) file and whether it C(changed) the router.
  returned: always
  type: list
  elements: dict
router:
  description: The router's URL the lines were applied to.
  returned: always
  type: str
msg:
  description: routersh's one-line error, when it failed.
  returned: failure
  type: str
'''

import importlib.util
import os

try:
    from ansible.plugins.action import ActionBase
except ImportError:  # run as a module, without Ansible's controller code
    ActionBase = object

OPTIONS = ('lines', 'router', 'user', 'password_file', 'token_file', 'telemetry_url',
           'timeout', 'executable')


def _lib():
    """routersh_lib beside this file (an action plugin is loaded from its own path, not sys.path)."""
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location('routersh_lib', os.path.join(here, 'routersh_lib', '__init__.py'))
    lib = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lib)
    return lib


class ActionModule(ActionBase):
    TRANSFERS_FILES = False
    _VALID_ARGS = frozenset(OPTIONS)

    def run(self, tmp=None, task_vars=None):
        result = super().run(tmp, task_vars)
        lib = _lib()
        args = self._task.args
        unknown = sorted(set(args) - set(OPTIONS))
        if unknown:
            return {**result, 'failed': True, 'msg': f'routersh_change: unknown option {unknown[0]}'}
        lines = args.get('lines')
        lines = [lines] if isinstance(lines, str) else lines
        if not isinstance(lines, list) or not lines or not all(isinstance(l, str) for l in lines):
            return {**result, 'failed': True, 'msg': 'routersh_change needs lines=LINE or a list of lines'}
        if any('\n' in l or '\r' in l for l in lines):
            return {**result, 'failed': True, 'msg': 'routersh_change: each of lines is one line (no line breaks)'}
        try:
            ran = lib.run_task(self._templar, task_vars, args, lines, self._task.check_mode, __file__)
        except lib.RoutershFailure as e:
            return {**result, 'failed': True, 'msg': str(e)}
        return {**result, **ran}


def main():
    # Reached only when Ansible ships this file as a module: the action plugin was not found.
    import json
    import sys
    print(json.dumps({'failed': True, 'msg': 'routersh_change runs as an action plugin on the controller: '
                      'set ANSIBLE_ACTION_PLUGINS (and ANSIBLE_LIBRARY) to the folder `routersh ansible-path` prints'}))
    sys.exit(1)


if __name__ == '__main__':
    main()
