//! The printable sheet: one self-contained HTML page with every record's diagram and caption,
//! the solution hidden until clicked (`<details>`), laid out for A4 with no diagram cut by a
//! page break.

use std::fmt::Write;

use super::svg::{Defs, escape};
use super::{Caption, LATIN_FONTS, Options, pieces, render};
use crate::core::Position;

/// One diagram of the sheet.
pub struct Entry<'a> {
    /// What the reader calls it: the record's number in the file.
    pub label: String,
    pub position: &'a Position,
    pub caption: &'a Caption,
}

/// The page: `title` on top, then every entry's diagram with its caption and, where there is
/// one, its solution behind a click.
pub fn sheet(title: &str, entries: &[Entry], options: &Options) -> String {
    let mut out = String::with_capacity(4096 + entries.len() * 6000);
    let _ = write!(
        out,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="fenboard">
<title>{title}</title>
<style>
@page {{ size: A4; margin: 14mm; }}
body {{ font-family: {LATIN_FONTS}; color: #000; background: #fff; margin: 8mm auto; max-width: 182mm; }}
h1 {{ font-size: 15pt; font-weight: normal; margin: 0 0 6mm; }}
.sheet {{ display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 7mm 12mm; }}
.diagram {{ margin: 0; break-inside: avoid; page-break-inside: avoid; }}
.diagram svg {{ display: block; width: 100%; height: auto; }}
.label {{ font-weight: bold; font-size: 10pt; margin-bottom: 1mm; }}
details {{ font-size: 10pt; margin-top: 1mm; }}
summary {{ cursor: pointer; color: #333; }}
.solution {{ margin: 1mm 0 0; white-space: pre-wrap; }}
@media print {{ summary {{ color: #000; }} }}
</style>
</head>
<body>
<svg width="0" height="0" style="position:absolute" aria-hidden="true">{defs}</svg>
<h1>{title}</h1>
<main class="sheet">
"#,
        title = escape(title),
        defs = if entries.iter().any(|e| e.position.game.is_chess()) {
            pieces::defs()
        } else {
            ""
        },
    );
    for entry in entries {
        let _ = write!(
            out,
            "<figure class=\"diagram\">\n<div class=\"label\">{}</div>\n",
            escape(&entry.label)
        );
        out.push_str(&render(
            entry.position,
            entry.caption,
            options,
            Defs::Shared,
        ));
        if let Some(solution) = &entry.caption.solution {
            let _ = writeln!(
                out,
                "<details><summary>Solution</summary><p class=\"solution\">{}</p></details>",
                escape(solution)
            );
        }
        out.push_str("</figure>\n");
    }
    out.push_str("</main>\n</body>\n</html>\n");
    out
}
