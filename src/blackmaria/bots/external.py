"""Bring your own bot: a program that talks a line-based JSON protocol on standard input and output.

Like a UCI chess engine, the program reads one JSON object per line and
answers requests with one JSON object per line (protocol ``blackmaria-bot/1``,
documented in ``docs/bot-protocol.md``)::

    -> {"type": "hello", "protocol": "blackmaria-bot/1", "seat": 2, "rules": {...}}
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
import queue
import shlex
import subprocess
import threading
from typing import Any, Final

from blackmaria.cards import Card, parse_card
from blackmaria.observation import Observation

PROTOCOL: Final = "blackmaria-bot/1"
STDERR_LINES: Final = 12
"""The last lines of a program's standard error kept to say why it stopped."""


class BotProgramError(RuntimeError):
    """A bot program that cannot be started at all; the message names the command."""


class ExternalBot:
    """A bot run as a separate program (``command``), with a time limit per answer and a fallback."""

    def __init__(self, command: str, seed: int | None = None, time_limit: float = 2.0, fallback: str = "medium") -> None:
        from blackmaria.bots.base import make_bot

        self.command = command
        self.time_limit = time_limit
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
        argv = shlex.split(command)
        if not argv:
            raise BotProgramError("cmd:: give the command of the bot program")
        try:
            self._process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
            )
        except OSError as error:  # (a bare FileNotFoundError named neither the command nor what to do)
            raise BotProgramError(
                f"cmd:{command}: cannot start {argv[0]!r}: {error.strerror or error} (give a path to the program, or a command on the PATH)"
            ) from error
        threading.Thread(target=self._read, daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_reader.start()

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _read_stderr(self) -> None:
        # Read all along, so that a talkative program never blocks on a full pipe; the tail says why it stopped.
        assert self._process.stderr is not None
        for line in self._process.stderr:
            self._stderr.append(line.rstrip("\n"))

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
        try:
            line = self._lines.get(timeout=self.time_limit)
        except queue.Empty:
            self._fail(f"{self.command}: no answer to {message['type']} within {self.time_limit} s")
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
        answer = self._ask({"type": "hello", "protocol": PROTOCOL, "seat": observation.seat, "rules": observation.rules.to_dict()})
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
                cards = [parse_card(str(text)) for text in answer.get("cards", [])]
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
                card = parse_card(str(answer.get("card", "")))
            except ValueError as error:
                self._fail(f"{self.command}: bad card: {error}")
            else:
                if card in observation.legal:
                    return card
                self._fail(f"{self.command}: illegal card {answer.get('card')!r}; legal were {' '.join(observation.legal.names())}")
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

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001  (interpreter shutdown)
            pass
