# SPDX-License-Identifier: GPL-3.0-or-later
"""tools/chess960-book: the 960 starts are distinct and follow the rules (bishops on opposite
colours, the king between the rooks), the numbering is Scharnagl's, double-Chess960 books are
distinct and reproducible, and Shredder castling letters name the rooks' files."""
import unittest

from tool_loader import load_tool

book = load_tool("chess960-book")


def legal_back_rank(rank):
    if sorted(rank) != sorted("RNBQKBNR"):
        return False
    bishops = [f for f, p in enumerate(rank) if p == "B"]
    rooks = [f for f, p in enumerate(rank) if p == "R"]
    return bishops[0] % 2 != bishops[1] % 2 and rooks[0] < rank.index("K") < rooks[1]


class Chess960BookTest(unittest.TestCase):
    def test_all_960_are_distinct_and_legal(self):
        ranks = [book.back_rank(n) for n in range(960)]
        self.assertEqual(len(set(ranks)), 960)
        for r in ranks:
            self.assertTrue(legal_back_rank(r), r)

    def test_scharnagl_numbering(self):
        self.assertEqual(book.back_rank(0), "BBQNNRKR")
        self.assertEqual(book.back_rank(518), "RNBQKBNR")
        self.assertEqual(book.back_rank(959), "RKRNNQBB")

    def test_fen_and_castling(self):
        self.assertEqual(book.fen("RNBQKBNR", "RNBQKBNR", False),
                         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        self.assertEqual(book.castling("NRNBKRBQ", "RKRNNQBB", True), "FBca")

    def test_double_books_are_distinct_and_reproducible(self):
        lines = book.double_book(500, 1, False)
        self.assertEqual(lines, book.double_book(500, 1, False))
        self.assertNotEqual(lines, book.double_book(500, 2, False))
        self.assertEqual(len(set(lines)), 500)
        for line in lines:
            ranks = line.split()[0].split("/")
            self.assertTrue(legal_back_rank(ranks[7]), line)
            self.assertTrue(legal_back_rank(ranks[0].upper()), line)
        self.assertGreater(sum(l.split("/")[0].upper() != l.split("/")[7].split()[0]
                               for l in lines), 450)


if __name__ == "__main__":
    unittest.main()
