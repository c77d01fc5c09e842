# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/ordering-games: the queue keeps the bench of the engine it began with and will not
resume with another, and finished entries (single switches and bundles) are not played again.
The engines here are scripts that print a bench line; no game is played."""
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


if __name__ == "__main__":
    unittest.main()
