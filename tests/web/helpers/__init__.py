"""Helpers the web tests share: builders, steps of a game, servers; no tests."""
