"""Finding the parts of a `<sudoku-solver>` on a page, and drawing on its board with the mouse: shared by the
tests of the rules bar (test_page_rules.py) and of the setters' palette (test_page_palette.py)."""
import re


def solver(page):
    return page.locator("sudoku-solver")


def cell(page, row: int, col: int):
    return solver(page).get_by_role("gridcell", name=re.compile(fr"^Row {row}, column {col}(,|$)"))


def status(page):
    return solver(page).locator("[part~=status]")


def rules(page):
    return solver(page).evaluate("(el) => el.rules")


def centre(page, row: int, col: int) -> "tuple[float, float]":
    box = cell(page, row, col).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, path) -> None:
    """Press on the first cell of `path` ((row, column) pairs, 1-based) and move through the others in turn,
    then let go."""
    solver(page).get_by_role("grid").scroll_into_view_if_needed()
    page.mouse.move(*centre(page, *path[0]))
    page.mouse.down()
    for row, col in path[1:]:
        page.mouse.move(*centre(page, row, col), steps=4)
    page.mouse.up()
