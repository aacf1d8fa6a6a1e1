"""Issue 26 item 3: a time-out plays safe for the absent player. The bot keeps their round
score and their row whole (no bust, no lost card, nothing of theirs given away) whenever some
choice does, and otherwise takes the least costly; it may still hurt the others. Stacked
decks for each kind of choice, then random games checked against the engine itself."""

from __future__ import annotations

import random

from flip7_support import ANN, BOB, CAT, play, rows, stacked, status

from engines.base import Event
from engines.flip7 import HIT, STAY, ChooseCard, ChoosePlayer, Flip7Game, new_game
from engines.flip7.ai import choose, timeout_move
from engines.flip7.effects import NOT_CHOSEN, DiscardPick, StealPick, SwapPick


def time_out(game: Flip7Game, seat: int) -> list[Event]:
    """Every step of `seat`'s turn that ran out, as the bot makes them (bot.play.auto_moves)."""
    turn = game.turn_id()
    events = game.apply(seat, timeout_move(game, seat))
    while seat in game.to_act() and game.turn_id() == turn:
        events += game.apply(seat, timeout_move(game, seat))
    return events


def with_totals(game: Flip7Game, totals: list[int]) -> Flip7Game:
    raw = game.to_dict()
    raw["totals"] = totals
    return Flip7Game.from_dict(raw)


# ---------------------------------------------------------------- Swap


def swap_for_ann_on_22() -> Flip7Game:
    """Ann holds 10 and 12 (22), Bob 4 and 12, Cat 3 and 5; Ann has just flipped a Swap.
    Ann's 12 for Bob's 4 would bust Bob, the leader, and cost Ann 8 points."""
    game = stacked(["10", "4", "3", "12", "12", "5", "Swap"], players=3)
    play(game, (ANN, HIT), (BOB, HIT), (CAT, HIT), (ANN, HIT))
    assert game.decision(ANN).kind == "swap_player"  # type: ignore[union-attr]
    return game


def test_i26_timed_out_swap_keeps_the_absent_row_and_may_hurt_others() -> None:
    game = swap_for_ann_on_22()
    strong = Flip7Game.from_dict(game.to_dict())
    while strong.decider() == ANN and strong.stack:
        strong.apply(ANN, choose(strong, ANN))
    assert strong.round_score(ANN) == 14  # the strong AI, playing for itself, pays for it
    time_out(game, ANN)
    assert rows(game)[ANN] == ["10", "12"] and game.round_score(ANN) == 22
    assert status(game, ANN) == "active"
    assert game.round_score(BOB) < 16  # the leader still pays: a Swap between the others


def test_i26_timed_out_swap_with_one_other_row_gives_away_the_least() -> None:
    # Only Ann and Bob hold cards: every Swap takes one of Ann's. Bob's 12 for Ann's 12
    # leaves her 22; her 12 for his 2 would bust him but cost her 10.
    game = stacked(["10", "12", "12", "2", "Swap"])
    play(game, (ANN, HIT), (BOB, HIT), (ANN, HIT))
    time_out(game, ANN)
    assert sorted(rows(game)[ANN]) == ["10", "12"] and game.round_score(ANN) == 22
    assert status(game, BOB) == "active"


def test_i26_timed_out_swap_that_must_cost_takes_the_least_costly() -> None:
    game = stacked(["10", "2", "12", "3", "Swap"])  # Ann 10 12 (22), Bob 2 3
    play(game, (ANN, HIT), (BOB, HIT), (ANN, HIT))
    time_out(game, ANN)
    assert sorted(rows(game)[ANN], key=int) == ["3", "12"] and game.round_score(ANN) == 15


def test_i26_timed_out_second_half_of_a_swap_takes_back_what_was_given() -> None:
    # Ann chose herself and her 12, then her time ran out: the 12 Bob or Cat holds comes back.
    game = stacked(["10", "4", "3", "12", "12", "12", "Swap"], players=3)
    play(game, (ANN, HIT), (BOB, HIT), (CAT, HIT), (ANN, HIT))
    play(game, (ANN, ChoosePlayer(ANN)), (ANN, ChooseCard(ANN, 1)))
    time_out(game, ANN)
    assert rows(game)[ANN] == ["10", "12"] and game.round_score(ANN) == 22
    assert "busted" not in (status(game, BOB), status(game, CAT))


# ---------------------------------------------------------------- Steal


def test_i26_timed_out_steal_never_busts_the_thief_when_a_card_fits() -> None:
    # Every card of Bob's (the leader) would bust Ann; Cat's 3 fits.
    game = stacked(["12", "12", "3", "5", "5", "Steal"], players=3)
    play(game, (ANN, HIT), (BOB, HIT), (CAT, STAY), (ANN, HIT))
    time_out(game, ANN)
    assert status(game, ANN) == "active" and game.round_score(ANN) == 20
    assert rows(game)[CAT] == []


def test_i26_timed_out_steal_that_must_cost_takes_the_least_costly() -> None:
    # Bob's row is 5 and −4: his 5 busts Ann (5 and 9), his −4 costs her 4.
    game = stacked(["5", "5", "9", "−4", "Steal"])
    play(game, (ANN, HIT), (BOB, HIT), (BOB, ChoosePlayer(BOB)), (ANN, HIT))
    time_out(game, ANN)
    assert status(game, ANN) == "active" and game.round_score(ANN) == 10


# ---------------------------------------------------------------- Discard


def test_i26_timed_out_discard_takes_from_another_row() -> None:
    game = stacked(["10", "4", "3", "12", "9", "5", "Discard"], players=3)
    play(game, (ANN, HIT), (BOB, HIT), (CAT, HIT), (ANN, HIT))
    time_out(game, ANN)
    assert rows(game)[ANN] == ["10", "12"] and game.round_score(ANN) == 22
    assert len(rows(game)[BOB]) + len(rows(game)[CAT]) == 3


def test_i26_timed_out_discard_on_the_only_row_drops_the_lowest_card() -> None:
    # Bob holds nothing (his Flip Four! went on Ann), so Ann's set-aside Discard must take
    # one of her own cards: the 3 costs her least.
    game = stacked(["3", "Flip Four!", "10", "4", "Discard", "6"])
    play(game, (BOB, ChoosePlayer(ANN)))
    assert game.decision(ANN).kind == "discard_card"  # type: ignore[union-attr]
    time_out(game, ANN)
    assert rows(game)[ANN] == ["10", "4", "6"] and game.round_score(ANN) == 20


# ---------------------------------------------------------------- aimed cards, the bonus


def test_i26_timed_out_flip_four_and_just_one_more_go_to_someone_else() -> None:
    # Ann's first card, on an empty row: the strong AI would take the four cards itself.
    game = stacked(["Flip Four!", "5", "6", "7", "8", "9", "10"], players=3)
    assert choose(game, ANN) == ChoosePlayer(ANN)
    assert timeout_move(game, ANN) in (ChoosePlayer(BOB), ChoosePlayer(CAT))
    game = stacked(["Just One More!", "5", "6", "7"], players=3)
    assert timeout_move(game, ANN) in (ChoosePlayer(BOB), ChoosePlayer(CAT))


def test_i26_timed_out_modifier_goes_to_someone_else() -> None:
    for card in ("−10", "÷2"):
        game = stacked(["9", "8", "12", card], players=3)
        play(game, (ANN, HIT))
        assert game.decision(ANN).kind == "give_modifier"  # type: ignore[union-attr]
        time_out(game, ANN)
        assert rows(game)[ANN] == ["9"] and game.round_score(ANN) == 9


def test_i26_timed_out_brutal_flip7_takes_the_15_for_the_absent_player() -> None:
    game = stacked(["1", "12", "2", "3", "4", "5", "6", "8"], brutal=True)
    play(game, (ANN, HIT), (BOB, STAY), *[(ANN, HIT)] * 5)
    game = with_totals(game, [100, 180])
    assert game.decision(ANN).kind == "flip7_bonus"  # type: ignore[union-attr]
    assert choose(game, ANN) == ChoosePlayer(BOB)  # the strong AI would take 15 from Bob
    events = time_out(game, ANN)
    (scored,) = [e for e in events if e.kind == "round_score" and e.data["seat"] == ANN]
    assert scored.data["score"] == 1 + 2 + 3 + 4 + 5 + 6 + 8 + 15


# ---------------------------------------------------------------- against the engine


Picked = SwapPick | StealPick | DiscardPick


def _chosen(top: Picked) -> int:
    if isinstance(top, SwapPick):
        return sum(step != NOT_CHOSEN for step in (top.first, top.first_index, top.second))
    return int(top.victim != NOT_CHOSEN)


def _still_picking(game: Flip7Game, depth: int, chosen: int) -> bool:
    """Whether the pick that was `depth` entries deep with `chosen` steps taken waits for
    another step (a step with one option is taken by the engine itself)."""
    top = game.stack[-1] if len(game.stack) == depth else None
    return isinstance(top, (SwapPick, StealPick, DiscardPick)) and _chosen(top) > chosen


def _outcome(game: Flip7Game, seat: int, events: list[Event]) -> tuple[bool, int]:
    """How `seat` came out of `events`: busted, and their round score (from the round's end
    if it ended)."""
    if any(e.kind == "bust" and e.data["seat"] == seat for e in events):
        return True, 0
    scored = [e for e in events if e.kind == "round_score" and e.data["seat"] == seat]
    return False, scored[0].data["score"] if scored else game.round_score(seat)


def _every_outcome(game: Flip7Game, seat: int, events: list[Event]) -> set[tuple[bool, int]]:
    """How `seat` comes out of each way the engine allows to finish the pick on top."""
    top = game.stack[-1]
    assert isinstance(top, (SwapPick, StealPick, DiscardPick))
    depth, chosen = len(game.stack), _chosen(top)
    outcomes: set[tuple[bool, int]] = set()
    for option in game.stack_options():
        copy = Flip7Game.from_dict(game.to_dict())
        after = events + copy.apply(seat, option)
        if _still_picking(copy, depth, chosen):
            outcomes |= _every_outcome(copy, seat, after)
        else:
            outcomes.add(_outcome(copy, seat, after))
    return outcomes


def _timed_out(game: Flip7Game, seat: int) -> tuple[bool, int]:
    copy = Flip7Game.from_dict(game.to_dict())
    events: list[Event] = []
    while True:
        top = copy.stack[-1]
        assert isinstance(top, (SwapPick, StealPick, DiscardPick))
        depth, chosen = len(copy.stack), _chosen(top)
        events += copy.apply(seat, timeout_move(copy, seat))
        if not _still_picking(copy, depth, chosen):
            return _outcome(copy, seat, events)


def test_i26_timed_out_picks_match_the_safest_the_engine_allows() -> None:
    """In random games, each Swap/Steal/Discard a time-out finishes leaves the absent seat
    as well off as the best complete pick the engine offers: no bust when one can be
    avoided, and no more points lost than the least."""
    checked = 0
    rng = random.Random(26)
    for seed in range(40):
        game = new_game(["A", "B", "C", "D"][: 2 + seed % 3], seed, brutal=seed % 2 == 1)
        while not game.is_over:
            (seat,) = game.to_act()
            top = game.stack[-1] if game.stack else None
            if isinstance(top, (SwapPick, StealPick, DiscardPick)):
                before = game.round_score(seat)
                safest = min(
                    (busted, max(0, before - score))
                    for busted, score in _every_outcome(game, seat, [])
                )
                busted, score = _timed_out(game, seat)
                assert (busted, max(0, before - score)) <= safest, (seed, game.to_dict())
                checked += 1
            options = game.legal_actions(seat)
            game.apply(seat, choose(game, seat) if rng.random() < 0.7 else rng.choice(options))
    assert checked > 60
