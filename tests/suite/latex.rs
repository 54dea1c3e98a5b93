//! The LaTeX documents compiled by the real `pdflatex` with CTAN's `diagram.sty` and `xq`, and
//! the PDF read back: its text must carry every problem's author, stipulation and solution, and
//! its pages must hold the boards (dark pixels where the pieces stand, not a blank page).

use std::path::Path;
use std::process::Command;

use fenboard::collection::Collection;
use fenboard::core::{Game, Position, fen};
use fenboard::diagram::latex::{Entry, document};

use crate::common::needs;
use crate::common::tools::program;

fn examples(name: &str, game: Game) -> Vec<(Position, Option<String>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/examples")
        .join(name);
    let c = Collection::open(&path, game).expect("example opens");
    (0..c.len())
        .map(|i| {
            let position = fen::read(c.fen(i), Some(game))
                .position
                .expect("example reads");
            (position, c.operations(i).map(str::to_owned))
        })
        .collect()
}

/// Compiles `tex` in a folder of its own; returns the PDF's text (pdftotext -layout) and the
/// share of dark pixels on its first page at 50 dpi.
fn compile(name: &str, tex: &str) -> (String, f64) {
    // Kept after the test, to be looked at: target/tmp/latex-NAME/doc.pdf.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("latex-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("doc.tex"), tex).unwrap();
    let out = Command::new(program("pdflatex"))
        .args(["-interaction=nonstopmode", "-halt-on-error", "doc.tex"])
        .current_dir(&dir)
        .output()
        .expect("pdflatex runs");
    assert!(
        out.status.success(),
        "pdflatex failed:\n{}\n--- document ---\n{tex}",
        String::from_utf8_lossy(&out.stdout)
    );
    let text = Command::new(program("pdftotext"))
        .args(["-layout", "doc.pdf", "-"])
        .current_dir(&dir)
        .output()
        .expect("pdftotext runs");
    let png = Command::new(program("pdftoppm"))
        .args(["-r", "50", "-f", "1", "-l", "1", "-gray", "doc.pdf", "page"])
        .current_dir(&dir)
        .status()
        .expect("pdftoppm runs");
    assert!(png.success());
    let page = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "pgm"))
        .expect("a page image");
    (
        String::from_utf8_lossy(&text.stdout).into_owned(),
        dark_share(&std::fs::read(page).unwrap()),
    )
}

/// The share of pixels darker than mid-grey in a binary PGM (`P5 w h max` then bytes).
fn dark_share(pgm: &[u8]) -> f64 {
    let mut fields = 0;
    let mut at = 0;
    while fields < 4 {
        while pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        while !pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields += 1;
    }
    let pixels = &pgm[at + 1..];
    pixels.iter().filter(|&&p| p < 128).count() as f64 / pixels.len() as f64
}

#[needs(pdflatex)]
#[test]
fn every_chess_example_compiles_with_diagram_sty_and_its_text_is_in_the_pdf() {
    let problems = examples("chess-mates.epd", Game::Chess);
    let entries: Vec<Entry> = problems
        .iter()
        .map(|(p, ops)| Entry {
            position: p,
            ops: ops.as_deref(),
            solution: None,
            proved: false,
        })
        .collect();
    let (text, dark) = compile("chess", &document(&entries));
    // "Mans" and not "Mansfield": the PDF's text has the fi ligature.
    for surname in ["Morphy", "Shinkman", "Mans", "Guidelli"] {
        assert!(text.contains(surname), "{surname} missing from\n{text}");
    }
    // The solutions are collected at the end; Morphy's key is among them.
    assert!(
        text.contains("Ra6!"),
        "Morphy's solution missing from\n{text}"
    );
    // Piece counts as the composers print them: Morphy's (3+4).
    assert!(text.contains("(3+4)") || text.contains("3+4"), "{text}");
    assert!(
        dark > 0.02,
        "the first page is nearly blank ({dark:.3} dark)"
    );
}

#[needs(pdflatex)]
#[test]
fn a_xiangqi_collection_compiles_with_xq() {
    let problems = examples("xiangqi-endgames.fen", Game::Xiangqi);
    let entries: Vec<Entry> = problems
        .iter()
        .take(4)
        .map(|(p, ops)| Entry {
            position: p,
            ops: ops.as_deref(),
            solution: Some("1.R9.4!"),
            proved: true,
        })
        .collect();
    let (text, dark) = compile("xiangqi", &document(&entries));
    assert!(text.contains("1.R9.4!"), "{text}");
    // The xiangqi board's lines are thin: less ink than a chess board's squares, and still
    // many times a page with only its number (0.0001).
    assert!(
        dark > 0.002,
        "the first page is nearly blank ({dark:.3} dark)"
    );
}

#[needs(pdflatex)]
#[test]
fn every_character_tex_treats_specially_comes_out_as_written() {
    let position = fen::read("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", None)
        .position
        .unwrap();
    let nasty = r"A\B {x} #$%&_^~ \end{document}";
    let ops = format!(
        r##"c0 "{nasty}, Source"; stip "#2"; c1 "1.Ra8# {nasty}"; twins "b) move a1 b1 c) remove e1";"##
    );
    let entries = [Entry {
        position: &position,
        ops: Some(&ops),
        solution: None,
        proved: false,
    }];
    let (text, _) = compile("escapes", &document(&entries));
    // The escapes survive as text: the braces, the hash and the words after a backslash.
    assert!(text.contains("{x}"), "{text}");
    assert!(text.contains("#$%&_"), "{text}");
    assert!(text.contains("b) move a1 b1"), "{text}");
}

#[needs(pdflatex)]
#[test]
fn convert_to_latex_writes_a_document_of_a_whole_file_and_of_one_fen() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples/chess-mates.epd");
    let out = Command::new(crate::common::BIN)
        .args(["convert", &file.to_string_lossy(), "--to", "latex"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tex = String::from_utf8(out.stdout).unwrap();
    let records = examples("chess-mates.epd", Game::Chess).len();
    assert_eq!(tex.matches("\\begin{diagram}").count(), records);
    let (text, _) = compile("convert-file", &tex);
    assert!(text.contains("Morphy"), "{text}");

    let out = Command::new(crate::common::BIN)
        .args(["convert", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "--to", "latex"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tex = String::from_utf8(out.stdout).unwrap();
    assert_eq!(tex.matches("\\begin{diagram}").count(), 1);
    let (text, dark) = compile("convert-fen", &tex);
    assert!(text.contains("(2+1)") || text.contains("2+1"), "{text}");
    // One small board on an A4 page: many times the ink of a page with only its number.
    assert!(dark > 0.001, "{dark}");
}

/// A record with a stipulation and no solution of its own is solved for the document: its
/// solution is printed and, proved sound, it is marked so ("C+").
#[needs(pdflatex)]
#[test]
fn convert_to_latex_solves_a_record_that_has_no_solution_of_its_own() {
    let record = "8/7B/K3Q3/4pq2/1P1p4/bR6/1B6/NkN4R w - - c0 \"Comins Mansfield\"; stip \"#2\";";
    let out = Command::new(crate::common::BIN)
        .args(["convert", record, "--to", "latex"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tex = String::from_utf8(out.stdout).unwrap();
    assert!(tex.contains("\\solution{"), "{tex}");
    assert!(tex.contains("Rg3"), "{tex}");
    assert!(tex.contains("\\Co+"), "{tex}");
    let (text, _) = compile("convert-solved", &tex);
    assert!(text.contains("Rg3"), "{text}");
    assert!(text.contains("C+"), "{text}");
}
