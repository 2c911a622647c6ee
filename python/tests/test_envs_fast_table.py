"""The environments' native bookkeeping (FastTable, python/src/aec.rs) against the Python
Table it stands in for: two paths through the same games, bidding and both rules included,
that must agree at every position; and the PettingZoo env's mask, kept in place, against the
legal actions after a caller changed it."""

import random

import numpy as np
import pytest

import ddz
from ddz.envs.actions import action_space
from ddz.envs.observation import FastTable, Table


@pytest.mark.parametrize("bidding,rules", [(False, "platform"), (True, "platform"), (True, "botzone")])
def test_fast_table_agrees_with_table_at_every_position(bidding, rules):
    space = action_space(bidding)
    rng = random.Random(7)
    for _ in range(30):
        seed = rng.getrandbits(63)
        kwargs = dict(bidding=True) if bidding else dict(landlord=rng.randrange(3))
        fast = FastTable(ddz.Game(seed=seed, rules=rules, **kwargs), space)
        slow = Table(ddz.Game(seed=seed, rules=rules, **kwargs), space)
        while True:
            for seat in range(3):
                assert np.array_equal(fast.encode(seat), slow.encode(seat)), (seed, seat)
            if slow.game.done:
                assert fast.game.done and fast.legal() == []
                break
            assert fast.legal() == slow.legal()
            assert fast.legal_array().tolist() == slow.legal()
            index = rng.choice(slow.legal())
            fast.step(index)
            slow.step(index)
        assert fast.moves == slow.moves


def test_fast_table_refuses_what_table_refuses_and_changes_nothing():
    space = action_space(False)
    table = FastTable(ddz.Game(seed=3, landlord=0), space)
    illegal = next(i for i in range(space.n) if i not in table.legal())
    before = table.encode(0)
    for bad in (illegal, space.n, -1, "33", 1.5, True, None):
        with pytest.raises(ValueError):
            table.step(bad)
    assert np.array_equal(table.encode(0), before) and table.moves == []


def test_a_mask_made_writeable_and_changed_is_not_kept():
    pytest.importorskip("pettingzoo")
    from ddz.envs.pettingzoo_env import raw_env

    e = raw_env()
    e.reset(seed=11)
    mask = e.observe(e.agent_selection)["action_mask"]
    mask.setflags(write=True)
    mask[:] = 1
    legal = e.infos[e.agent_selection]["legal_actions"]
    e.step(legal[0])
    agent = e.agent_selection
    fresh = e.observe(agent)["action_mask"]
    assert fresh is not mask and not fresh.flags.writeable
    assert np.flatnonzero(fresh).tolist() == e.infos[agent]["legal_actions"]
    # Kept in place from then on: the same array, its 1s the legal actions at every step.
    for _ in range(5):
        e.step(e.infos[e.agent_selection]["legal_actions"][-1])
        again = e.observe(e.agent_selection)["action_mask"]
        assert again is fresh
        assert np.flatnonzero(again).tolist() == e.infos[e.agent_selection]["legal_actions"]
