"""Making puzzles: classic grids of a chosen difficulty (`classic`) and variant puzzles (`variants`)."""
