"""The two consoles every command writes to, and the styles of actor kinds."""

from __future__ import annotations

from rich.console import Console

out = Console(highlight=False, soft_wrap=False)
# soft_wrap: a message is one line, whatever the width (a terminal folds it on screen; a file or pipe keeps it)
err = Console(stderr=True, highlight=False, soft_wrap=True)

KIND_STYLES = {
    "person": "bold cyan",
    "party": "bold magenta",
    "org": "bold blue",
    "place": "bold green",
    "group": "bold yellow",
    "other": "bold",
}
