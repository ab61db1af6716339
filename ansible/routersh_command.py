#!/usr/bin/python3
# routersh_command: one routersh command on each inventory host, its --json answer returned.
# This file is both the module Ansible documents (ansible-doc) and the action plugin that runs
# it on the controller: point ANSIBLE_LIBRARY and ANSIBLE_ACTION_PLUGINS at
# `routersh ansible-path`. Python 3.11 standard library (and Ansible itself) only.

DOCUMENTATION = r'''
---
module: routersh_command
short_description: Run one routersh command on a router and return its JSON answer
description:
  - Runs C(routersh --json) on the controller for each inventory host, with the host's router
    and credentials from its variables, and returns the parsed JSON document routersh prints.
  - The router is C(routersh_router) (a URL), else C(routersh_scheme)://C(ansible_host):C(ansible_port)
    (scheme C(https) by default). The user is C(routersh_user), else C(ansible_user). The password
    or token comes only from a file, C(routersh_password_file) or C(routersh_token_file); a password
    in the inventory text (C(ansible_password), C(routersh_password)) is refused.
  - The command is given to routersh on its standard input, never in its arguments.
  - In check mode routersh runs with C(--dry-run), the line checked against the router's live
    metadata and nothing sent.
  - C(changed) is what routersh journaled as changed (the router's metadata before and after).
  - Needs both C(ANSIBLE_LIBRARY) and C(ANSIBLE_ACTION_PLUGINS) set to the folder that
    C(routersh ansible-path) prints.
version_added: "0.1.0"
author: routersh
options:
  command:
    description: One routersh line, as typed at its prompt (C(show interface), C(interface eth0 mtu 9000)).
    type: str
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
# ad hoc, with ANSIBLE_LIBRARY and ANSIBLE_ACTION_PLUGINS set to $(routersh ansible-path)
#   ansible edge -i inventory.yml -c local -m routersh_command -a "command='show interface'"
- name: Read eth0 on every edge router
  routersh_command:
    command: show interface eth0
  register: eth0

- name: Print each router's answer
  ansible.builtin.debug:
    msg: "{{ eth0.output.NodeInfo.ShowOutput }}"
'''

RETURN = r'''
output:
  description: The JSON document routersh printed for the command (the router's envelope; with
    check mode the dry run's record of the line).
  returned: always
  type: dict
rc:
  description: routersh's exit status (0 ok, 1 the command failed, 2 usage, 3 unreachable).
  returned: always
  type: int
changes:
  description: The changes routersh journaled for this run, each with its journal id, line,
    journal file and whether it changed the router.
  returned: always
  type: list
router:
  description: The router's URL the command was run against.
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

OPTIONS = ('command', 'router', 'user', 'password_file', 'token_file', 'telemetry_url',
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
            return {**result, 'failed': True, 'msg': f'routersh_command: unknown option {unknown[0]}'}
        if not isinstance(args.get('command'), str) or not args['command'].strip():
            return {**result, 'failed': True, 'msg': 'routersh_command needs command=LINE'}
        if '\n' in args['command']:
            return {**result, 'failed': True, 'msg': 'routersh_command takes one line: use routersh_change for several'}
        try:
            ran = lib.run_task(self._templar, task_vars, args, [args['command']], self._task.check_mode, __file__)
        except lib.RoutershFailure as e:
            return {**result, 'failed': True, 'msg': str(e)}
        docs = ran.pop('output')
        return {**result, **ran, 'output': docs[0] if docs else None}


def main():
    # Reached only when Ansible ships this file as a module: the action plugin was not found.
    import json
    import sys
    print(json.dumps({'failed': True, 'msg': 'routersh_command runs as an action plugin on the controller: '
                      'set ANSIBLE_ACTION_PLUGINS (and ANSIBLE_LIBRARY) to the folder `routersh ansible-path` prints'}))
    sys.exit(1)


if __name__ == '__main__':
    main()
