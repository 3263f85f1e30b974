"""The techniques, one family per module. Each finder takes a `Board` and returns a `Step` or None;
`path.TECHNIQUES` lists them from easiest to hardest."""
