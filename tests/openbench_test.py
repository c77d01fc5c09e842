# SPDX-License-Identifier: GPL-3.0-or-later
"""The contract with OpenBench, as its client keeps it: the worker builds with `make -j EXE=name
CXX=compiler` in the repository root, runs `./name bench` and reads the node count and the
speed from the output, last line first; an SPSA run needs a binary whose `spsa` lines name
options it accepts. This test builds both binaries that way and holds them to it. With GCC, or
Clang with llvm-profdata and lld, the make build is profile-guided; it must play the bench of the
plain build beside the tests.
usage: openbench_test.py SOURCE_DIR CXX PLAIN_RIPOSTE"""
import glob
import os
import re
import subprocess
import sys
import tempfile
import unittest

SOURCE, CXX, PLAIN = sys.argv[1], sys.argv[2], sys.argv[3]
WORK = tempfile.mkdtemp(prefix="riposte-openbench-")


def clang_tool(name):
    """The path clang gives a tool of its own; a bare name when it has none."""
    return subprocess.run([CXX, f"-print-prog-name={name}"], capture_output=True,
                          text=True).stdout.strip()


def make(name, **env):
    """OpenBench's build: make -j EXE=... CXX=... in the root; TUNING and ARCH from the
    environment, as a worker would have them."""
    exe = os.path.join(WORK, name)
    environment = dict(os.environ, **env)
    subprocess.run(["make", "-j", f"EXE={exe}", f"CXX={CXX}"], cwd=SOURCE, env=environment,
                   check=True, stdout=subprocess.DEVNULL, timeout=900)
    return exe


def read_bench(output):
    """The bench and nps as OpenBench's client reads them: lines from last to first, every run
    of characters other than letters, digits and blanks made a blank, the first line that
    holds '<n> nodes' or 'nodes <n>' gives the bench, the first with '<n> nps' or 'nps <n>'
    the speed."""
    bench = nps = None
    for line in reversed(output.strip().split("\n")):
        line = re.sub(r"[^a-zA-Z0-9 ]+", " ", line)
        found_nps = re.search(r"(\d+\s+nps)|(nps\s+\d+)|(nodes second\s+\d+)", line, re.I)
        found_bench = re.search(r"(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)", line, re.I)
        nps = nps or (found_nps and int(re.search(r"\d+", found_nps.group()).group()))
        bench = bench or (found_bench and int(re.search(r"\d+", found_bench.group()).group()))
    return bench, nps


def run(exe, *args, stdin=""):
    return subprocess.run([exe, *args], input=stdin, capture_output=True, text=True,
                          cwd=os.path.dirname(exe), timeout=300).stdout


class OpenBench(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.release = make("riposte-ob")
        cls.tuning = make("riposte-ob-tuning", TUNING="1")

    def test_bench_is_read_as_openbench_reads_it_and_repeats(self):
        first, nps = read_bench(run(self.release, "bench"))
        again, _ = read_bench(run(self.release, "bench"))
        self.assertIsNotNone(first)
        self.assertGreater(nps, 0)
        self.assertEqual(first, again)
        # The last line alone carries both figures, so no per-position line is read instead.
        last = run(self.release, "bench").strip().split("\n")[-1]
        self.assertEqual(read_bench(last)[0], first)

    def test_the_profile_changes_speed_not_play(self):
        version = subprocess.run([CXX, "--version"], capture_output=True, text=True).stdout
        profile = os.path.join(SOURCE, "build", "make-native-profile-data")
        if "Free Software Foundation" in version:
            self.assertTrue(glob.glob(os.path.join(profile, "**", "*.gcda"), recursive=True),
                            f"no profile in {profile}")
        elif "clang version" in version and all(
                os.path.isabs(clang_tool(name)) for name in ("llvm-profdata", "ld.lld")):
            self.assertTrue(os.path.isfile(os.path.join(profile, "riposte.profdata")),
                            f"no merged profile in {profile}")
        self.assertEqual(read_bench(run(self.release, "bench"))[0],
                         read_bench(run(PLAIN, "bench"))[0])

    def test_the_tuning_binary_plays_the_same_bench(self):
        self.assertEqual(read_bench(run(self.tuning, "bench"))[0],
                         read_bench(run(self.release, "bench"))[0])

    def test_only_the_tuning_binary_offers_an_spsa_table(self):
        out = run(self.release, stdin="spsa\nquit\n").strip().split("\n")
        self.assertEqual(len(out), 1)
        self.assertTrue(out[0].startswith("info string spsa: "), out[0])

    def test_every_spsa_line_names_an_option_that_takes_its_range(self):
        lines = run(self.tuning, stdin="spsa\nquit\n").strip().split("\n")
        self.assertGreater(len(lines), 50)
        table = {}
        for line in lines:
            name, kind, value, low, high, c_end, r_end = [f.strip() for f in line.split(",")]
            self.assertEqual(kind, "int", line)
            self.assertTrue(int(low) <= int(value) <= int(high), line)
            self.assertGreater(float(c_end), 0, line)
            self.assertGreater(float(r_end), 0, line)
            table[name] = (int(value), int(low), int(high))
        # Set every parameter to an end of its range other than its value, then read the table
        # back: each line must show the value set, and no setoption may be refused.
        wanted = {n: (lo if v != lo else hi) for n, (v, lo, hi) in table.items()}
        script = "".join(f"setoption name {n} value {v}\n" for n, v in wanted.items())
        out = run(self.tuning, stdin=script + "spsa\nquit\n").strip().split("\n")
        self.assertFalse([l for l in out if l.startswith("info string error")])
        read_back = {l.split(",")[0]: int(l.split(",")[2]) for l in out}
        self.assertEqual(read_back, wanted)
        # The release binary has no such options: it refuses them.
        out = run(self.release, stdin=f"setoption name {lines[0].split(',')[0]} value 1\nquit\n")
        self.assertIn("info string error", out)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
