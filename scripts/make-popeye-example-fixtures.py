#!/usr/bin/env python3
"""Build tests/fixtures/popeye/*.inp and tests/fixtures/popeye_examples.tsv: Popeye's own
example files, read and solved by fenboard as Popeye solves them.

Popeye's source tree has folders of example and test inputs (EXAMPLES/, BEISPIEL/, TESTS/,
REGRESSIONS/), most of them fairy. From each file that has orthodox problems (no condition, no
fairy piece, stipulation or option: make-composer-fixtures.py's reader decides, independently of
fenboard's) a fixture input is made of those problems, each copied as written (only `protocol`
lines, which make Popeye write a file, are left out), and of up to --fairy of the file's fairy
problems, which fenboard must report as errors naming the fairy word while it solves the rest.
A helpmate with `option whitetoplay` (White begins: h#n.5 less half a move) is orthodox too.
Each fixture file keeps the language of its source (`beginproblem` or `anfangproblem` …) and
names its source in a `remark` in its first problem. Popeye is GPL, as fenboard is.

Help play of four moves or more and series of seven or more, which Popeye solves at once with
its intelligent mode and fenboard takes minutes for, go into a fixture file of their own,
NAME-long.inp, which a test run on demand (`-- --ignored`) solves.

Each orthodox problem is solved by Popeye on its own (dropped when Popeye takes longer than
--timeout seconds) and its answer, twin by twin, becomes rows of popeye_examples.tsv:

  file      the fixture file (tests/fixtures/popeye/NAME)
  problem   the problem's number in it, from 1
  twin      a, b, c … (`-` for a fairy problem)
  kind      orthodox, or fairy
  keys      #n, s#n, r#n …: Popeye's keys (its `!` lines) as UCI; `.` otherwise
  solutions help and series play: every whole line Popeye prints, set lines included; `.`
  set       direct play with set play: `defence answer` pairs before the key; `.` otherwise
  fairy     a fairy problem: the words that make it fairy (a condition's name, a fairy piece's
            token, a fairy option or stipulation), `|` between; `.` for an orthodox one

Lists are sorted, ',' between, '-' for none; castling is the king's move (e1g1). Popeye's moves
are replayed with python-chess on each twin's board (as scripts/make-popeye-roundtrip.py does).

Requires Popeye and its source tree, and python-chess 1.11.

Usage: scripts/make-popeye-example-fixtures.py [--popeye PATH] [--popeye-src DIR] [--timeout S]
"""

import argparse
import importlib.util
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

_spec = importlib.util.spec_from_file_location("roundtrip", HERE / "make-popeye-roundtrip.py")
rt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rt)
comp, base = rt.comp, rt.base

SEPARATOR = re.compile(r"(?im)^[ \t]*(?:nex|weit|suiv)\w*[ \t]*$")
LANGUAGE = {  # the source's first word: (begin, remark, next, end)
    "beg": ("beginproblem", "remark", "nextproblem", "endproblem"),
    "anf": ("anfangproblem", "bemerkung", "weiteresproblem", "endeproblem"),
}
FOLDERS = ("EXAMPLES", "BEISPIEL", "TESTS", "REGRESSIONS")
ORTHODOX_OPTIONS = base.HARMLESS_OPTIONS | {"nocastling", "enpassant", "maxsolutions", "whitetoplay",
                                            "weissbeginnt", "keinrochade"}


def blocks(text):
    """The problems of an input, each its text without begin and end."""
    text = re.sub(r"(?im)^[ \t]*(?:beg|anf|deb)\w*[ \t]*$", "", text, count=1)
    text = re.sub(r"(?im)^[ \t]*end\w*[ \t]*$[\s\S]*", "", text)
    out = []
    for block in SEPARATOR.split(text):
        block = "\n".join(l for l in block.splitlines() if not re.match(r"(?i)^\s*prot", l)).strip()
        if block:
            out.append(block)
    return out


def fairy_words(block):
    """The words of a problem that no orthodox problem has: a condition's name, a piece token
    that is no orthodox man on squares (a fairy piece, `neutral`)."""
    words = []
    mode = None
    for raw in block.splitlines():
        tokens = raw.split()
        if not tokens:
            continue
        head = tokens[0].lower()
        if head.startswith(("cond", "bed")):
            words += tokens[1:2]
            mode = None
            continue
        if head.startswith(("pie", "ste")):
            mode = "pieces"
            tokens = tokens[1:]
        elif re.match(r"[a-z]", head) and mode == "pieces" and not (
                base.lookup(head, base.COLOURS) or re.fullmatch(r"[kqrbsptdl]([a-h][1-8])+", head)):
            mode = None
        if mode == "pieces":
            for tok in tokens:
                if base.lookup(tok, base.COLOURS) is None and not re.fullmatch(
                        r"[kqrbsptdlKQRBSPTDL]([a-h][1-8])+", tok):
                    words.append(tok)
    return sorted(set(words))


GERMAN_MEN = {"D": "Q", "T": "R", "L": "B", "S": "S", "K": "K"}


def english(out):
    """Popeye's German output in its English words and letters (Popeye answers in the input's
    language): `Loesung beendet. Zeit`, `Tf1-f8`, `=D` as `solution finished. Time`, `Rf1-f8`,
    `=Q`."""
    out = out.replace("Loesung beendet. Zeit", "solution finished. Time")
    out = re.sub(r"(?<![A-Za-z])([DTLSK])(?=[a-h][1-8][-*])", lambda m: GERMAN_MEN[m.group(1)], out)
    return re.sub(r"=([DTLS])", lambda m: "=" + GERMAN_MEN[m.group(1)], out)


def popeye_lines(popeye, begin, block, timeout):
    """Popeye's answer to one problem (its lines), or None when it refused or was slow."""
    end = "endproblem" if begin.startswith("beg") else "endeproblem"
    text = f"{begin}\n{block}\n{end}\n"
    try:
        out = comp.run_popeye(popeye, text, timeout)[0] if begin.startswith("beg") else german(popeye, text, timeout)
    except comp.Refused:
        return None
    answers = rt.split_problems(out)
    return answers[0] if len(answers) == 1 else None


def german(popeye, text, timeout):
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False, encoding="latin-1") as f:
        f.write(text)
        path = f.name
    try:
        proc = subprocess.run([popeye, "-maxmem", "64M", path], capture_output=True, text=True,
                              encoding="latin-1", timeout=timeout + 5)
    except subprocess.TimeoutExpired:
        raise comp.Refused("timeout")
    finally:
        Path(path).unlink()
    out = english(proc.stdout)
    took = re.search(r"solution finished\. Time = ([0-9.]+) s", out)
    if proc.returncode != 0 or proc.stderr.strip() or not took or float(took.group(1)) > timeout:
        raise comp.Refused("refused or slow")
    return out


WHITE_TO_PLAY = re.compile(r"(?i)^(whitetoplay|weissbeginnt|apparentseul|weiss|weis|white|whi)$")


def white_to_play(block):
    """The problem without its `option whitetoplay` (German `weiss`) and with the stipulation
    White's beginning makes of it (h#n becomes h#(n-0.5)); and whether it had the option."""
    out, found = [], False
    for line in block.splitlines():
        tokens = line.split()
        if tokens and tokens[0].lower().startswith("opt"):
            kept = [t for t in tokens[1:] if not WHITE_TO_PLAY.match(t)]
            found = found or len(kept) < len(tokens) - 1
            line = " ".join([tokens[0]] + kept) if kept else ""
        out.append(line)
    if not found:
        return block, False
    for i, line in enumerate(out):
        m = re.match(r"(?i)^\s*(sti\w*|forde\w*)\s+(h[#=])([1-9])\s*$", line)
        if m:
            out[i] = f"{m.group(1)} {m.group(2)}{int(m.group(3)) - 1}.5"
            return "\n".join(out), True
    return None, True


def orthodox_rows(popeye, begin, block, timeout):
    """Popeye's rows for an orthodox problem, and its stipulation; None for any other. In help
    play `option whitetoplay` makes White begin: h#n so played is fenboard's h#(n-0.5)."""
    plain, whites = white_to_play(block)
    parsed = comp.parse_example(plain) if plain is not None else None
    if parsed is None or (whites and parsed[3]):
        return None
    board, stip, setplay, twins = parsed
    lines = popeye_lines(popeye, begin, block, timeout)
    if lines is None:
        return None
    try:
        rows = rt.rows_of(("", "", board, stip, setplay, twins), lines)
    except (SystemExit, ValueError, comp.Repeats):
        return None
    return [[r[1], r[3], r[4], r[5]] for r in rows], stip


def long(stip):
    """Help play of four moves or more and series of seven or more: Popeye solves them at once
    with its intelligent mode; fenboard takes minutes, so they are fixtures of their own."""
    if not comp.is_listed(stip):
        return False
    return comp.length(stip) >= (7 if stip.startswith("ser-") else 4)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--popeye", default="/tmp/popeye/py")
    ap.add_argument("--popeye-src", default="/tmp/popeye")
    ap.add_argument("--timeout", type=float, default=1.5)
    ap.add_argument("--fairy", type=int, default=3, help="fairy problems kept per file")
    ap.add_argument("--out", default=str(ROOT / "tests/fixtures"))
    args = ap.parse_args()
    src, out = Path(args.popeye_src), Path(args.out)
    (out / "popeye").mkdir(exist_ok=True)
    for old in (out / "popeye").glob("*.inp"):
        old.unlink()
    version = subprocess.run([args.popeye, "-version"], capture_output=True, text=True).stdout.split()
    version = next((w for w in version if re.fullmatch(r"v\d+\.\d+", w)), "?")
    table = []
    total = {"orthodox": 0, "fairy": 0}
    for folder in FOLDERS:
        for path in sorted((src / folder).glob("*.inp")):
            text = path.read_text(encoding="latin-1")
            first = text.split()[0].lower()[:3] if text.split() else ""
            if first not in LANGUAGE:
                continue
            begin, remark, nxt, end = LANGUAGE[first]
            kept, slow, fairy = [], [], []
            for block in blocks(text):
                solved = orthodox_rows(args.popeye, begin, block, args.timeout)
                if solved is not None:
                    rows, stip = solved
                    (slow if long(stip) else kept).append((block, "orthodox", rows))
                elif len(fairy) < args.fairy and comp.parse_example(block) is None:
                    words = fairy_words(block)
                    if words:
                        fairy.append((block, "fairy", words))
            if not kept and not slow:
                continue
            stem = f"{folder.lower()}-{path.stem}"
            # The fairy problems go between the orthodox ones: the rest of the file goes on.
            for name, problems, what in [
                (f"{stem}.inp", kept[:1] + fairy + kept[1:], "its orthodox problems and a few fairy ones"),
                (f"{stem}-long.inp", slow, "its long orthodox helpmates and series"),
            ]:
                if not problems or all(kind == "fairy" for _, kind, _ in problems):
                    continue
                header = (f"{remark} From Popeye {version}'s {folder}/{path.name} "
                          f"(https://github.com/thomas-maeder/popeye, GPL): {what}.")
                body = f"\n{nxt}\n".join(b for b, _, _ in problems)
                (out / "popeye" / name).write_text(f"{begin}\n{header}\n{body}\n{end}\n", encoding="latin-1")
                for number, (_, kind, data) in enumerate(problems, 1):
                    total[kind] += 1
                    if kind == "fairy":
                        table.append([name, str(number), "-", kind, ".", ".", ".", "|".join(data)])
                    else:
                        for twin, keys, solutions, sets in data:
                            table.append([name, str(number), twin, kind, keys, solutions, sets, "."])
            print(f"{stem}: {len(kept)} orthodox, {len(slow)} long, {len(fairy)} fairy", file=sys.stderr)
    with open(out / "popeye_examples.tsv", "w") as f:
        f.write(f"# Popeye's own example files (tests/fixtures/popeye/), solved by Popeye {version}\n")
        f.write("# (scripts/make-popeye-example-fixtures.py; its docstring explains the columns).\n")
        f.write("\t".join(["file", "problem", "twin", "kind", "keys", "solutions", "set", "fairy"]) + "\n")
        for r in table:
            f.write("\t".join(r) + "\n")
    print(f"{total['orthodox']} orthodox problems, {total['fairy']} fairy ones", file=sys.stderr)


if __name__ == "__main__":
    main()
