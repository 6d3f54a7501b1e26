"""Bring your own bot: a program that talks a line-based JSON protocol on standard input and output.

Like a UCI chess engine, the program reads one JSON object per line and
answers requests with one JSON object per line (protocol ``blackmaria-bot/1``,
documented in ``docs/bot-protocol.md``)::

    -> {"type": "hello", "protocol": "blackmaria-bot/1", "seat": 2, "rules": {...}, "facts": {...}}
    <- {"type": "ready", "name": "my bot"}
    -> {"type": "pass", "count": 3, "observation": {...}}
    <- {"cards": ["QS", "KS", "AS"]}
    -> {"type": "play", "observation": {...}}
    <- {"card": "2C"}
    -> {"type": "bye"}

The observation is ``Observation.to_dict()``: only what that seat may know.
An answer that is late, malformed or illegal is replaced by the fallback
bot's choice and recorded in ``errors``; after such a failure the program is
stopped and the fallback plays the seat from then on, so a table or a
tournament never waits on a broken program. A program that stops before its
first line of answer never played at all: ``stopped_at_start`` says so, and
the error ends with what it wrote on standard error (a tournament stops on
it, where every decision would be the fallback's).
"""

from __future__ import annotations

import collections
import json
import os
import queue
import shlex
import shutil
import subprocess
import threading
import weakref
from collections.abc import Callable
from typing import IO, Any, Final

from blackmaria.cards import Card, card_name, parse_card
from blackmaria.observation import Observation

PROTOCOL: Final = "blackmaria-bot/1"
STDERR_LINES: Final = 12
"""The last lines of a program's standard error kept to say why it stopped."""


class BotProgramError(RuntimeError):
    """A bot program that cannot be started at all; the message names the command."""


def program_problem(command: str) -> str | None:
    """Why ``command`` cannot start a program, or None if its program is there to run: the one check of a bot
    program before it is used (``tournament``'s ``cmd:`` bots, ``serve --bot``), so that a missing or unrunnable
    program is named once, where it was given, not found deal after deal or at a table's start.

    >>> program_problem("")
    'give the command of the bot program'
    >>> program_problem("no-such-program-here --fast")
    "no program 'no-such-program-here' on the PATH (give a path to the program, or a command on the PATH)"
    """
    try:
        argv = shlex.split(command)
    except ValueError as error:
        return f"cannot read the command: {error}"
    if not argv:
        return "give the command of the bot program"
    program = argv[0]
    if os.sep not in program:
        if shutil.which(program) is None:
            return f"no program {program!r} on the PATH (give a path to the program, or a command on the PATH)"
        return None
    if not os.path.exists(program):
        return f"no file {program!r}"
    if os.path.isdir(program):
        return f"{program!r} is a folder, not a program"
    if not os.access(program, os.X_OK):
        # (a script given by its path alone, as a play-test did, was called missing)
        return f"{program!r} is not executable: chmod +x {shlex.quote(program)}, or give its interpreter first (python3 {shlex.quote(program)})"
    return None


def answer_card(value: Any, key: str) -> Card:
    """A card in an answer: its name as a string (``"QS"``, ``"10h"``, ``"Q♠"``); anything else is refused by name."""
    if not isinstance(value, str):
        raise ValueError(f'"{key}" holds {json.dumps(value)}: a card is its name as a string, e.g. "QS" or "10H"')
    return parse_card(value)


def answer_list(answer: dict[str, Any]) -> list[Any]:
    """The ``"cards"`` of an answer to a pass: a list of names, anything else refused by what is wrong with it."""
    if "cards" not in answer:
        raise ValueError(
            f'the answer to pass has no "cards" (it has {", ".join(map(repr, answer)) or "nothing"}): {{"cards": ["QS", "KS", "AS"]}}'
        )
    if not isinstance(answer["cards"], list):
        raise ValueError(f'"cards" holds {json.dumps(answer["cards"])}: give a list of card names, e.g. ["QS", "KS", "AS"]')
    return answer["cards"]


def _stop_program(process: subprocess.Popen[str]) -> None:
    """A bot dropped unclosed, or left at the interpreter's exit: its program stopped (its input ended, else killed).
    Only its input is touched: the readers' pipes are theirs, and closing one while a reader holds it aborted the
    interpreter at exit ("could not acquire lock ... possibly due to daemon threads", a researcher's script)."""
    if process.poll() is not None:
        return
    try:
        assert process.stdin is not None
        process.stdin.close()
    except (BrokenPipeError, OSError, ValueError):
        pass
    try:
        process.wait(timeout=0.5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _read_lines(pipe: IO[str], put: Callable[[str | None], None]) -> None:
    """Each line the program writes, then None when it stops (the pipe closed by its reader, whose it is)."""
    with pipe:
        for line in pipe:
            put(line)
    put(None)


def _read_stderr(pipe: IO[str], tail: collections.deque[str]) -> None:
    """Read all along, so that a talkative program never blocks on a full pipe; the tail says why it stopped."""
    with pipe:
        for line in pipe:
            tail.append(line.rstrip("\n"))


class ExternalBot:
    """A bot run as a separate program (``command``), with a time limit per answer and a fallback."""

    def __init__(
        self, command: str, seed: int | None = None, time_limit: float = 2.0, fallback: str = "medium", start_limit: float = 10.0
    ) -> None:
        """``time_limit``: seconds an answer may take; ``start_limit``: the least its first answer (to the hello) may
        take, while the program starts and perhaps loads a model (a play-test's bot that took 2.5 s to start failed
        every seating at the 2 s of an answer)."""
        from blackmaria.bots.base import make_bot

        self.command = command
        self.time_limit = time_limit
        self.start_limit = start_limit
        self.fallback = make_bot(fallback, seed)
        self.name = f"cmd:{command}"
        self.errors: list[str] = []
        self.failed = False
        self.fallback_moves = 0
        """Decisions the fallback made for the program (after a fault): a tournament reports them."""
        self.stopped_at_start = False
        """The program stopped before its first line of answer: none of its seat's decisions were its own."""
        self._heard = False
        self._seat: int | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        problem = program_problem(command)
        if problem is not None:
            raise BotProgramError(f"{command}: {problem}")
        argv = shlex.split(command)
        try:
            self._process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
            )
        except OSError as error:  # (a bare FileNotFoundError named neither the command nor what to do)
            raise BotProgramError(
                f"{command}: cannot start {argv[0]!r}: {error.strerror or error} (give a path to the program, or a command on the PATH)"
            ) from error
        # The readers hold the pipes and where their lines go, not the bot: a thread holding the bot kept it alive, so
        # a bot dropped unclosed never stopped its program (a Gymnasium env left 75 running after 25 episodes).
        assert self._process.stdout is not None and self._process.stderr is not None
        self._stdout_reader = threading.Thread(target=_read_lines, args=(self._process.stdout, self._lines.put), daemon=True)
        self._stdout_reader.start()
        self._stderr_reader = threading.Thread(target=_read_stderr, args=(self._process.stderr, self._stderr), daemon=True)
        self._stderr_reader.start()
        # Stopped when the bot is dropped or at the exit (before the interpreter's end, while the readers still read).
        self._finalizer = weakref.finalize(self, _stop_program, self._process)

    def stderr_tail(self) -> str:
        """The last lines the program wrote on standard error, joined by `` | `` (empty if none)."""
        return " | ".join(line for line in self._stderr if line.strip())

    def _stopped(self) -> str:
        """Why the program's output ended: its exit status and the tail of its standard error."""
        try:
            status = self._process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            status = None
        self._stderr_reader.join(timeout=1.0)
        text = "the program has stopped" if self._heard else "the program stopped before its first answer"
        if status is not None:
            text += f" (exit status {status})"
        tail = self.stderr_tail()
        return text + (f"; its standard error ends: {tail}" if tail else "")

    def _fail(self, why: str) -> None:
        self.errors.append(why)
        self.failed = True
        self.close()

    def _ask(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Send ``message``; the answer, or None after recording why there is none."""
        if self.failed:
            return None
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps(message) + "\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # it has exited: what it printed first (read below) says why, else "stopped"
        limit = self.time_limit if self._heard else max(self.time_limit, self.start_limit)
        try:
            line = self._lines.get(timeout=limit)
        except queue.Empty:
            self._fail(f"{self.command}: no answer to {message['type']} within {limit:g} s")
            return None
        if line is None:
            self.stopped_at_start = not self._heard
            self._fail(f"{self.command}: {self._stopped()}")
            return None
        self._heard = True
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            self._fail(f"{self.command}: answer to {message['type']} is not JSON: {line.strip()[:80]!r}")
            return None
        if not isinstance(answer, dict):
            self._fail(f"{self.command}: answer to {message['type']} is not a JSON object")
            return None
        return answer

    def _hello(self, observation: Observation) -> None:
        if self._seat == observation.seat:
            return
        self._seat = observation.seat
        rules = observation.rules
        # The facts beside the rules: each card's points, the cards in play, the moon's cards (a play-test's bot had
        # to work the scoring out of the options again).
        answer = self._ask(
            {"type": "hello", "protocol": PROTOCOL, "seat": observation.seat, "rules": rules.to_dict(), "facts": rules.facts()}
        )
        if answer is not None and answer.get("type") == "ready":
            if isinstance(answer.get("name"), str):
                self.name = answer["name"][:40]
        elif answer is not None:
            self._fail(f'{self.command}: expected {{"type": "ready"}} after hello, got {json.dumps(answer)[:80]}')

    def choose_pass(self, observation: Observation) -> list[Card]:
        self._hello(observation)
        count = observation.rules.pass_count
        answer = self._ask({"type": "pass", "count": count, "observation": observation.to_dict()})
        if answer is not None:
            try:
                cards = [answer_card(text, "cards") for text in answer_list(answer)]
            except ValueError as error:
                self._fail(f"{self.command}: bad pass: {error}")
            else:
                legal = len(cards) == count == len(set(cards)) and all(
                    c in observation.hand and c not in observation.rules.pass_forbidden for c in cards
                )
                if legal:
                    return cards
                self._fail(
                    f"{self.command}: illegal pass {answer.get('cards')!r}: pass {count} different cards from the hand, none of {' '.join(observation.rules.to_dict()['pass_forbidden']) or 'them'} forbidden"
                )
        self.fallback_moves += 1
        return self.fallback.choose_pass(observation)

    def choose_play(self, observation: Observation) -> Card:
        self._hello(observation)
        answer = self._ask({"type": "play", "observation": observation.to_dict()})
        if answer is not None:
            try:
                if "card" not in answer:
                    raise ValueError(
                        f'the answer to play has no "card" (it has {", ".join(map(repr, answer)) or "nothing"}): {{"card": "QS"}}'
                    )
                card = answer_card(answer["card"], "card")
            except ValueError as error:
                self._fail(f"{self.command}: bad card: {error}")
            else:
                if card in observation.legal:
                    return card
                # The rule it breaks, as the game says it (follow-suit, hearts-not-broken, ...): the observation holds it.
                refusal = observation.refusals.get(card)
                why = f"{refusal.rule}: {refusal.reason()}" if refusal is not None else "it is not in the hand"
                self._fail(f"{self.command}: illegal card {card_name(card)} ({why}); legal were {' '.join(observation.legal.names())}")
        self.fallback_moves += 1
        return self.fallback.choose_play(observation)

    def close(self) -> None:
        if self._process.poll() is None:
            try:
                assert self._process.stdin is not None
                self._process.stdin.write(json.dumps({"type": "bye"}) + "\n")
                self._process.stdin.close()
            except (BrokenPipeError, OSError, ValueError):
                pass
            try:
                self._process.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        # Its pipes, once their readers have read them to the end (left open, each gave a ResourceWarning: a
        # researcher's env run with -X dev printed two a program at every episode); a pipe still read stays open.
        for reader, stream in ((self._stdout_reader, self._process.stdout), (self._stderr_reader, self._process.stderr)):
            reader.join(timeout=1.0)
            if stream is not None and not reader.is_alive() and not stream.closed:
                stream.close()
        self._finalizer.detach()
