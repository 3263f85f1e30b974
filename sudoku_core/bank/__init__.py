"""Puzzles by the million: the bulk pipeline (`bulk`), the numpy batch solver (`batch`, the one module that
needs numpy), logic columns and filters, generation runs, resumable jobs and Dask."""
