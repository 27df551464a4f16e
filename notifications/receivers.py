"""Signal receivers: filled in as the app grows."""
