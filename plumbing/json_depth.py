"""How deep JSON may nest: the API's parser and the WebSocket consumers refuse anything deeper.

Kept apart from the API module so that the consumers need not import DRF, whose settings import
that module in turn.
"""

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
