"""The engine's wording rules, shared by the portable core and the logic layer."""


def sentence(text: str) -> str:
    """End a message with a full stop (cell names like r1c1 stay lower case)."""
    text = text.strip()
    return text if not text or text.endswith(".") else text + "."


def listing(words) -> str:
    """"a", "a and b", "a, b and c"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
