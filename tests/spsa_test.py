# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/spsa: the update rule finds a known optimum through noisy game results, the state file
round-trips exactly, values and engine settings stay inside each parameter's range, a run split
by a save and a load ends where an unbroken one does, and the formats read are parsed exactly."""
import math
import os
import random
import tempfile
import unittest

from tool_loader import load_tool

spsa = load_tool("spsa")


def quadratic_players(optimum, scale, rng):
    """Game pairs between two settings of a noisy quadratic strength: each game is won by the
    side whose f is higher with a logistic chance, drawn half the time."""

    def strength(values):
        return -sum(((values[n] - optimum[n]) / scale[n]) ** 2 for n in optimum)

    def play(plus, minus, start):
        edge = strength(plus) - strength(minus)
        p_plus = 1 / (1 + math.exp(max(-50.0, min(50.0, -2.0 * edge))))
        w = l = d = 0
        for _ in range(2 * play.pairs):
            if rng.random() < 0.5:
                d += 1
            elif rng.random() < p_plus:
                w += 1
            else:
                l += 1
        return w, l, d

    return play


def make_params():
    return [
        spsa.Param("Margin", 40, 0, 200, 10, 0.002),
        spsa.Param("Depth", 9, 1, 16, 0.8, 0.002),
        spsa.Param("Scale", 300, 50, 600, 27, 0.002),
    ]


class UpdateRule(unittest.TestCase):
    def test_converges_on_a_noisy_quadratic(self):
        optimum = {"Margin": 120.0, "Depth": 5.0, "Scale": 420.0}
        scale = {"Margin": 40.0, "Depth": 3.0, "Scale": 100.0}
        state = spsa.State(make_params(), planned=6000, seed=3)
        play = quadratic_players(optimum, scale, random.Random(11))
        play.pairs = 4
        start = {p.name: abs(p.value - optimum[p.name]) / scale[p.name] for p in state.params}
        while state.pairs < state.planned:
            self.assertTrue(spsa.step(state, play, play.pairs))
        for p in state.params:
            err = abs(p.value - optimum[p.name]) / scale[p.name]
            # Every parameter ends within a sixth of its start's distance from the optimum.
            self.assertLess(err, start[p.name] / 6, f"{p.name} ended at {p.value}")
        self.assertEqual(state.games, 2 * state.planned)
        self.assertEqual(state.book_index, state.planned)

    def test_gains_follow_the_schedule(self):
        p = spsa.Param("X", 0, -100, 100, 4.0, 0.002)
        state = spsa.State([p], planned=1000)
        c_n, r_n = state.gains(p, 1000)
        # At the last pair the perturbation is c_end and r_k * c_k^2 / (A + N)^-alpha scaling
        # brings the learning rate to r_end.
        self.assertAlmostEqual(c_n, 4.0, places=9)
        self.assertAlmostEqual(r_n, 0.002, places=12)
        c_1, r_1 = state.gains(p, 1)
        self.assertAlmostEqual(c_1, 4.0 * 1000 ** spsa.GAMMA, places=9)
        self.assertGreater(c_1, c_n)


class Bounds(unittest.TestCase):
    def test_perturbed_values_are_integers_in_range(self):
        params = [spsa.Param("Low", 0, 0, 10, 3, 0.002), spsa.Param("High", 10, 0, 10, 3, 0.002)]
        state = spsa.State(params, planned=100)
        rng = random.Random(5)
        for _ in range(200):
            _, plus, minus = state.perturb(rng)
            for side in (plus, minus):
                for name, v in side.items():
                    self.assertIsInstance(v, int)
                    self.assertGreaterEqual(v, 0, name)
                    self.assertLessEqual(v, 10, name)

    def test_updates_stay_in_range(self):
        state = spsa.State([spsa.Param("P", 5, 0, 10, 3, 0.5)], planned=10)
        state.update([1], 1000, 0, 0, 1)
        self.assertEqual(state.params[0].value, 10)
        state.update([1], 0, 1000, 0, 1)
        self.assertEqual(state.params[0].value, 0)

    def test_random_rounding_keeps_the_mean(self):
        rng = random.Random(1)
        values = [spsa.round_random(2.25, rng) for _ in range(20000)]
        self.assertEqual(set(values), {2, 3})
        self.assertAlmostEqual(sum(values) / len(values), 2.25, delta=0.02)


class StateFile(unittest.TestCase):
    def test_round_trips_exactly(self):
        state = spsa.State(make_params(), planned=500, seed=9)
        play = quadratic_players({"Margin": 0, "Depth": 0, "Scale": 0},
                                 {"Margin": 1, "Depth": 1, "Scale": 1}, random.Random(2))
        play.pairs = 2
        for _ in range(7):
            spsa.step(state, play, 2)
        state.time_losses = 3
        text = state.to_text()
        again = spsa.State.from_text(text)
        self.assertEqual(again.to_text(), text)
        for a, b in zip(state.params, again.params):
            self.assertEqual((a.name, a.value, a.lo, a.hi, a.c_end, a.r_end, a.start),
                             (b.name, b.value, b.lo, b.hi, b.c_end, b.r_end, b.start))
        self.assertEqual((again.pairs, again.games, again.book_index, again.time_losses),
                         (14, 28, 14, 3))

    def test_malformed_state_is_an_error(self):
        with self.assertRaises(ValueError):
            spsa.State.from_text("pairs 3\nparam X 1 0 2 1 0.002 1\n")
        with self.assertRaises(ValueError):
            spsa.State.from_text("planned_pairs 10\nparam X 1 0\n")

    def test_a_resumed_run_ends_where_an_unbroken_one_does(self):
        def run(split):
            state = spsa.State(make_params(), planned=400, seed=4)
            play = quadratic_players({"Margin": 100, "Depth": 4, "Scale": 400},
                                     {"Margin": 40, "Depth": 3, "Scale": 100}, random.Random(8))
            play.pairs = 4
            with tempfile.TemporaryDirectory() as d:
                for i in range(30):
                    if split and i == 13:
                        spsa.save_state(d, state)
                        spsa.append_history(d, state)
                        state = spsa.load_state(d)
                    spsa.step(state, play, 4)
            return state.to_text()

        self.assertEqual(run(split=True), run(split=False))

    def test_a_run_stops_at_the_planned_pairs_and_its_own_limits(self):
        state = spsa.State(make_params(), planned=8)
        with tempfile.TemporaryDirectory() as d:
            args = type("Args", (), {"games": 0, "minutes": 0, "state": d})()
            self.assertIsNone(spsa.stop_reason(state, args, 0, 0.0))
            args.games, args.minutes = 16, 2
            self.assertIsNone(spsa.stop_reason(state, args, 15, 119.0))
            self.assertIn("games", spsa.stop_reason(state, args, 16, 0.0))
            self.assertIn("minutes", spsa.stop_reason(state, args, 0, 120.0))
            open(os.path.join(d, "pause"), "w").close()
            self.assertIn("paused", spsa.stop_reason(state, args, 0, 0.0))
            state.pairs = 8
            self.assertIn("planned", spsa.stop_reason(state, args, 0, 0.0))

    def test_history_and_plot(self):
        state = spsa.State(make_params(), planned=100)
        with tempfile.TemporaryDirectory() as d:
            spsa.append_history(d, state)
            state.update([1, -1, 1], 3, 1, 0, 2)
            spsa.append_history(d, state)
            header, rows = spsa.read_history(d)
            self.assertEqual(header, ["pairs", "games", "Margin", "Depth", "Scale"])
            self.assertEqual([r[:2] for r in rows], [[0, 0], [2, 4]])
            svg = spsa.plot_svg(header, rows, state.params)
            self.assertEqual(svg.count("<polyline"), 3)
            self.assertIn("Margin 40 &#8594;", svg)
            # A long run draws at most one point per pixel column of its panel.
            long_rows = [[i, 2 * i, 40 + i % 7, 3, 100] for i in range(5000)]
            svg = spsa.plot_svg(header, long_rows, state.params)
            line = svg.split("<polyline points=\"")[1].split("\"")[0].split(" ")
            self.assertLess(len(line), 300)
            self.assertGreater(len(line), 100)


class Formats(unittest.TestCase):
    def test_engine_spsa_lines(self):
        text = ("id name Riposte\nSingularMargin, int, 64, 16, 192, 8.8, 0.002\n"
                "LmpBase, int, 3, 1, 10, 0.5, 0.002\nnot a parameter\n")
        params = spsa.parse_spsa_lines(text)
        self.assertEqual([(p.name, p.value, p.lo, p.hi, p.c_end, p.r_end) for p in params],
                         [("SingularMargin", 64, 16, 192, 8.8, 0.002),
                          ("LmpBase", 3, 1, 10, 0.5, 0.002)])

    def test_openbench_report(self):
        text = ("SingularMargin, 71.38\nLmpBase, int, 4.2, 1, 10, 0.5, 0.002\n"
                "Tuning results\nbad, x\n")
        self.assertEqual(spsa.parse_reported_values(text),
                         {"SingularMargin": 71.38, "LmpBase": 4.2})

    def test_fastchess_result(self):
        text = ("Results of plus vs minus (2+0.02, 1t, 16MB, UHO_4060_v4.epd):\n"
                "Elo: 0.00 +/- 0.00, nElo: 0.00 +/- 0.00\n"
                "Games: 8, Wins: 3, Losses: 2, Draws: 3, Points: 4.5 (56.25 %)\n"
                "Ptnml(0-2): [0, 1, 1, 2, 0], WL/DD Ratio: 1.00\n"
                "Finished game 3 (plus vs minus): 0-1 {Black wins on time}\n"
                "plus loses on time\n")
        self.assertEqual(spsa.parse_fastchess_result(text), (3, 2, 3))
        self.assertEqual(spsa.count_time_losses(text), 1)
        self.assertIsNone(spsa.parse_fastchess_result("no games\n"))

    def test_apply_rewrites_defaults_in_the_file_that_holds_each(self):
        state = spsa.State([spsa.Param("SingularMargin", 71.6, 16, 192, 8.8, 0.002),
                            spsa.Param("DangerEgDivisor", 24.7, 8, 48, 2.0, 0.002),
                            spsa.Param("LmpBase", 2.4, 1, 10, 0.5, 0.002)], planned=10)
        search = ("  X(SingularMargin, 64, 16, 192)      /* singular */ \\\n"
                  "  X(SingularMarginX, 5, 0, 9) \\\n"
                  "  X(LmpBase, 3, 1, 10) \\\n")
        evaluation = "  X(DangerMgDivisor, 720, 360, 1440) \\\n  X(DangerEgDivisor, 20, 8, 48)\n"
        with tempfile.TemporaryDirectory() as d:
            spsa.save_state(d, state)
            paths = [os.path.join(d, "search.h"), os.path.join(d, "eval.h")]
            for path, text in zip(paths, (search, evaluation)):
                with open(path, "w") as f:
                    f.write(text)
            spsa.cmd_apply(type("Args", (), {"state": d, "params": paths}))
            with open(paths[0]) as f:
                self.assertEqual(f.read(),
                                 "  X(SingularMargin, 72, 16, 192)      /* singular */ \\\n"
                                 "  X(SingularMarginX, 5, 0, 9) \\\n"
                                 "  X(LmpBase, 2, 1, 10) \\\n")
            with open(paths[1]) as f:
                self.assertEqual(f.read(), "  X(DangerMgDivisor, 720, 360, 1440) \\\n"
                                           "  X(DangerEgDivisor, 25, 8, 48)\n")
            with self.assertRaises(SystemExit):
                spsa.cmd_apply(type("Args", (), {"state": d, "params": paths[1:]}))

    def test_init_only_keeps_the_matching_parameters(self):
        lines = [spsa.Param("SingularMargin", 64, 16, 192, 8.8, 0.002),
                 spsa.Param("DangerMgDivisor", 720, 360, 1440, 54, 0.002),
                 spsa.Param("ScaleRookEnding", 36, 16, 64, 2.4, 0.002)]
        real = spsa.engine_spsa_lines
        spsa.engine_spsa_lines = lambda engine: lines
        try:
            with tempfile.TemporaryDirectory() as d:
                args = type("Args", (), {"state": d, "engine": "e", "iterations": 100, "seed": 1,
                                         "force": False, "only": "^(Danger|Scale)"})
                spsa.cmd_init(args)
                self.assertEqual([p.name for p in spsa.load_state(d).params],
                                 ["DangerMgDivisor", "ScaleRookEnding"])
                args.force, args.only = True, "^Nothing"
                with self.assertRaises(SystemExit):
                    spsa.cmd_init(args)
        finally:
            spsa.engine_spsa_lines = real


if __name__ == "__main__":
    unittest.main()
