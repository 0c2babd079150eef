"""The access matrix's fixture for every test of this folder: `world`
(tests/web/helpers/access.py), which each test names."""

from tests.web.helpers.access import world  # noqa: F401
