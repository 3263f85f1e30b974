"""Variant Sudoku: the rules (extra regions, diagonals, cages, anti-knight/king...), their houses and peers
(`topology`), Jigsaw regions, Killer cages, and the solver that searches under them."""
