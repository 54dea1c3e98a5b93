#!/usr/bin/env python3
"""Writes the expected positions of the PGN fixtures with python-chess (`pip install chess`).

For every game of tests/fixtures/pgn/*.pgn: python-chess's board after the main line, as a FEN,
one line per game: `FILE INDEX FEN`, into tests/fixtures/pgn/expected.txt. It also writes
chess960-king-takes-rook.pgn: the Chess960 game with each castling written as the king taking
its own rook, the other way Chess960 games are written.
"""
import pathlib
import chess
import chess.pgn

DIR = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "pgn"


def king_takes_rook(src, dst):
    with open(src) as f:
        game = chess.pgn.read_game(f)
    board = game.board()
    words = []
    for i, move in enumerate(game.mainline_moves()):
        if board.turn == chess.WHITE:
            words.append(f"{board.fullmove_number}.")
        elif i == 0:
            words.append(f"{board.fullmove_number}...")
        if board.is_castling(move):
            cap = "x"
            words.append("K" + cap + chess.square_name(move.to_square))
        else:
            words.append(board.san(move))
        board.push(move)
    headers = "".join(f'[{k} "{v}"]\n' for k, v in game.headers.items())
    dst.write_text(headers + "\n" + " ".join(words) + " *\n")


def main():
    king_takes_rook(DIR / "chess960.pgn", DIR / "chess960-king-takes-rook.pgn")
    lines = []
    # python-chess reads castling only as O-O: the king-takes-rook copy ends where its
    # source does.
    for path in sorted(DIR.glob("*.pgn")):
        if path.name == "chess960-king-takes-rook.pgn":
            continue
        with open(path) as f:
            index = 0
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                if game.errors:
                    raise SystemExit(f"{path.name} game {index}: {game.errors}")
                board = game.end().board()
                lines.append(f"{path.name} {index} {board.fen()}")
                index += 1
    lines += [
        l.replace("chess960.pgn", "chess960-king-takes-rook.pgn", 1)
        for l in lines
        if l.startswith("chess960.pgn ")
    ]
    (DIR / "expected.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
