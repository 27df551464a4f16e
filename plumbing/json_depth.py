"""How deep JSON nests, for the API's parser and the sockets; free of DRF, so the ASGI routing can
import it before DRF's settings (which name the parser in plumbing.api) are read."""

from __future__ import annotations

from typing import Any

# No request of this API needs more; Python's json module and everything after it recurse per level.
MAX_JSON_DEPTH = 32


def nesting_depth(value: Any) -> int:
    """How deep lists and objects nest in ``value``, counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list):
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node)
    return deepest
