"""End-to-end tests: a real JupyterLab server and Chromium (a package, so that this
folder's conftest.py does not shadow tests/conftest.py, which the unit tests import)."""
