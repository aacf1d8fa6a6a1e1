"""A game's random generator is saved with every move and must restore to the same future
cards, from the compact form written now and from the list of ints saved before."""

from __future__ import annotations

import json
import random

import pytest

from engines.base import rng_from_saved, saved_rng
from engines.flip7.game import Flip7Game, new_game


def test_a_saved_generator_continues_where_it_stopped():
    rng = random.Random(7)
    rng.random()
    restored = rng_from_saved(json.loads(json.dumps(saved_rng(rng))))
    assert [restored.random() for _ in range(50)] == [rng.random() for _ in range(50)]


def test_the_list_of_ints_saved_before_still_loads():
    rng = random.Random(11)
    rng.shuffle(list(range(100)))
    version, internal, gauss = rng.getstate()
    restored = rng_from_saved([version, list(internal), gauss])
    assert restored.getstate() == rng.getstate()
    assert len(json.dumps(saved_rng(rng))) < len(json.dumps([version, list(internal), gauss])) / 2


def test_damaged_words_are_refused():
    version, _words, gauss = saved_rng(random.Random(3))
    with pytest.raises(ValueError):
        rng_from_saved([version, "not base64!", gauss])


def test_a_restored_game_deals_the_same_cards():
    game = new_game(["a", "b", "c"], 5)
    again = Flip7Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.to_dict() == game.to_dict()
    assert again.rng.random() == game.rng.random()
