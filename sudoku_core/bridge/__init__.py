"""The page's door into the engine: JSON-shaped requests in, JSON-shaped replies out.

The web worker (`web/worker.js`) calls `handle_json(text)`, or `handle_json_with_progress(text, report)`
to follow a long request, and posts back the text it returns. `protocol` reads the requests, finds the
op and words the failures; one module per group of ops answers them (`ops_solve`, `ops_logic`,
`ops_play`, `ops_batch`), each importing the protocol and the engine, never another op module. Only
`protocol` and `ops_solve` are portable: on MicroPython they are the whole bridge. Every op,
with its fields and results, is described once, in docs/engine-js.md.
"""
import sys

from . import ops_solve  # noqa: F401 - importing an op module registers its ops
from .protocol import OPS, BridgeError, Context, Request, handle, handle_json, handle_json_with_progress

# MicroPython (the page's first runtime) carries only the portable core: the solving ops (`compat.PORTABLE`).
if sys.implementation.name != "micropython":
    from . import ops_batch, ops_logic, ops_play  # noqa: F401

__all__ = ["OPS", "BridgeError", "Context", "Request", "handle", "handle_json", "handle_json_with_progress"]
