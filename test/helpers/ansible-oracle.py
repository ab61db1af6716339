# ansible-core's own answers for many inventories and patterns in one process (a test helper:
# starting `ansible` once per question costs ~0.7 s). Reads JSON on stdin:
#   [{"file": PATH, "patterns": [P, ...]}, ...]
# and prints, per file, what `ansible-inventory -i FILE --list` prints (hostvars merged as
# VariableManager merges them, internal vars removed, as the CLI does) and, per pattern, the
# hosts of `ansible -i FILE P --list-hosts` and of `ansible -i FILE all --limit P --list-hosts`.
import json
import sys

from ansible import context
from ansible.inventory.manager import InventoryManager
from ansible.module_utils.common.collections import ImmutableDict
from ansible.parsing.dataloader import DataLoader
from ansible.vars.manager import VariableManager
from ansible.cli.inventory import INTERNAL_VARS

context.CLIARGS = ImmutableDict({})


def listing(inv, vm):
    out = {"_meta": {"hostvars": {}}}
    for host in inv.get_hosts():
        hv = vm.get_vars(host=host, include_hostvars=False, stage="all")
        hv = {k: v for k, v in hv.items() if k not in INTERNAL_VARS}
        if hv:
            out["_meta"]["hostvars"][host.name] = hv
    for name in sorted(inv.groups):
        g = inv.groups[name]
        entry = {}
        hosts = [h.name for h in g.hosts] if name != "all" else []
        if hosts:
            entry["hosts"] = hosts
        kids = [c.name for c in g.child_groups]
        if kids:
            entry["children"] = kids
        if entry:
            out[name] = entry
    return out


def hosts_of(inv, pattern, limit):
    inv.clear_pattern_cache()
    try:
        if limit:
            inv.subset(pattern)
            return [h.name for h in inv.get_hosts("all")]
        inv.subset(None)
        return [h.name for h in inv.get_hosts(pattern)]
    except Exception as e:  # an error is an answer too
        return {"error": str(e).split("\n")[0]}
    finally:
        inv.subset(None)


def main():
    answers = []
    for q in json.load(sys.stdin):
        loader = DataLoader()
        try:
            inv = InventoryManager(loader=loader, sources=[q["file"]])
        except Exception as e:
            answers.append({"error": str(e).split("\n")[0]})
            continue
        if not inv._sources_parsed if hasattr(inv, "_sources_parsed") else False:
            answers.append({"error": "not parsed"})
            continue
        vm = VariableManager(loader=loader, inventory=inv)
        pats = q.get("patterns", [])
        answers.append(
            {
                "list": listing(inv, vm),
                "hosts": {p: hosts_of(inv, p, False) for p in pats},
                "limit": {p: hosts_of(inv, p, True) for p in pats},
            }
        )
    json.dump(answers, sys.stdout, default=str)


main()
