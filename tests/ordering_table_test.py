# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/ordering-table: the join of the ablation's figures with the queue's games, as the TSV
the chart reads and as the markdown table docs show. The Elo figures below were worked out by
hand from the pentanomial counts (mean pair score 0.52 over 500 pairs: +13.9, 95% error 12.5;
0.80875 over 200 pairs: +250.5, 95% error 28.5). The baseline's 98.5% over 200 pairs has an
interval reaching 99.4%, where the formula's +727 would rest on a pair or two, so it is a score;
98.3% over 500 pairs reaches 98.9%: +704.8, 95% error 61.5, with its score beside it."""
import os
import subprocess
import tempfile
import unittest

TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "ordering-table")

ABLATION = """\
| configuration | nodes, bench (depth 11) | vs full | nodes, UHO middlegames (depth 9) | vs full | first-move cutoffs | mean cut move number | tt | good capture | killer | countermove | quiet | bad capture | evasion |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| full | 1000 | +0.0% | 500 | +0.0% | 0.8500 | 1.300 | 0.2000 | 0.3000 | 0.1000 | 0.0300 | 0.0900 | 0.0040 | 0.2260 |
| no killers | 1080 | +8.0% | 530 | +6.0% | 0.8400 | 1.310 | 0.2100 | 0.3100 | 0.0000 | 0.0500 | 0.1300 | 0.0040 | 0.2960 |
"""


class OrderingTable(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.ablation = os.path.join(self.tmp.name, "ablation.md")
        with open(self.ablation, "w") as f:
            f.write(ABLATION)
        self.runs = os.path.join(self.tmp.name, "runs")
        os.mkdir(self.runs)
        # Two chunks of killers (summed), a large but two-sided row, and a one-sided baseline.
        all_off = "+".join(["DevButterflyHistory", "DevCaptureHistory", "DevCounterMoveHistory",
                            "DevFollowUpHistory", "DevDeepContinuation", "DevPawnHistory",
                            "DevLowPlyHistory", "DevCaptureSeeHistory", "DevContinuationSplit",
                            "DevEvalDiffHistory", "DevLMRContinuationUpdate"])
        for name, counts in (("DevKillers.part0", "6, 60, 150, 70, 14"),
                             ("DevKillers.part1", "4, 40, 100, 50, 6"),
                             (all_off + ".part0", "0, 4, 23, 95, 78"),
                             ("DevBaselineOrdering.part0", "0, 0, 1, 10, 189")):
            with open(os.path.join(self.runs, name + ".log.result"), "w") as f:
                f.write(f"Ptnml(0-2): [{counts}]\nOpenings: seed 7, from 1\n")

    def tearDown(self):
        self.tmp.cleanup()

    def run_table(self, *options):
        done = subprocess.run([TABLE, self.ablation, self.runs] + list(options),
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout.splitlines()

    def test_tsv_has_the_rows_with_games(self):
        self.assertEqual(self.run_table(), [
            "heuristic\tnodes_pct\telo\terror\tgames",
            "killers\t8.0\t13.9\t12.5\t1000",
            "all histories\tnan\t250.5\t28.5\t400",
            "whole ordering vs baseline\tnan\tinf\t0.0\t400"])

    def test_markdown_joins_games_and_ablation(self):
        lines = self.run_table("--markdown")
        self.assertEqual(lines[0], "| heuristic off | Elo, full engine over this row | games | "
                         "pentanomial | nodes, bench (depth 11) | vs full | first-move cutoffs | "
                         "tt | good capture | killer | countermove | quiet | bad capture | evasion |")
        self.assertEqual(lines[2], "| none (full engine) | — | — | — | 1000 | +0.0% | 0.8500 | "
                         "0.2000 | 0.3000 | 0.1000 | 0.0300 | 0.0900 | 0.0040 | 0.2260 |")
        self.assertEqual(lines[3], "| killers | +13.9 ± 12.5 | 1,000 | 10, 100, 250, 120, 20 | "
                         "1080 | +8.0% | 0.8400 | 0.2100 | 0.3100 | 0.0000 | 0.0500 | 0.1300 | "
                         "0.0040 | 0.2960 |")
        self.assertEqual(lines[4], "| countermove | not played | 0 | — | — | — | — | — | — | — | "
                         "— | — | — | — |")
        self.assertEqual(lines[-2], "| all histories | +250.5 ± 28.5 | 400 | 0, 4, 23, 95, 78 | "
                         "— | — | — | — | — | — | — | — | — | — |")
        self.assertEqual(lines[-1], "| whole ordering vs baseline | score 98.5%, beyond an Elo "
                         "figure | 400 | 0, 0, 1, 10, 189 | — | — | — | — | — | — | — | — | — | — |")
        self.assertEqual(len(lines), 3 + 12)  # header, rule, full engine, twelve rows

    def test_lopsided_row_keeps_its_score_beside_the_elo(self):
        with open(os.path.join(self.runs, "DevBaselineOrdering.part0.log.result"), "w") as f:
            f.write("Ptnml(0-2): [0, 0, 1, 32, 467]\n")
        self.assertEqual(self.run_table("--markdown")[-1],
                         "| whole ordering vs baseline | +704.8 ± 61.5 (score 98.3%) | 1,000 | "
                         "0, 0, 1, 32, 467 | — | — | — | — | — | — | — | — | — | — |")
        self.assertEqual(self.run_table()[-1], "whole ordering vs baseline\tnan\t704.8\t61.5\t1000")


if __name__ == "__main__":
    unittest.main()
