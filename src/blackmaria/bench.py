"""``blackmaria bench``: random full deals per second in the compiled kernel (and, optionally, the checked Game)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from blackmaria.rules import Rules


def bench_kernel(rules: Rules, deals: int, seed: int = 0, repeats: int = 3) -> dict[str, Any]:
    """Time ``deals`` random deals in the compiled kernel, ``repeats`` times; report the median rate."""
    from blackmaria.core import compiled

    compile_seconds = compiled.warm_up()
    p = compiled.params_array(rules)
    offsets = compiled.pass_offsets(rules)
    compiled.random_deals(p, offsets, 10, seed)  # this rule set's first call
    rates = []
    checksum = 0
    for r in range(repeats):
        start = time.perf_counter()
        totals = compiled.random_deals(p, offsets, deals, seed + r)
        rates.append(deals / (time.perf_counter() - start))
        checksum = int(totals.sum())
    return {
        "engine": "compiled kernel (numba)",
        "deals": deals,
        "repeats": repeats,
        "deals_per_second": statistics.median(rates),
        "rates": rates,
        "compile_or_cache_load_seconds": compile_seconds,
        "mean_points_per_deal": checksum / deals,
    }


def bench_game(rules: Rules, deals: int, seed: int = 0) -> dict[str, Any]:
    """Random deals through the checked ``Game`` (plain Python over the same rule functions)."""
    from blackmaria.game import Game

    rng = random.Random(seed)
    game = Game(rules.replace(target_score=None, deal_count=deals), seed=seed)
    start = time.perf_counter()
    for _ in range(deals):
        game.deal()
        if game.phase == "passing":
            for seat in range(game.players):
                game.pass_cards(seat, rng.sample(sorted(game.passable_cards(seat)), rules.pass_count))
        while game.phase == "playing":
            game.play(rng.choice(list(game.legal_cards())))
    elapsed = time.perf_counter() - start
    return {"engine": "checked Game (Python)", "deals": deals, "deals_per_second": deals / elapsed}


def bench_bot_moves(level: str, rules: Rules, deals: int, seed: int = 0, budget: int | None = None) -> dict[str, Any]:
    """Seconds per move of a bot playing ``deals`` deals at every seat (passes excluded)."""
    from blackmaria.bots import make_bot
    from blackmaria.game import Game

    one = rules.replace(deal_count=1, target_score=None)
    times: list[float] = []
    for deal in range(deals):
        game = Game(one, seed=seed + deal)
        game.deal()
        bots = [make_bot(level, seed + deal * 10 + seat, budget=budget) for seat in range(rules.players)]
        if game.phase == "passing":
            for seat in range(rules.players):
                game.pass_cards(seat, bots[seat].choose_pass(game.observation(seat)))
        while game.phase == "playing":
            turn = game.turn
            assert turn is not None
            obs = game.observation(turn)
            start = time.perf_counter()
            card = bots[turn].choose_play(obs)
            times.append(time.perf_counter() - start)
            game.play(card)
    times.sort()
    return {
        "level": level,
        "rules": rules.preset or "custom",
        "moves": len(times),
        "mean_seconds": statistics.mean(times),
        "p95_seconds": times[int(0.95 * (len(times) - 1))],
        "max_seconds": times[-1],
    }
