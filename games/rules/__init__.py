"""Pure-Python rules engines. Nothing below this package imports Django."""
