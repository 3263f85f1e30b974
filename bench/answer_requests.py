"""Answers bridge requests with the engine of whichever Python runs this, timing each (for light_logic_bench.py):

    node bench/in_pyodide.mjs answer_requests.py IN.json OUT.json    # inside Pyodide (the page's full engine)

IN: a JSON list of requests; OUT: a JSON list of [reply, ms] (the bridge's reply parsed, the call's time).
"""
import json
import sys

sys.path.insert(0, __file__.rsplit("/bench/", 1)[0] if "/bench/" in __file__ else ".")

from sudoku_core.bridge import handle_json  # noqa: E402
from sudoku_core.core.compat import perf_counter  # noqa: E402


def answer(requests: list) -> list:
    out = []
    for request in requests:
        start = perf_counter()
        reply = handle_json(json.dumps(request))
        out.append([json.loads(reply), (perf_counter() - start) * 1000])
    return out


if __name__ == "__main__":
    source, target = sys.argv[1], sys.argv[2]
    with open(source) as f:
        requests = json.load(f)
    with open(target, "w") as f:
        json.dump(answer(requests), f)
