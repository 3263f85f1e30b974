"""Level words after HoDoKu: the rater gives them (`sudoku_core.logic.rate`), the generator and the bridge
read them. Here, outside `logic`, so that importing the generator does not load the human-style solver."""
from ..core.compat import StrEnum, members


@members
class Level(StrEnum):
    """How hard a puzzle is for a person; the value is the word the CLI and the page show."""

    EASY = "Easy"
    MEDIUM = "Medium"
    HARD = "Hard"
    UNFAIR = "Unfair"
    EXTREME = "Extreme"
    UNSOLVABLE = "Unsolvable"  # no solution, or several: not rated

    @classmethod
    def named(cls, word: str) -> "Level | None":
        """The rated level `word` names, in any case ("hard" -> HARD), or None when it names none."""
        word = word.strip().lower()
        return next((level for level in LEVELS if level.value.lower() == word), None)


#: The levels a puzzle can be rated, easiest first (their index is the rank the rater uses).
LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD, Level.UNFAIR, Level.EXTREME)
