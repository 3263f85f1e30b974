"""`python -m sudoku_core ...`: the command line (see `sudoku_core.cli`)."""
import sys

from .cli.program import main

sys.exit(main())
