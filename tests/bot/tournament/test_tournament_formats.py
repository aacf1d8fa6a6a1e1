"""The tournament formats (issue 29, item 2): points by place, table sizes, Swiss, knockout
and round robin pairings, standings and their tie-breaks, all as pure functions of what
has been played."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

import pytest

from bot.tournament import knockout
from bot.tournament.formats import (
    Played,
    Progress,
    RoundPlan,
    TableSpec,
    check_setup,
    next_round,
    place_points,
    standings,
    total_rounds,
)
from bot.tournament.history import met
from bot.tournament.tables import table_sizes

Places = Callable[[tuple[int | None, ...]], tuple[int, ...]]


def progress(
    format: str,
    entrants: int,
    size: int,
    least: int | None = None,
    rounds: int = 3,
    ratings: dict[int, float] | None = None,
) -> Progress:
    users = tuple(range(1, entrants + 1))
    spec = TableSpec(size, size if least is None else least)
    return Progress(format, spec, rounds, users, frozenset(), ratings or {}, ())


def by_seat(seats: tuple[int | None, ...]) -> tuple[int, ...]:
    """The first seat wins, the second is second, and so on."""
    return tuple(range(1, len(seats) + 1))


def by_id(seats: tuple[int | None, ...]) -> tuple[int, ...]:
    """The lowest user id wins; AI seats come last."""
    order = sorted(range(len(seats)), key=lambda seat: seats[seat] or 10**9)
    return tuple(1 + order.index(seat) for seat in range(len(seats)))


def at_random(rng: random.Random) -> Places:
    def places(seats: tuple[int | None, ...]) -> tuple[int, ...]:
        shuffled = list(range(1, len(seats) + 1))
        rng.shuffle(shuffled)
        return tuple(shuffled)

    return places


def play(state: Progress, plan: RoundPlan, places: Places) -> Progress:
    """The state after every table of the plan finished with the given places."""
    round_ = len({table.round for table in state.played}) + 1
    tables = tuple(Played(round_, seats, places(seats)) for seats in plan.tables)
    return replace(state, played=state.played + tables)


def rounds_of(state: Progress, places: Places) -> Iterator[tuple[Progress, RoundPlan]]:
    """Each round's state before it and its plan, played to the end."""
    for _ in range(100):
        plan = next_round(state)
        if plan is None:
            return
        yield state, plan
        state = play(state, plan, places)
    raise AssertionError("the tournament never ended")


def finish(state: Progress, places: Places) -> Progress:
    for before, plan in rounds_of(state, places):
        state = play(before, plan, places)
    return state


def humans(plan: RoundPlan) -> list[list[int]]:
    return [[user for user in table if user is not None] for table in plan.tables]


def seated_once(state: Progress, plan: RoundPlan) -> bool:
    """Every entrant still in (in a knockout: who went on) sits exactly once, nobody else."""
    seated = [user for table in humans(plan) for user in table]
    if state.format == "knockout":
        return sorted(seated) == sorted(knockout.still_in(state))
    still_in = [user for user in state.entrants if user not in state.dropped]
    return sorted(seated) == sorted(still_in)


def repeats(tables: Sequence[Sequence[int]], seen: dict[int, set[int]]) -> int:
    return sum(1 for t in tables for a, b in itertools.combinations(t, 2) if b in seen.get(a, ()))


def partitions(users: list[int], size: int) -> Iterator[list[list[int]]]:
    if not users:
        yield []
        return
    first, rest = users[0], users[1:]
    for others in itertools.combinations(rest, size - 1):
        left = [user for user in rest if user not in others]
        for more in partitions(left, size):
            yield [[first, *others], *more]


def test_i29_points_by_place_at_every_table_size():
    assert place_points([1, 2]) == [60, 0]
    assert place_points([1, 2, 3]) == [60, 30, 0]
    assert place_points([2, 1, 4, 3]) == [40, 60, 0, 20]
    assert place_points([1, 2, 3, 4, 5]) == [60, 45, 30, 15, 0]
    assert place_points([1, 2, 3, 4, 5, 6]) == [60, 48, 36, 24, 12, 0]


def test_i29_a_shared_place_shares_the_points_of_the_places_it_covers():
    assert place_points([1, 2, 2, 4]) == [60, 30, 30, 0]
    assert place_points([1, 2, 2, 3]) == [60, 30, 30, 0]  # dense places read the same
    assert place_points([1, 1, 3]) == [45, 45, 0]
    assert place_points([1, 1]) == [30, 30]
    assert place_points([2, 2, 2, 1]) == [20, 20, 20, 60]


@pytest.mark.parametrize(
    ("count", "size", "least", "tables"),
    [
        (10, 4, 3, [(4, 0), (3, 0), (3, 0)]),
        (12, 4, 3, [(4, 0), (4, 0), (4, 0)]),
        (7, 2, 2, [(2, 0), (2, 0), (2, 0), (1, 1)]),
        (6, 4, 4, [(3, 1), (3, 1)]),  # exact tables (teams of two): AI seats fill them
        (5, 4, 4, [(3, 1), (2, 2)]),
        (2, 3, 3, [(2, 1)]),
        (13, 6, 3, [(5, 0), (4, 0), (4, 0)]),
    ],
)
def test_i29_tables_are_as_even_as_possible_and_ai_seats_fill_what_cannot_divide(
    count, size, least, tables
):
    assert table_sizes(count, TableSpec(size, least)) == tables


def test_i29_an_ai_seat_fills_the_odd_table_instead_of_a_bye():
    plan = next_round(progress("swiss", 7, 2))
    assert plan is not None
    assert [len(table) for table in plan.tables] == [2, 2, 2, 2]
    assert sum(table.count(None) for table in plan.tables) == 1
    exact = next_round(progress("swiss", 6, 4))
    assert exact is not None
    assert [table.count(None) for table in exact.tables] == [1, 1]
    assert all(len(table) == 4 for table in exact.tables)


def test_i29_swiss_round_one_seats_the_highest_rated_together():
    ratings = {user: float(user) for user in range(1, 13)}  # 12 is the highest
    plan = next_round(progress("swiss", 12, 4, ratings=ratings))
    assert plan is not None
    assert [sorted(table) for table in humans(plan)] == [
        [9, 10, 11, 12],
        [5, 6, 7, 8],
        [1, 2, 3, 4],
    ]


def test_i29_swiss_later_rounds_seat_by_the_standings():
    state = progress("swiss", 16, 4, rounds=2)
    state = play(state, next_round(state), by_id)  # type: ignore[arg-type]
    plan = next_round(state)
    assert plan is not None
    winners = {line.user_id for line in standings(state) if line.wins}
    assert len(winners) == 4
    assert sorted(humans(plan)[0]) == sorted(winners)  # the four table winners meet
    assert repeats(humans(plan), met(state.played)) == 0


def test_i29_swiss_of_12_at_tables_of_4_keeps_repeat_meetings_to_the_fewest_possible():
    """Round 2 must seat some pair again (three tables of 4 drawn from round 1's three), so the test
    finds the fewest repeats each round can have, by trying every seating."""
    for seed in range(12):
        rng = random.Random(seed)
        ratings = {user: rng.random() for user in range(1, 13)}
        state = progress("swiss", 12, 4, least=3, rounds=3, ratings=ratings)
        for before, plan in rounds_of(state, at_random(rng)):
            seen = met(before.played)
            fewest = min(repeats(p, seen) for p in partitions(list(range(1, 13)), 4))
            assert repeats(humans(plan), seen) == fewest, (seed, len(before.played))
            state = play(before, plan, at_random(rng))
        assert total_rounds(state) == 3


def test_i29_swiss_avoids_every_repeat_when_the_field_allows():
    rng = random.Random(5)
    state = progress("swiss", 40, 4, rounds=4)
    for before, plan in rounds_of(state, at_random(rng)):
        assert repeats(humans(plan), met(before.played)) == 0


def test_i29_knockout_of_9_at_tables_of_3_sends_each_winner_to_a_final_of_3():
    state = progress("knockout", 9, 3, ratings={user: float(-user) for user in range(1, 10)})
    assert total_rounds(state) == 2
    first = next_round(state)
    assert first is not None
    # Snake seeding: the three best seeds (1, 2, 3) sit at different tables.
    assert humans(first) == [[1, 6, 7], [2, 5, 8], [3, 4, 9]]
    state = play(state, first, by_seat)
    final = next_round(state)
    assert final is not None and humans(final) == [[1, 2, 3]]
    state = play(state, final, lambda seats: (3, 1, 2))  # 2 wins the final
    assert next_round(state) is None
    order = [line.user_id for line in standings(state)]
    assert order[:3] == [2, 3, 1]  # the final by place
    # Then round 1's seconds, 30 points each, by opponents' points: 5 met the champion
    # (120), 4 met 3 (90), 6 met 1 (60).
    assert order[3:6] == [5, 4, 6]
    assert order[6:] == [8, 9, 7]  # and its thirds
    assert [line.reached for line in standings(state)][:4] == [2, 2, 2, 1]


def test_i29_knockout_of_16_at_tables_of_4_halves_each_table_to_a_final_of_4():
    state = progress("knockout", 16, 4)
    assert total_rounds(state) == 3
    sizes = []
    for before, plan in rounds_of(state, by_id):
        assert seated_once(before, plan)
        sizes.append([len(table) for table in humans(plan)])
        state = play(before, plan, by_id)
    assert sizes == [[4, 4, 4, 4], [4, 4], [4]]
    assert standings(state)[0].user_id == 1
    assert total_rounds(state) == 3


def test_i29_knockout_sends_on_both_seats_sharing_the_place_at_the_cut():
    state = progress("knockout", 8, 4)
    first = next_round(state)
    assert first is not None
    state = play(state, first, lambda seats: (1, 2, 2, 4))
    second = next_round(state)
    assert second is not None
    assert [len(table) for table in humans(second)] == [3, 3]  # six went on, not four
    assert sorted(user for table in humans(second) for user in table) == sorted(
        user for table in humans(first) for user in table[:3]
    )


def test_i29_knockout_cuts_a_table_whose_seats_all_share_first_by_rating():
    state = progress("knockout", 4, 2, ratings={1: 1.0, 2: 2.0, 3: 3.0, 4: 4.0})
    first = next_round(state)
    assert first is not None
    state = play(state, first, lambda seats: (1, 1))
    final = next_round(state)
    assert final is not None and sorted(humans(final)[0]) == [3, 4]


def test_i29_round_robin_of_4_at_two_seats_meets_every_pair_once_in_3_rounds():
    state = progress("round_robin", 4, 2)
    assert total_rounds(state) == 3
    pairs = []
    for before, plan in rounds_of(state, by_seat):
        assert seated_once(before, plan)
        pairs += [frozenset(table) for table in humans(plan)]
        state = play(before, plan, by_seat)
    assert sorted(map(sorted, pairs)) == sorted(map(list, itertools.combinations(range(1, 5), 2)))


def test_i29_round_robin_of_5_at_two_seats_gives_each_one_ai_seat_in_5_rounds():
    state = progress("round_robin", 5, 2)
    assert total_rounds(state) == 5
    against_ai: list[int] = []
    pairs = set()
    rounds = 0
    for before, plan in rounds_of(state, by_seat):
        rounds += 1
        against_ai += [user for table in plan.tables if None in table for user in table if user]
        pairs |= {frozenset(table) for table in humans(plan) if len(table) == 2}
        state = play(before, plan, by_seat)
    assert rounds == 5
    assert sorted(against_ai) == [1, 2, 3, 4, 5]
    assert len(pairs) == 10


@pytest.mark.parametrize(
    ("entrants", "size", "least"), [(6, 3, 3), (8, 4, 4), (7, 4, 3), (5, 4, 3)]
)
def test_i29_round_robin_at_bigger_tables_seats_every_pair_together_at_least_once(
    entrants, size, least
):
    state = progress("round_robin", entrants, size, least)
    expected = total_rounds(state)
    state = finish(state, by_seat)
    seen = met(state.played)
    assert all(len(seen[user]) == entrants - 1 for user in state.entrants)
    assert len({table.round for table in state.played}) == expected


def test_i29_points_decide_first():
    state = progress("swiss", 4, 2, rounds=1)
    state = play(state, RoundPlan(((1, 2), (3, 4))), by_seat)
    assert [line.user_id for line in standings(state)] == [1, 3, 2, 4]
    assert [line.points for line in standings(state)] == [60, 60, 0, 0]


def test_i29_opponents_points_break_a_tie_in_points():
    # 1 and 3 both beat one opponent; 1's opponent then wins against an AI seat, 3's loses.
    state = replace(progress("swiss", 4, 2), ratings={3: 10.0})
    state = play(state, RoundPlan(((1, 2), (3, 4))), by_seat)
    state = play(state, RoundPlan(((2, None), (None, 4))), by_seat)
    lines = {line.user_id: line for line in standings(state)}
    assert lines[1].points == lines[3].points == 60
    assert (lines[1].tiebreak, lines[3].tiebreak) == (60, 0)
    assert lines[1].rank < lines[3].rank  # despite 3's higher rating


def test_i29_tables_won_break_a_tie_in_points_and_opponents_points():
    # 1 wins a table against AI seats and loses another; 2 comes second twice at 3 seats.
    state = replace(progress("swiss", 2, 3), ratings={2: 10.0})
    state = play(
        state,
        RoundPlan(((1, None, None), (2, None, None))),
        lambda s: (1, 2, 3) if s[0] == 1 else (2, 1, 3),
    )
    state = play(
        state,
        RoundPlan(((1, None, None), (2, None, None))),
        lambda s: (3, 1, 2) if s[0] == 1 else (2, 1, 3),
    )
    lines = standings(state)
    assert [(line.points, line.tiebreak) for line in lines] == [(60, 0), (60, 0)]
    assert [(line.user_id, line.wins) for line in lines] == [(1, 1), (2, 0)]


def test_i29_rating_breaks_a_tie_in_everything_played():
    state = replace(progress("swiss", 4, 2), ratings={4: 5.0, 2: 1.0})
    state = play(state, RoundPlan(((1, 2), (3, 4))), lambda seats: (1, 1))
    assert [line.user_id for line in standings(state)] == [4, 2, 1, 3]


def test_i29_sign_up_order_breaks_a_tie_left_by_everything_else():
    state = progress("swiss", 3, 2)
    assert [line.user_id for line in standings(state)] == [1, 2, 3]
    assert [line.rank for line in standings(state)] == [1, 2, 3]


def test_i29_dropped_entrants_are_never_seated_again_but_still_ranked():
    for format, size in (("swiss", 4), ("knockout", 3), ("round_robin", 2), ("round_robin", 3)):
        state = progress(format, 8, size, rounds=3)
        first = next_round(state)
        assert first is not None
        state = replace(play(state, first, by_id), dropped=frozenset({1, 5}))
        for before, plan in rounds_of(state, by_id):
            assert {1, 5}.isdisjoint(user for table in plan.tables for user in table), format
            assert seated_once(before, plan), format
            state = play(before, plan, by_id)
        lines = standings(state)
        assert sorted(line.user_id for line in lines) == list(range(1, 9))
        assert {line.user_id for line in lines if line.dropped} == {1, 5}


def test_i29_an_entrant_dropped_in_a_knockout_goes_no_further():
    state = progress("knockout", 9, 3)
    first = next_round(state)
    assert first is not None
    state = replace(play(state, first, by_id), dropped=frozenset({1}))
    final = next_round(state)
    assert final is not None and 1 not in final.tables[0]
    assert len(humans(final)[0]) == 2


@pytest.mark.parametrize("format", ["swiss", "knockout", "round_robin"])
@pytest.mark.parametrize("seed", range(6))
def test_i29_every_plan_seats_each_entrant_still_in_exactly_once(format, seed):
    rng = random.Random(seed)
    size = rng.randint(2, 6)
    least = rng.randint(2, size)
    entrants = rng.randint(2, 8 if format == "round_robin" else 40)
    state = progress(format, entrants, size, least, rounds=rng.randint(1, 5))
    count = 0
    for before, plan in rounds_of(state, at_random(rng)):
        count += 1
        assert seated_once(before, plan)
        assert all(least <= len(table) <= size for table in plan.tables)
        state = play(before, plan, at_random(rng))
        if rng.random() < 0.2:
            state = replace(state, dropped=state.dropped | {rng.choice(state.entrants)})
    lines = standings(state)
    assert sorted(line.user_id for line in lines) == sorted(state.entrants)
    assert [line.rank for line in lines] == list(range(1, entrants + 1))
    assert next_round(state) is None
    assert count == len({table.round for table in state.played})


def test_i29_next_round_is_none_after_the_last_round():
    state = finish(progress("swiss", 8, 4, rounds=2), by_id)
    assert len({table.round for table in state.played}) == 2
    assert next_round(state) is None
    assert total_rounds(state) == 2


@pytest.mark.parametrize(
    ("format", "size", "least", "rounds", "entrants", "refusal"),
    [
        ("swiss", 4, 3, 3, 12, None),
        ("ladder", 4, 3, 3, 12, "unknown_format"),
        ("swiss", 7, 3, 3, 12, "bad_table_size"),
        ("swiss", 4, 5, 3, 12, "bad_table_size"),
        ("swiss", 1, 1, 3, 12, "bad_table_size"),
        ("swiss", 4, 3, 0, 12, "bad_rounds"),
        ("knockout", 4, 3, 0, 12, None),  # rounds are computed
        ("knockout", 4, 3, 0, 1, "too_few_entrants"),
        ("round_robin", 2, 2, 0, 8, None),
        ("round_robin", 2, 2, 0, 9, "round_robin_too_big"),
    ],
)
def test_i29_check_setup_names_what_cannot_run(format, size, least, rounds, entrants, refusal):
    assert check_setup(format, TableSpec(size, least), rounds, entrants) == refusal


def test_an_unplayed_table_shares_its_points_and_wins_nobody_a_table():
    # Issue 36, item 1: a table counted as unplayed gives every seat the same points; a
    # shared first place at a played table still counts as won.
    state = progress("swiss", 6, 3, rounds=2)
    unplayed = Played(1, (1, 2, 3), (1, 1, 1), unplayed=True)
    shared = Played(1, (4, 5, 6), (1, 1, 3))
    state = replace(state, played=(unplayed, shared))
    lines = {line.user_id: line for line in standings(state)}
    assert [lines[user].points for user in (1, 2, 3)] == [30, 30, 30]
    assert [lines[user].wins for user in (1, 2, 3)] == [0, 0, 0]
    assert [lines[user].wins for user in (4, 5, 6)] == [1, 1, 0]
    assert all(lines[user].tables == 1 for user in lines)
    assert next_round(state) is not None, "the round counts as played for the next"


def test_a_knockout_table_counted_unplayed_sends_on_its_top_half_by_rating():
    state = replace(progress("knockout", 4, 2), ratings={2: 9.0, 3: 5.0})
    unplayed = (Played(1, (1, 2), (1, 1), unplayed=True), Played(1, (3, 4), (1, 1), unplayed=True))
    plan = next_round(replace(state, played=unplayed))
    assert plan is not None and {user for table in plan.tables for user in table} == {2, 3}
