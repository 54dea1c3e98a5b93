#!/usr/bin/env python3
"""Prints the English Fluent entries of the key table (editor/keys.rs): the ids the help
overlay and the hint bar look up (`i18n::slug`), for pasting into locales/en.ftl."""
import re, sys

src = open(sys.argv[1] if len(sys.argv) > 1 else "src/editor/keys.rs").read()
table = src[src.index("pub const TABLE"):]

def slug(prefix, text):
    words = [w.lower() for w in re.split(r"[^A-Za-z0-9]+", text) if w][:6]
    return prefix + "-".join(words)

def needs_words(keys):
    return re.search(r"(?<![A-Za-z])[a-z]{2,}", keys) is not None

seen = {}
def emit(id_, text):
    if id_ in seen:
        if seen[id_] != text:
            sys.exit(f"id {id_} for two texts: {seen[id_]!r} and {text!r}")
        return
    seen[id_] = text
    print(f"{id_} = {text}")

for keys, what in re.findall(r'row\(Group::\w+, [^,]+, "((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"', table):
    if what:
        emit(slug("key-", what), what)
    if keys and needs_words(keys):
        emit(slug("keys-", keys), keys)
for what in re.findall(r'hint\(Mode::\w+, \d+, "(?:[^"\\]|\\.)*", "((?:[^"\\]|\\.)*)"\)', table):
    emit(slug("hint-", what), what)
