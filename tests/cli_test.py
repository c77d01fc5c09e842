# SPDX-License-Identifier: GPL-3.0-or-later
"""The riposte binary's command line: --version and --help print and exit, an unknown flag is
refused with the usage, and other arguments run as one UCI command.
usage: cli_test.py ENGINE VERSION"""
import subprocess
import sys
import unittest

ENGINE, VERSION = sys.argv[1], sys.argv[2]


def run(*args, stdin=""):
    return subprocess.run([ENGINE, *args], input=stdin, capture_output=True, text=True,
                          timeout=120)


class CommandLine(unittest.TestCase):
    def test_version_prints_the_cmake_version(self):
        for flag in ("--version", "-v"):
            r = run(flag)
            self.assertEqual(r.returncode, 0)
            self.assertEqual(r.stdout, f"Riposte {VERSION}\n")

    def test_help_prints_the_usage(self):
        for flag in ("--help", "-h"):
            r = run(flag)
            self.assertEqual(r.returncode, 0)
            self.assertTrue(r.stdout.startswith("Usage: riposte [--dev] [COMMAND [ARGS...]]\n"))
            for flag_named in ("--dev", "--version", "--help", "bench"):
                self.assertIn(flag_named, r.stdout)

    def test_unknown_flag_is_refused_with_the_usage(self):
        r = run("--bogus")
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stdout, "")
        self.assertTrue(r.stderr.startswith("riposte: unknown option '--bogus'\nUsage: riposte"))

    def test_the_handshake_names_the_version(self):
        r = run(stdin="uci\nquit\n")
        self.assertEqual(r.stdout.splitlines()[0], f"id name Riposte {VERSION}")

    def test_bench_names_the_version_first_and_ends_in_openbench_format(self):
        lines = run("bench", "2").stdout.splitlines()
        self.assertEqual(lines[0],
                         f"info string Riposte {VERSION} bench depth 2 threads 1 hash 16 positions 50")
        self.assertRegex(lines[-1], r"^[0-9]+ nodes [0-9]+ nps$")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
