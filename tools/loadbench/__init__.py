"""The load benchmark of issue 4: `bin/loadbench` (see __main__.py and docs/performance.md)."""
