# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/ordering-chart: where the dots and bars of the move-ordering chart land. With the Elo axis
at +-20 the panel's 330 pixels start at x 210, so 0 is at 375 and +10 Elo at 457.5; rows are
26 pixels apart from y 56, so the first row's centre is at 69."""
import os
import subprocess
import tempfile
import unittest

CHART = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "ordering-chart")


class OrderingChart(unittest.TestCase):
    def chart(self, text, *options):
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
            f.write(text)
        try:
            return subprocess.run([CHART, f.name] + list(options), capture_output=True, text=True,
                                  timeout=60)
        finally:
            os.unlink(f.name)

    def draw(self, rows, *options):
        return self.chart("heuristic\tnodes_pct\telo\terror\tgames\n" + rows, *options)

    def test_axis_fits_the_finite_rows_and_an_infinite_row_sits_at_the_edge(self):
        done = self.draw("killers\t8.0\t10.0\t5.0\t1000\nbaseline\tnan\tinf\t0.0\t400\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        svg = done.stdout
        self.assertIn('<text x="210.0" y="', svg)  # the -20 tick: the axis ignores the inf row
        self.assertIn('<circle cx="457.5" cy="69.0" r="4"', svg)
        self.assertIn('<circle cx="540.0" cy="95.0" r="4"', svg)  # clipped at +20
        self.assertIn('font-size="10">beyond an Elo figure</text>', svg)
        self.assertIn("baseline (400)", svg)
        self.assertIn("not measured", svg)

    def test_a_row_past_the_fixed_limit_writes_its_value(self):
        done = self.draw("all histories\t-3.0\t250.5\t28.5\t400\n", "--elo-limit", "100")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn('font-size="10">+250 ± 28</text>', done.stdout)
        self.assertNotIn("beyond an Elo figure", done.stdout)

    def test_a_bad_header_is_refused(self):
        done = self.chart("name\telo\n")
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("the header must be", done.stderr)


if __name__ == "__main__":
    unittest.main()
