# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/combine-runs: the summed Elo and the SPRT's LLR equal what fastchess printed for the same
pentanomial counts (the final reports of finished runs), and chunks add up."""
import contextlib
import io
import os
import tempfile
import unittest

from tool_loader import load_tool

combine = load_tool("combine-runs")

# Pentanomial counts and the LLR for [0, 5] normalized Elo that fastchess 1.8.2 printed at the
# end of each run, from near the bounds to far beyond them.
FASTCHESS_REPORTS = [
    ([13, 66, 121, 83, 17], 0.47),
    ([17, 75, 128, 70, 10], -0.48),
    ([22, 109, 212, 142, 15], 0.33),
    ([15, 54, 156, 123, 63], 2.96),
    ([17, 93, 205, 134, 51], 2.13),
    ([16, 59, 75, 42, 8], -0.72),
    ([2, 14, 43, 36, 5], 0.60),
]


class CombineRuns(unittest.TestCase):
    def test_llr_matches_fastchess(self):
        for counts, llr in FASTCHESS_REPORTS:
            self.assertAlmostEqual(combine.sprt_llr(counts, 0, 5), llr, delta=0.005, msg=counts)

    def test_report_of_one_run(self):
        lines = combine.report([2, 14, 43, 36, 5], ("0", "5"))
        self.assertEqual(lines[0], "Games: 200, Ptnml(0-2): [2, 14, 43, 36, 5]")
        self.assertEqual(lines[1], "Elo: 48.96 +/- 29.16")  # fastchess: 48.96 +/- 29.16
        self.assertEqual(lines[2], "nElo: 82.12, LLR: 0.60 (-2.94, 2.94) [0, 5]: continue")
        self.assertEqual(combine.report([15, 54, 156, 123, 63], ("0", "5"))[2][-11:],
                         "H1 accepted")

    def test_chunks_are_summed(self):
        with tempfile.TemporaryDirectory() as d:
            paths = []
            for i, counts in enumerate(([1, 2, 3, 4, 5], [5, 4, 3, 2, 1])):
                paths.append(os.path.join(d, f"part{i}.log"))
                with open(paths[-1], "w") as f:
                    f.write("Ptnml(0-2): [0, 0, 1, 0, 0]\n")  # an earlier report is ignored
                    f.write(f"Ptnml(0-2): [{', '.join(map(str, counts))}], WL/DD Ratio: 1.0\n")
            self.assertEqual([combine.read_pentanomial(p) for p in paths],
                             [[1, 2, 3, 4, 5], [5, 4, 3, 2, 1]])
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                self.assertEqual(combine.main(paths), 0)
            self.assertEqual(out.getvalue(),
                             "Games: 60, Ptnml(0-2): [6, 6, 6, 6, 6]\nElo: 0.00 +/- 89.87\n")
            with open(os.path.join(d, "empty.log"), "w"):
                pass
            with self.assertRaises(ValueError):
                combine.read_pentanomial(os.path.join(d, "empty.log"))
            with contextlib.redirect_stderr(io.StringIO()):
                self.assertEqual(combine.main([paths[0], os.path.join(d, "empty.log")]), 1)

    def test_one_sided_results_have_no_estimate(self):
        self.assertIn("beyond estimate", combine.report([0, 0, 0, 0, 7], ("0", "5"))[1])


if __name__ == "__main__":
    unittest.main()
