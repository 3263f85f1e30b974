"""`random` for the tests inside MicroPython: the engine's own copy of CPython's Random
(sudoku_core/core/mersenne.py), with the module functions a test may call. The driver puts this module in
place of `random`, so a test seeded with `random.Random(7)` sees the numbers it sees on CPython."""
from sudoku_core.core.mersenne import Random

_inst = Random()
seed = _inst.seed
random = _inst.random
getrandbits = _inst.getrandbits
randrange = _inst.randrange
randint = _inst.randint
choice = _inst.choice
shuffle = _inst.shuffle
sample = _inst.sample
choices = _inst.choices
uniform = _inst.uniform
