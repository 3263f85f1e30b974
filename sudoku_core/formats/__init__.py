"""The exchange forms of variant puzzles: f-puzzles and SudokuPad links (lz-string), SudokuWiki's Killer
links, and the project's own variant text form; `variant_io` reads whichever one a text is. The classic
grid forms live with the grid, in `sudoku_core.core.formats`."""
