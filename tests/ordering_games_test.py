# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/ordering-games: the queue keeps the bench of the engine it began with and will not
resume with another, finished entries (single switches and bundles) are not played again, the
entry with the fewest games plays next, and every entry plays the openings of the queue's seed
in order, resumed where it stopped. The engines here are scripts that print a bench line and
tools/sprt is a stand-in that records how it was called; no game is played."""
import os
import stat
import subprocess
import tempfile
import unittest

QUEUE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "ordering-games")


def fake_engine(directory, name, last_line, status=0):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\necho 'bench 1/1 score 20 best e2e4 nodes 5'\necho '{last_line}'\n"
                f"exit {status}\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


def fake_sprt(directory):
    """Records its arguments, one call a line, and writes a 200-game chunk's log; fails instead
    once it has been called as many times as the file `fail-after` beside it says."""
    path = os.path.join(directory, "sprt")
    calls, fail_after = os.path.join(directory, "calls.txt"), os.path.join(directory, "fail-after")
    with open(path, "w") as f:
        f.write("#!/bin/sh\n"
                f"touch {calls}\n"
                f"[ -e {fail_after} ] && [ $(wc -l < {calls}) -ge $(cat {fail_after}) ] && exit 1\n"
                f"echo \"$*\" >> {calls}\n"
                "while [ $# -gt 1 ]; do [ \"$1\" = --log ] && log=$2; shift; done\n"
                "echo 'Ptnml(0-2): [5, 20, 50, 20, 5]' > \"$log\"\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


class OrderingGames(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.queue = os.path.join(self.dir, "queue")
        os.mkdir(self.queue)
        # Both entries finished: a run that gets past the engine check has nothing to play.
        for stem in ("DevKillers", "DevPawnHistory+DevLowPlyHistory"):
            with open(os.path.join(self.queue, stem + ".result"), "w") as f:
                f.write("Elo: 10.00 +/- 11.00\n")
        self.entries = ["DevKillers=false", "DevPawnHistory=false,DevLowPlyHistory=false"]

    def tearDown(self):
        self.tmp.cleanup()

    def run_queue(self, engine, entries=None):
        return subprocess.run([QUEUE, engine, self.queue] + (entries or self.entries),
                              capture_output=True, text=True, timeout=60)

    def engine_txt(self):
        with open(os.path.join(self.queue, "engine.txt")) as f:
            return f.read()

    def test_first_run_pins_the_bench_and_a_resume_with_it_goes_on(self):
        engine = fake_engine(self.dir, "a", "1816673 nodes 1700000 nps")
        first = self.run_queue(engine)
        self.assertEqual(first.returncode, 0, first.stderr)
        self.assertEqual(self.engine_txt(), "bench 1816673\n")
        again = self.run_queue(engine)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual(again.stdout, "")  # both entries finished: nothing played, nothing said

    def test_an_engine_with_another_bench_stops_the_queue(self):
        self.run_queue(fake_engine(self.dir, "a", "1816673 nodes 1700000 nps"))
        other = self.run_queue(fake_engine(self.dir, "b", "1816674 nodes 1700000 nps"))
        self.assertEqual(other.returncode, 2)
        self.assertIn("began with an engine of bench 1816673", other.stderr)
        self.assertIn("has bench 1816674", other.stderr)
        self.assertEqual(self.engine_txt(), "bench 1816673\n")

    def test_an_engine_without_a_bench_line_is_refused(self):
        broken = self.run_queue(fake_engine(self.dir, "c", "info string error: no such thing"))
        self.assertEqual(broken.returncode, 1)
        self.assertIn("bench said: info string error", broken.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.queue, "engine.txt")))

    def test_an_engine_that_fails_is_refused_with_a_message(self):
        failed = self.run_queue(fake_engine(self.dir, "d", "Segmentation fault", status=139))
        self.assertEqual(failed.returncode, 1)
        self.assertIn("bench said: Segmentation fault", failed.stderr)

    def test_a_malformed_entry_is_refused(self):
        engine = fake_engine(self.dir, "a", "1816673 nodes 1700000 nps")
        bad = self.run_queue(engine, ["DevKillers"])
        self.assertEqual(bad.returncode, 2)
        self.assertIn("'DevKillers' is not DevSwitch=value", bad.stderr)


class Openings(unittest.TestCase):
    """Which openings each chunk plays."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.queue = os.path.join(self.dir, "queue")
        self.engine = fake_engine(self.dir, "a", "1816673 nodes 1700000 nps")
        self.env = dict(os.environ, ORDERING_GAMES_SPRT=fake_sprt(self.dir))

    def tearDown(self):
        self.tmp.cleanup()

    def run_queue(self, *options):
        return subprocess.run([QUEUE, self.engine, self.queue, "DevKillers=false",
                               "DevPawnHistory=false,DevLowPlyHistory=false", "--", "--games",
                               "400", "--chunk", "200"] + list(options),
                              capture_output=True, text=True, timeout=60, env=self.env)

    def calls(self):
        """(base options, seed, first opening) of each chunk played, in order."""
        out = []
        with open(os.path.join(self.dir, "calls.txt")) as f:
            for line in f:
                words = line.split()
                base = [words[i + 1] for i, w in enumerate(words) if w == "--base-opt"]
                out.append((",".join(base), words[words.index("--seed") + 1],
                            words[words.index("--book-start") + 1]))
        return out

    def test_entries_share_the_openings_and_chunks_go_on_where_the_last_stopped(self):
        done = self.run_queue("--seed", "777")
        self.assertEqual(done.returncode, 0, done.stderr)
        bundle = "DevPawnHistory=false,DevLowPlyHistory=false"
        self.assertEqual(self.calls(), [("DevKillers=false", "777", "1"), (bundle, "777", "1"),
                                        ("DevKillers=false", "777", "101"), (bundle, "777", "101")])
        with open(os.path.join(self.queue, "openings.txt")) as f:
            self.assertEqual(f.read(), "seed 777\n")
        with open(os.path.join(self.queue, "DevKillers.part1.log.result")) as f:
            self.assertIn("Openings: seed 777, from 101", f.read())
        with open(os.path.join(self.queue, "DevKillers.result")) as f:
            self.assertIn("Games: 400", f.read())

    def test_a_resumed_queue_plays_the_entry_with_fewest_games_first(self):
        os.mkdir(self.queue)
        with open(os.path.join(self.queue, "openings.txt"), "w") as f:
            f.write("seed 777\n")
        with open(os.path.join(self.queue, "DevKillers.part0.log.result"), "w") as f:
            f.write("Ptnml(0-2): [5, 20, 50, 20, 5]\nOpenings: seed 777, from 1\n")
        done = self.run_queue()
        self.assertEqual(done.returncode, 0, done.stderr)
        bundle = "DevPawnHistory=false,DevLowPlyHistory=false"
        self.assertEqual(self.calls(), [(bundle, "777", "1"), ("DevKillers=false", "777", "101"),
                                        (bundle, "777", "101")])

    def test_a_resumed_queue_keeps_its_seed_and_refuses_another(self):
        with open(os.path.join(self.dir, "fail-after"), "w") as f:
            f.write("3\n")
        self.assertEqual(self.run_queue().returncode, 1)  # the bundle's second chunk fails
        with open(os.path.join(self.queue, "openings.txt")) as f:
            seed = f.read().split()[1]
        os.remove(os.path.join(self.dir, "fail-after"))
        other = self.run_queue("--seed", str(int(seed) + 1))
        self.assertEqual(other.returncode, 2)
        self.assertIn(f"plays the openings of seed {seed}, not {int(seed) + 1}", other.stderr)
        again = self.run_queue()
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual({c[1] for c in self.calls()}, {seed})
        self.assertEqual([c[2] for c in self.calls()], ["1", "1", "101", "101"])


if __name__ == "__main__":
    unittest.main()
