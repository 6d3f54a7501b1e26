# The two commands of the README: `make play` starts a game, `make test` runs every check.
# Each creates .venv with what it needs; only Python 3.11+ and make are required.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: play learn serve test install dev bench lint typecheck clean screenshots

$(VENV)/.run: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -e '.[tui,server,fast]'
	@echo "Compiling the computer players' search once (about a minute) ..."
	$(WARM) expert & $(WARM) plain && wait $$!
	touch $@

# The search's compiled kernels are built into numba's cache at the install, once, and said (a researcher's first
# environment with a search opponent sat 27 s without a word while they compiled, a player's first hint 50 s, and a
# guided deal's first explanation waits on them); `make test` finds them built.
$(VENV)/.dev: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -e '.[dev]'
	@echo "Compiling the search's kernels once (about a minute) ..."
	$(WARM) expert & $(WARM) plain && wait $$!
	touch $(VENV)/.run $@

install: $(VENV)/.run
dev: $(VENV)/.dev

play: $(VENV)/.run
	$(BIN)/blackmaria play $(ARGS)

learn: $(VENV)/.run
	$(BIN)/blackmaria learn $(ARGS)

serve: $(VENV)/.run
	$(BIN)/blackmaria serve $(ARGS)

lint: dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: dev
	$(BIN)/mypy

# Two worker processes (the browser and server tests mostly wait; three on two cores took 11 minutes where two took 12.5,
# but the timing checks of the terminal and the page then failed under the load), each taking whole files in their
# order (a file's tests share its servers and browser, and a few read what an earlier one wrote), then the wall-clock
# timing checks alone. First the search's compiled kernels are built once into numba's cache, its two kinds of search
# in two processes at once (42 s in a fresh clone, 63 s in one), so that the workers and every server and command they
# start load them from it instead of each compiling them.
WORKERS ?= 2
WARM = $(BIN)/python -c 'import sys; from blackmaria.bots.search import compile_kernels; compile_kernels(sys.argv[1])'
test: dev lint typecheck
	$(WARM) expert & $(WARM) plain && wait $$!
	$(BIN)/pytest -n $(WORKERS) --dist loadfile -m "not slow and not serial"
	$(BIN)/pytest -p no:xdist -m "serial and not slow"

# The browser tests again, saving their pictures over the ones the docs show.
screenshots: dev
	BLACKMARIA_SCREENSHOTS=docs/screenshots $(BIN)/pytest tests/test_web_client.py tests/test_web_table.py tests/test_web_learn.py tests/test_web_scorekeeper.py tests/test_web_served.py tests/test_terminal_screenshots.py \
		tests/test_terminal_online.py

bench: dev
	$(BIN)/python benchmarks/engine_vs_openspiel.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
