# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/elo-ladder: the rating fit finds known ratings from simulated games with the anchors held
fixed, gives exact answers where they are known in closed form, refuses ratings that do not exist
(a perfect score, a player no anchor reaches), and reads fastchess PGN results exactly."""
import math
import os
import random
import tempfile
import unittest

from tool_loader import load_tool

ladder = load_tool("elo-ladder")


def simulate(true, pairings, games, rng, draw_rate=0.3):
    """Match lines (a, b, wins, draws, losses) between players of known ratings, each game
    scoring the logistic expectation on average."""
    matches = []
    for a, b in pairings:
        e = ladder.expected(true[a] - true[b])
        draw = min(draw_rate, 2 * min(e, 1 - e))
        win = e - draw / 2
        w = d = l = 0
        for _ in range(games):
            u = rng.random()
            if u < win:
                w += 1
            elif u < win + draw:
                d += 1
            else:
                l += 1
        matches.append((a, b, w, d, l))
    return matches


class FitTest(unittest.TestCase):
    def test_one_player_against_one_anchor_is_the_logistic_inverse(self):
        # 75% against a 2000 anchor is 2000 + 400 log10(3) exactly.
        ratings = ladder.fit([("x", "anchor", 60, 30, 10)], {"anchor": 2000})
        self.assertAlmostEqual(ratings["x"][0], 2000 + 400 * math.log10(3), places=4)
        self.assertEqual(ratings["anchor"], (2000.0, 0.0))
        # The same games seen from the anchor's side give the same rating.
        mirrored = ladder.fit([("anchor", "x", 10, 30, 60)], {"anchor": 2000})
        self.assertAlmostEqual(mirrored["x"][0], ratings["x"][0], places=4)

    def test_even_score_between_two_anchors_is_their_midpoint(self):
        matches = [("x", "low", 50, 0, 50), ("x", "high", 50, 0, 50)]
        ratings = ladder.fit(matches, {"low": 1800, "high": 2200})
        self.assertAlmostEqual(ratings["x"][0], 2000, places=4)

    def test_known_ratings_are_found_within_their_error(self):
        rng = random.Random(7)
        true = {"a1": 1500, "a2": 2100, "p": 1750, "q": 1980, "r": 2400}
        pairings = [("p", "a1"), ("p", "a2"), ("q", "a1"), ("q", "a2"), ("r", "a2"),
                    ("r", "q"), ("p", "q")]
        matches = simulate(true, pairings, 400, rng)
        ratings = ladder.fit(matches, {"a1": 1500, "a2": 2100})
        for player in ("p", "q", "r"):
            value, error = ratings[player]
            self.assertGreater(error, 5)
            self.assertLess(error, 40)
            self.assertLess(abs(value - true[player]), 3 * error, player)

    def test_more_games_narrow_the_interval(self):
        few = ladder.fit([("x", "anchor", 6, 3, 1)], {"anchor": 2000})["x"][1]
        many = ladder.fit([("x", "anchor", 600, 300, 100)], {"anchor": 2000})["x"][1]
        self.assertAlmostEqual(few / many, 10.0, places=3)

    def test_perfect_scores_and_unanchored_players_have_no_rating(self):
        matches = [("won", "anchor", 10, 0, 0), ("x", "anchor", 5, 5, 5), ("y", "z", 3, 3, 3)]
        ratings = ladder.fit(matches, {"anchor": 2000})
        self.assertIsNone(ratings["won"])
        self.assertIsNone(ratings["y"])
        self.assertIsNone(ratings["z"])
        self.assertAlmostEqual(ratings["x"][0], 2000, places=4)

    def test_anchor_names(self):
        self.assertEqual(ladder.anchor_rating("sf-elo-1350"), 1350)
        self.assertEqual(ladder.anchor_rating("sf-elo-2850"), 2850)
        self.assertIsNone(ladder.anchor_rating("sf-elo-3000"))
        self.assertEqual(ladder.anchor_rating("ethereal"), 3390)
        self.assertIsNone(ladder.anchor_rating("toga2"))
        self.assertIsNone(ladder.anchor_rating("riposte-1600"))


class ResultsTest(unittest.TestCase):
    def test_pgn_results_are_counted_for_the_named_player(self):
        games = [("riposte-1600", "gnuchess", "1-0"), ("gnuchess", "riposte-1600", "1-0"),
                 ("gnuchess", "riposte-1600", "0-1"), ("riposte-1600", "gnuchess", "1/2-1/2"),
                 ("riposte-1600", "gnuchess", "*")]
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "games.pgn")
            with open(path, "w") as f:
                for white, black, result in games:
                    f.write(f'[Event "?"]\n[White "{white}"]\n[Black "{black}"]\n'
                            f'[Result "{result}"]\n\n1. e4 e5 {result}\n\n')
            self.assertEqual(ladder.pgn_score(path, "riposte-1600"), (2, 1, 1))
            self.assertEqual(ladder.pgn_score(path, "gnuchess"), (1, 1, 2))

    def test_results_file_round_trips(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "results.tsv")
            with open(path, "w") as f:
                f.write("# player\topponent\twins\tdraws\tlosses\tcontrol\n")
                f.write("riposte-1600\tsf-elo-1500\t12\t5\t3\t2+0.02\n")
            self.assertEqual(ladder.read_results(path), [("riposte-1600", "sf-elo-1500", 12, 5, 3)])


class EngineArgsTest(unittest.TestCase):
    """Each player is started under its ladder key, the one its PGN results are read back by."""

    def names(self, args):
        return [arg for arg in args if arg.startswith("name=")]

    def test_limited_players_get_the_strength_options(self):
        args = ladder.engine_args("sf-elo-1500", "/bin/riposte")
        self.assertEqual(args[0], "cmd=/usr/games/stockfish")
        self.assertEqual(self.names(args), ["name=sf-elo-1500"])
        self.assertIn("option.UCI_LimitStrength=true", args)
        self.assertIn("option.UCI_Elo=1500", args)
        args = ladder.engine_args("riposte-1800", "/bin/riposte")
        self.assertEqual(args, ["cmd=/bin/riposte", "name=riposte-1800",
                                "option.UCI_LimitStrength=true", "option.UCI_Elo=1800"])
        self.assertEqual(ladder.engine_args("riposte", "/bin/riposte"),
                         ["cmd=/bin/riposte", "name=riposte"])

    def test_debian_engines_come_from_the_shared_table_with_one_thread(self):
        args = ladder.engine_args("toga2", "/bin/riposte")
        self.assertEqual(args, ["cmd=/usr/games/toga2", "option.OwnBook=false",
                                "option.Number of Threads=1", "name=toga2"])
        args = ladder.engine_args("ethereal", "/bin/riposte")
        self.assertEqual(self.names(args), ["name=ethereal"])
        self.assertEqual(ladder.debian_engine_args("glaurung", threads=4)[-1], "option.Threads=4")
        self.assertIsNone(ladder.debian_engine_args("crafty"))
        with self.assertRaises(SystemExit):
            ladder.engine_args("crafty", "/bin/riposte")


if __name__ == "__main__":
    unittest.main()
