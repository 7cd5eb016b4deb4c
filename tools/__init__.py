"""Developer tools (not shipped, not tests): the frontend harness server, screenshots, fixtures.

Run them from the repository root, e.g. ``.venv/bin/python tools/shoot.py /tmp/ft_screens``.
"""
