"""ddz.Agent: the arena's players asked for one decision in a Game, the game untouched, the
choices reproducible, explanations where the player gives them, bad specs refused as the
command line refuses them."""

import random

import pytest

import ddz
from test_game import snapshot


def legal(game: ddz.Game, action) -> bool:
    return action in game.legal_actions()


@pytest.mark.parametrize(
    "spec", ["builtin:random", "builtin:greedy", "builtin:rules", "builtin:learned",
             "builtin:ddz:samples=4"]
)
def test_every_builtin_player_bids_and_plays_legally_without_touching_the_game(spec):
    agent = ddz.Agent(spec, seed=1)
    assert agent.spec == spec
    rng = random.Random(2)
    for seed in range(3):
        g = ddz.Game(seed=seed, bidding=True)
        while not g.done:
            before = snapshot(g)
            action = agent.act(g)
            assert snapshot(g) == before
            assert legal(g, action), (spec, action, g.legal_actions())
            # The agent plays one seat; the others play at random.
            g.step(action if g.to_move == 0 else rng.choice(g.legal_actions()))


def test_agents_play_a_whole_game_and_the_score_adds_up():
    agents = [ddz.Agent("builtin:rules"), ddz.Agent("builtin:greedy"),
              ddz.Agent("builtin:ddz:samples=8", seed=3)]
    for seed in range(3):
        g = ddz.Game(seed=seed, bidding=True)
        while not g.done:
            g.step(agents[g.to_move].act(g))
        assert sum(g.scores()) == 0


def test_a_seeded_agent_decides_the_same_way():
    for spec in ["builtin:random", "builtin:ddz:samples=8"]:
        g = ddz.Game(seed=7)
        first = [ddz.Agent(spec, seed=5).act(g) for _ in range(2)]
        assert first[0] == first[1]
        # Random play differs with the seed somewhere over a few positions.
    choices = set()
    g = ddz.Game(seed=7)
    for seed in range(8):
        choices.add(ddz.Agent("builtin:random", seed=seed).act(g))
    assert len(choices) > 1


def test_an_agent_decides_the_same_from_the_game_and_from_its_observation():
    """The observation holds all the seat knows, so a seeded agent asked on it decides as in
    the game, bids and plays, on both platforms."""
    rng = random.Random(11)
    for spec in ["builtin:random", "builtin:rules", "builtin:ddz:samples=4"]:
        agent = ddz.Agent(spec, seed=2)
        for seed in range(3):
            rules = ["platform", "botzone"][seed % 2]
            g = ddz.Game(seed=seed, bidding=True, rules=rules)
            while not g.done:
                action = agent.act(g)
                assert agent.act(g.observation(), rules=rules) == action, (spec, seed)
                g.step(action if rng.random() < 0.5 else rng.choice(g.legal_actions()))


def test_an_observation_that_does_not_add_up_is_refused():
    obs = ddz.Game(seed=1).observation()
    with pytest.raises(ValueError, match="does not add up"):
        ddz.Agent("builtin:rules").act(dict(obs, hand=obs["hand"][1:]))
    with pytest.raises(ValueError, match="has no 'plays'"):
        ddz.Agent("builtin:rules").act({k: v for k, v in obs.items() if k != "plays"})
    with pytest.raises(ValueError, match="acts in a Game or on an observation"):
        ddz.Agent("builtin:rules").act(42)


def test_the_thinking_player_explains_itself():
    g = ddz.Game(seed=4)
    thinker = ddz.Agent("builtin:ddz:samples=8", seed=1)
    action = thinker.act(g)
    assert thinker.explain.startswith("# think play")
    assert f"answer {ddz.format_cards(action)}" in thinker.explain
    rules = ddz.Agent("builtin:rules")
    rules.act(g)
    assert rules.explain is None


@pytest.mark.parametrize(
    "spec, why",
    [
        ("builtin:rulez", "did you mean 'rules'?"),
        ("builtin:rules:samples=4", "takes no settings"),
        ("builtin:ddz:samples=0", "samples '0'"),
        ("builtin:ddz:colour=red", "unknown setting 'colour'"),
    ],
)
def test_unknown_specs_are_refused_with_the_command_lines_words(spec, why):
    with pytest.raises(ValueError) as e:
        ddz.Agent(spec)
    assert why in str(e.value)


def test_an_agent_has_nothing_to_decide_once_the_game_is_over():
    g = ddz.Game(seed=1, bidding=True)
    for _ in range(3):
        g.step(0)
    with pytest.raises(ValueError, match="the game is over"):
        ddz.Agent("builtin:rules").act(g)


def test_an_engine_program_is_an_agent_too():
    """A spec that is a command line runs that engine over the protocol, as the arena hosts
    it: here the engine's own binary at a small budget."""
    from engine_cli import binary
    agent = ddz.Agent(f"{binary()} --samples 4")
    g = ddz.Game(seed=3, bidding=True)
    while not g.done:
        g.step(agent.act(g))
    assert sum(g.scores()) == 0


def test_a_botzone_bot_is_an_agent_and_follows_its_game():
    """A Botzone bot rebuilds its hand from its own answers, so it must stay in its game: it
    plays a seat to the end, every answer legal, and a game it did not follow (a fresh one
    where others moved for it) is told from the start."""
    from engine_cli import REPO
    bot = ddz.Agent(f"botzone:python3 {REPO / 'scripts' / 'botzone-minimal-bot.py'}")
    rng = random.Random(4)
    for seed in range(3):
        g = ddz.Game(seed=seed, bidding=True, rules="botzone")
        while not g.done:
            action = bot.act(g) if g.to_move == 1 else rng.choice(g.legal_actions())
            assert legal(g, action), (seed, action)
            g.step(action)
    g = ddz.Game(seed=9, rules="botzone")
    for _ in range(5):
        g.step(rng.choice(g.legal_actions()))
    assert legal(g, bot.act(g))
