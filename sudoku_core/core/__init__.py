"""The portable solving core: box shapes, grids and their text forms, the solver, and the givens behind
"no solution". These modules run unchanged on CPython, Pyodide and MicroPython (the page's first runtime):
`compat.PORTABLE` lists them, and what they may import."""
