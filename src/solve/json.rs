//! The `--json` form of a solution: `fen`, `stipulation`, `result`, `keys`, `threat`,
//! `variations` (the defences that stop the threat), `tries`, `solutions`, `set`, `length`,
//! `nodes`, `seconds`, and a few fields of its own (`game`, `checks`, `cooked`, `zugzwang`,
//! `short`, `other_defences`, `begins`, `forced`, `trees`, `truncated`, `table_bytes`).

use serde_json::{Value, json};

use super::{Defence, Line, Named, Solution, Threat};
use crate::core::Color;

fn mv(m: &Named) -> Value {
    json!({"uci": m.uci.as_str(), "san": m.san.as_str()})
}

fn moves(ms: &[Named]) -> Value {
    Value::Array(ms.iter().map(mv).collect())
}

fn threat(t: &Threat<Named>) -> Value {
    match t {
        Threat::Moves(ms) => moves(ms),
        Threat::None | Threat::Zugzwang => Value::Null,
    }
}

/// Every whole line through `line`: its move, then each defence and the lines after it.
fn flatten(line: &Line<Named>, prefix: &mut Vec<Named>, out: &mut Vec<Vec<Named>>) {
    prefix.push(line.mv.clone());
    if line.defences.is_empty() {
        out.push(prefix.clone());
    }
    for d in &line.defences {
        prefix.push(d.mv.clone());
        if d.continuations.is_empty() {
            out.push(prefix.clone());
        }
        for c in &d.continuations {
            flatten(c, prefix, out);
        }
        prefix.pop();
    }
    prefix.pop();
}

/// The defences that stop the threat (`variation`), or the others.
fn variations(defences: &[Defence<Named>], variation: bool) -> Value {
    Value::Array(
        defences
            .iter()
            .filter(|d| d.variation == variation)
            .map(|d| {
                let mut lines = Vec::new();
                for c in &d.continuations {
                    flatten(c, &mut Vec::new(), &mut lines);
                }
                json!({
                    "defence": mv(&d.mv),
                    "continuations": lines.iter().map(|l| moves(l)).collect::<Vec<_>>(),
                    "short": d.short,
                })
            })
            .collect(),
    )
}

pub(super) fn solution(s: &Solution<Named>) -> Value {
    let lines = s.solutions.iter().map(|h| moves(&h.moves)).collect();
    object(s, s, Value::Array(lines))
}

/// `solution` of the whole solution whose moves but its helpmate lines' `named` holds, the
/// lines counted in `lines`, with `null` for them, which `write` streams: a cooked helpmate
/// has millions of moves, and as a `Value` each move's object is a map of its own.
pub(super) fn head<M: PartialEq>(named: &Solution<Named>, lines: &Solution<M>) -> Value {
    object(named, lines, Value::Null)
}

/// The helpmate lines named one at a time: each handed to the function given, until it fails.
pub(super) type EachLine<'a> =
    &'a mut dyn FnMut(&mut dyn FnMut(&[Named], bool) -> std::io::Result<()>) -> std::io::Result<()>;

/// `head` (with what a caller added to it) written as `solution` would be, the lines written
/// straight from `lines` as they are named: the same text, compact, its keys in order.
pub(super) fn write(
    out: &mut dyn std::io::Write,
    head: &Value,
    lines: EachLine,
) -> std::io::Result<()> {
    let Value::Object(fields) = head else {
        return Ok(serde_json::to_writer(out, head)?);
    };
    out.write_all(b"{")?;
    for (i, (key, value)) in fields.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, key)?;
        out.write_all(b":")?;
        if key == "solutions" && value.is_null() {
            write_lines(out, lines)?;
        } else {
            serde_json::to_writer(&mut *out, value)?;
        }
    }
    out.write_all(b"}")
}

/// The lines as `moves` writes each: `[[{"san":…,"uci":…},…],…]`.
fn write_lines(out: &mut dyn std::io::Write, lines: EachLine) -> std::io::Result<()> {
    out.write_all(b"[")?;
    let mut first = true;
    lines(&mut |line, _| {
        out.write_all(if first { b"[" } else { b",[" })?;
        first = false;
        for (j, m) in line.iter().enumerate() {
            out.write_all(if j > 0 { b",{\"san\":" } else { b"{\"san\":" })?;
            serde_json::to_writer(&mut *out, m.san.as_str())?;
            out.write_all(b",\"uci\":")?;
            serde_json::to_writer(&mut *out, m.uci.as_str())?;
            out.write_all(b"}")?;
        }
        out.write_all(b"]")
    })?;
    out.write_all(b"]")
}

/// The object of the solution whose moves `s` names, its helpmate lines counted in `lines`
/// (`s` itself where it holds them), its `solutions` field `solutions`.
fn object<M: PartialEq>(s: &Solution<Named>, lines: &Solution<M>, solutions: Value) -> Value {
    let first = s.keys.first();
    let set = if s.stipulation.is_help() {
        Value::Array(s.set_lines.iter().map(|h| moves(&h.moves)).collect())
    } else {
        variations(&s.set, true)
    };
    json!({
        "fen": s.fen,
        "game": s.game.name(),
        "stipulation": s.stipulation.to_string(),
        "checks": s.checks,
        "result": s.outcome.as_str(),
        "cooked": lines.is_cooked(),
        "keys": s.keys.iter().map(|k| mv(&k.mv)).collect::<Vec<_>>(),
        "threat": first.map_or(Value::Null, |k| threat(&k.threat)),
        "zugzwang": first.is_some_and(|k| k.threat == Threat::Zugzwang),
        "length": first.map(|k| k.length),
        "variations": first.map_or(json!([]), |k| variations(&k.defences, true)),
        "other_defences": first.map_or(json!([]), |k| variations(&k.defences, false)),
        "set": set,
        "begins": s.order.map(|c| if c == Color::White { "white" } else { "black" }),
        "forced": s.forced,
        "trees": s.keys.iter().map(|k| json!({
            "key": mv(&k.mv),
            "length": k.length,
            "threat": threat(&k.threat),
            "zugzwang": k.threat == Threat::Zugzwang,
            "variations": variations(&k.defences, true),
            "other_defences": variations(&k.defences, false),
        })).collect::<Vec<_>>(),
        "tries": s.tries.iter().map(|t| json!({
            "move": mv(&t.mv),
            "refutations": moves(&t.refutations),
        })).collect::<Vec<_>>(),
        "solutions": solutions,
        "short": lines.solutions.iter().map(|h| h.short).collect::<Vec<_>>(),
        "truncated": s.truncated,
        "nodes": s.nodes,
        "seconds": s.seconds,
        "table_bytes": s.table_bytes,
    })
}
