"""`Verdict`: the one set of words for what a search found out about a puzzle, used by the CLI's `check`,
`count` and `solve` lines, the bank's CSV and JSON records, and the bridge's check and batch replies.

A plain class of string constants rather than an `enum` (which MicroPython lacks): the values are the words
written in files and replies, so a verdict goes into JSON and CSV as it is. Where a reader sees other words
(the page's batch table), the bridge maps them once.
"""


class Verdict:
    SOLVED = "solved"  #: a solution was found; whether it is the only one was not asked
    UNIQUE = "unique"  #: exactly one solution
    SEVERAL = "several"  #: more than one solution
    NONE = "none"  #: no solution, though no two givens clash
    CONFLICT = "conflict"  #: two givens clash in a row, column, box or region
    INVALID = "invalid"  #: the text is not a puzzle (a `ParseError`)
    GAVE_UP = "gave up"  #: the search ran out of its budget before it knew

    ALL = (SOLVED, UNIQUE, SEVERAL, NONE, CONFLICT, INVALID, GAVE_UP)

    @staticmethod
    def of_count(count: int, limit: int = 2) -> str:
        """The verdict of a count of solutions made up to `limit` (-1: the search gave up). With limit 1
        a solution says only SOLVED; NONE covers CONFLICT too (the caller knows the givens)."""
        if count < 0:
            return Verdict.GAVE_UP
        if count == 0:
            return Verdict.NONE
        if limit == 1:
            return Verdict.SOLVED
        return Verdict.UNIQUE if count == 1 else Verdict.SEVERAL
