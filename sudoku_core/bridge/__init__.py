"""The page's door into the engine: JSON-shaped requests in, JSON-shaped replies out.

The web worker (`web/worker.js`) calls `handle_json(text)`, or `handle_json_with_progress(text, report)`
to follow a long request, and posts back the text it returns. `protocol` reads the requests, finds the
op and words the failures; one module per group of ops answers them (`ops_solve`, `ops_logic`,
`ops_play`, `ops_batch`), each importing the protocol and the engine, never another op module. All but
`ops_batch` (the banks: numpy, processes) are portable: on MicroPython (the page's light engine) they are the
bridge. Every op, with its fields and results, is described once, in docs/engine-js.md.
"""
import sys

from . import ops_solve  # noqa: F401 - importing an op module registers its ops
from .protocol import OPS, BridgeError, Context, Request, Task, handle, handle_json, handle_json_with_progress

#: The op modules MicroPython loads at the first request for one of their ops, and those ops: importing them takes
#: about half a second there, which the page's first answer (a solution) does not wait for.
LATER = {"ops_logic": ("candidates", "hint", "why", "path", "rate", "diagnose"), "ops_play": ("generate", "export_game")}


def _load_later(module: str):
    def first_request(request: Request) -> dict:
        for name in LATER[module]:
            del OPS[name]  # the module registers the real ops
        __import__("sudoku_core.bridge." + module)
        return OPS[request.get("op")](request)
    return first_request


if sys.implementation.name == "micropython":
    for _module, _names in LATER.items():
        for _name in _names:
            OPS[_name] = _load_later(_module)
else:
    from . import ops_batch, ops_logic, ops_play  # noqa: F401

__all__ = ["OPS", "BridgeError", "Context", "Request", "Task", "handle", "handle_json", "handle_json_with_progress"]
