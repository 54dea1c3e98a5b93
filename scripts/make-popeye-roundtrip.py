#!/usr/bin/env python3
"""Build tests/fixtures/popeye_roundtrip.tsv: fenboard's Popeye export, solved by Popeye.

Every record of assets/examples/*.epd (the chess ones) and a few hundred problems of
tests/fixtures/solve_popeye_composers.tsv (every family: #n, s#n, h#n, h#n.5, the series movers,
r#n, r=n, set play, twins) are written as EPD records, converted with
`fenboard convert --to popeye`, and that one Popeye input is solved by Popeye. Popeye's answer
for each problem and twin becomes one row:

  id        the record's `id` (the examples' own, `composers-N` for the composer problems)
  twin      a, b, c … (the diagram is a)
  record    the EPD record fenboard converted (the same on every row of a problem)
  keys      #n, s#n, r#n …: Popeye's keys (its `!` lines) as UCI; `.` for help and series play
  solutions help and series play: every whole line Popeye prints (short ones and, with set
            play, h#n's set lines included), UCI moves separated by spaces; `.` otherwise
  set       direct play with set play: every `defence answer` pair Popeye prints before the key;
            `.` when not asked or not of this family
  popeye    Popeye's own words for this twin, as tests/suite/popeye_roundtrip.rs reads them back
            from a fresh Popeye run: `key MOVE` for each key line, `line MOVES` for each whole
            line of help or series play, `set DEFENCE ANSWER` for each set pair, with move
            numbers and check, mate and en passant marks left out (`key Ra1-a6`,
            `line Bb8-h2 Ra1*a7`), sorted, `|` between

A problem whose answer would fill a cell with more than --max-cell characters (a helpmate's
set play of hundreds of lines) is left out. Lists are sorted, ',' between, '-' for none. Castling is the king's move (e1g1). Every Popeye
move is replayed with python-chess on the twin's own board (make-composer-fixtures.py's twin
and move readers) and every whole line checked to reach its goal, so a misread answer fails
here, not in the test.

Requires Popeye (its code is never part of fenboard), python-chess 1.11 and a fenboard binary.

Usage: scripts/make-popeye-roundtrip.py --popeye PATH --fenboard BIN [--per-group N] [--out FILE]
"""

import argparse
import importlib.util
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import chess

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, HERE / file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


comp = load("composer_fixtures", "make-composer-fixtures.py")
base = comp.base

POPEYE_MOVE = re.compile(r"^\d+\.+")


def popeye_words(lines):
    """Popeye's answer for one twin in the fixture's `popeye` column words (see the docstring);
    tests/suite/popeye_roundtrip.rs reads Popeye's output the same way."""
    words = set()
    keyed = False
    defence = None
    for line in lines:
        if re.match(r"^   1\.[^.]", line):
            tokens = line.split()
            if "!" in tokens:
                keyed = True
                words.add("key " + moves(tokens[:1])[0])
            continue
        if re.match(r"^  1\.", line):
            words.add("line " + " ".join(moves(line.split())))
            continue
        if keyed:
            continue
        m = re.match(r"^      1\.\.\.(\S+)", line)
        if m:
            defence = moves([m.group(1)])[0]
            continue
        m = re.match(r"^          2\.(\S+)", line)
        if m and defence is not None:
            words.add(f"set {defence} {moves([m.group(1)])[0]}")
    return sorted(words)


def moves(tokens):
    """The move tokens of a Popeye line: move numbers stripped, marks (`#`, `+`, `ep.`) left out."""
    out = []
    for token in tokens:
        token = POPEYE_MOVE.sub("", token)
        if any(c.isdigit() for c in token):
            out.append(token)
    return out


def split_problems(out):
    """Popeye's output for a whole input: each problem's lines (the version line left out)."""
    problems, current = [], []
    for line in out.splitlines()[1:]:
        if "solution finished" in line:
            problems.append(current)
            current = []
        else:
            current.append(line)
    return problems


def split_twins(lines):
    parts = {"a": []}
    current = "a"
    for line in lines:
        m = re.match(r"^\+?([a-z])\) ", line)
        if m:
            current = m.group(1)
            parts[current] = []
            continue
        parts[current].append(line)
    return parts


def twin_list(text):
    """`b) move c3 d4 c) cont add black pe4` as [(label, command)]."""
    out = []
    for word in text.split():
        if len(word) == 2 and word.endswith(")"):
            out.append((word[0], []))
        else:
            out[-1][1].append(word)
    return [(label, " ".join(words)) for label, words in out]


TWIN_COMMANDS = ("move", "exchange", "remove", "add", "rotate", "mirror", "shift", "polish", "stipulation")


def twin_positions(board, stip, twins):
    """make-composer-fixtures.py's twin_positions, for twins of several commands too
    (`remove a6 add black ra6`): each applied in turn."""
    out = [("a", board, stip)]
    for label, text in twins:
        words = text.split()
        cont = words[:1] == ["cont"]
        b, s = (out[-1][1], out[-1][2]) if cont else (board, stip)
        commands, current = [], []
        for word in words[1:] if cont else words:
            if word in TWIN_COMMANDS and current:
                commands.append(" ".join(current))
                current = []
            current.append(word)
        commands.append(" ".join(current))
        for command in commands:
            # EPD twins name the knight N (fenboard's letter), Popeye's tables S.
            command = re.sub(r"^(add \w+ )n", r"\1s", command)
            res = comp.apply_twin(b, s, command)
            if res is None:
                return None
            b, s = res
        out.append((label, b, s))
    return out


def quoted(text):
    return '"' + text.replace('"', "'") + '"'


def example_problems():
    """(id, record, board, stip, setplay, twins) of the chess records of assets/examples/."""
    out = []
    for path in sorted((ROOT / "assets/examples").glob("*.epd")):
        for line in path.read_text().splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split()
            board = chess.Board(" ".join(fields[:4]) + " 0 1")
            ops = " ".join(fields[4:])
            ident = re.search(r'\bid "([^"]+)"', ops).group(1)
            stip = re.search(r'\bstip "([^"]+)"', ops)
            stip = stip.group(1) if stip else "#" + re.search(r"\bdm (\d+);", ops).group(1)
            twins = re.search(r'\btwins "([^"]+)"', ops)
            twins = twin_list(twins.group(1)) if twins else []
            setplay = re.search(r"(^|; )setplay;", ops) is not None
            out.append((ident, line, board, stip, setplay, twins))
    return out


def composer_problems(per_group):
    """Problems of the composer fixture: every twinned and set-play one, and up to `per_group`
    of every other stipulation family, solved and unsolved alike."""
    path = ROOT / "tests/fixtures/solve_popeye_composers.tsv"
    rows = [l.split("\t") for l in path.read_text().splitlines() if l and not l.startswith("#")]
    header, rows = rows[0], rows[1:]
    col = {name: i for i, name in enumerate(header)}
    firsts = [r for r in rows if r[col["twin"]] == "a"]
    taken, counts = [], {}
    for r in firsts:
        stip, twins, setplay = r[col["stipulation"]], r[col["twins"]], r[col["setplay"]] == "yes"
        if twins != "-" or setplay:
            taken.append(r)
            continue
        fam = comp.family(stip)
        if counts.get(fam, 0) < per_group:
            counts[fam] = counts.get(fam, 0) + 1
            taken.append(r)
    out = []
    for r in taken:
        ident = "composers-" + r[col["id"]]
        stip, twins, setplay = r[col["stipulation"]], r[col["twins"]], r[col["setplay"]] == "yes"
        fen4 = " ".join(r[col["fen"]].split()[:4])
        ops = [f"id {quoted(ident)};", f"stip {quoted(stip)};"]
        if twins != "-":
            ops.append(f"twins {quoted(twins)};")
        if setplay:
            ops.append("setplay;")
        record = fen4 + " " + " ".join(ops)
        board = chess.Board(r[col["fen"]])
        out.append((ident, record, board, stip, setplay, twin_list(twins) if twins != "-" else []))
    return out


def rows_of(problem, lines):
    """The fixture rows of one problem from Popeye's lines for it."""
    ident, record, board, stip, setplay, twins = problem
    diagram = board.copy()
    diagram.turn = comp.starter(stip)
    if board.turn != diagram.turn and not comp.is_listed(stip):
        sys.exit(f"{ident}: a direct problem with Black to move is exported mirrored; not here")
    positions = twin_positions(diagram, stip, twins)
    parts = split_twins(lines)
    if positions is None or sorted(parts) != [label for label, _, _ in positions]:
        sys.exit(f"{ident}: Popeye's twins {sorted(parts)} are not the record's")
    rows = []
    for label, b, s in positions:
        if twins:
            b = comp.playable(b, s)
            if b is None:
                sys.exit(f"{ident}: twin {label} is not a position Popeye and fenboard share")
        part = parts[label]
        keys = solutions = sets = None
        if comp.is_listed(s):
            solutions, set_lines = comp.parse_listed(b, s, part, setplay)
            solutions = sorted(set(solutions) | set(set_lines))
        else:
            keys, sets, _, bound = comp.parse_direct(b, s, part)
            if bound:
                sys.exit(f"{ident}: Popeye says White could mate at once (?!?)")
            if not setplay:
                sets = None
        rows.append([ident, label, record, comp.cell(keys), comp.cell(solutions), comp.cell(sets),
                     "|".join(popeye_words(part)) or "-"])
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--popeye", default="/tmp/popeye/py")
    ap.add_argument("--fenboard", default=str(ROOT / "target/debug/fenboard"))
    ap.add_argument("--per-group", type=int, default=16, help="untwinned problems per family")
    ap.add_argument("--max-cell", type=int, default=12000,
                    help="leave out a problem whose answer fills more characters than this in a cell")
    ap.add_argument("--out", default=str(ROOT / "tests/fixtures/popeye_roundtrip.tsv"))
    args = ap.parse_args()
    problems = example_problems() + composer_problems(args.per_group)
    with tempfile.TemporaryDirectory() as tmp:
        epd = Path(tmp) / "records.epd"
        epd.write_text("".join(p[1] + "\n" for p in problems))
        inp = Path(tmp) / "records.inp"
        subprocess.run([args.fenboard, "convert", str(epd), "--to", "popeye", "-o", str(inp)], check=True)
        out = subprocess.run([args.popeye, "-maxmem", "256M", str(inp)], capture_output=True, text=True,
                             timeout=1800).stdout
    answers = split_problems(out)
    if len(answers) != len(problems):
        sys.exit(f"Popeye answered {len(answers)} problems of {len(problems)}")
    rows, kept, long = [], [], 0
    for p, lines in zip(problems, answers):
        of = rows_of(p, lines)
        if max(len(w) for r in of for w in r) > args.max_cell:
            long += 1
            continue
        rows += of
        kept.append(p)
    problems = kept
    version = out.splitlines()[0].split(" v")[-1].split()[0]
    with open(args.out, "w") as f:
        f.write("# fenboard's `convert --to popeye` solved by Popeye " + version + "\n")
        f.write("# (scripts/make-popeye-roundtrip.py; its docstring explains the columns).\n")
        f.write("\t".join(["id", "twin", "record", "keys", "solutions", "set", "popeye"]) + "\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    families = {}
    for p in problems:
        families[comp.family(p[3])] = families.get(comp.family(p[3]), 0) + 1
    print(f"{len(problems)} problems ({long} with longer answers left out), {len(rows)} rows: {families}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
