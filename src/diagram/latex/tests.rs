use super::*;
use crate::core::fen;

fn position(text: &str) -> Position {
    fen::read(text, None).position.expect("test FEN reads")
}

#[test]
fn pieces_are_listed_in_diagram_sty_letters_white_first() {
    // Morphy: White Kc8 Ra1 Pb6; Black Ka8 Bb8 Pa7 Pb7.
    let p = position("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1");
    assert_eq!(chess_pieces(&p), "wKc8, wTa1, wBb6, sKa8, sLb8, sBa7b7");
}

#[test]
fn xq_counts_ranks_from_one_and_calls_blacks_back_rank_zero() {
    assert_eq!(xq_square(Square::new(4, 0)), "e1");
    assert_eq!(xq_square(Square::new(4, 8)), "e9");
    assert_eq!(xq_square(Square::new(4, 9)), "e0");
}

#[test]
fn twins_split_at_their_labels() {
    assert_eq!(
        twin_list("b) move c3 d4 c) cont add black pe4"),
        ["b) move c3 d4", "c) cont add black pe4"]
    );
    assert_eq!(twin_list("b) rotate 90"), ["b) rotate 90"]);
    assert!(twin_list("").is_empty());
}

#[test]
fn every_special_character_is_escaped() {
    assert_eq!(
        escape(r"\{}#$%&_^~"),
        r"\textbackslash{}\{\}\#\$\%\&\_\textasciicircum{}\textasciitilde{}"
    );
    assert_eq!(escape_chess("1...B~ 2.Rxa7#"), r"1...B\any{} 2.Rxa7\#");
    assert_eq!(escape("a\u{7}b\nc"), "a b c");
}

#[test]
fn author_and_source_split_at_the_first_comma() {
    let p = position("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1");
    let c = Caption::new(
        &p,
        Some(r#"c0 "Paul Morphy, New York Clipper 1856"; id "m-1";"#),
    );
    assert_eq!(
        author_and_source(&c),
        (
            Some("Paul Morphy".to_owned()),
            Some("New York Clipper 1856, m-1".to_owned())
        )
    );
    let c = Caption::new(&p, None);
    assert_eq!(author_and_source(&c), (None, None));
}

#[test]
fn a_document_uses_only_the_packages_its_games_need() {
    let chess = position("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1");
    let xq = position("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    let entry = |p| Entry {
        position: p,
        ops: None,
        solution: None,
        proved: false,
    };
    let only_chess = document(&[entry(&chess)]);
    assert!(only_chess.contains("\\usepackage{diagram}") && !only_chess.contains("{xq}"));
    let only_xq = document(&[entry(&xq)]);
    assert!(only_xq.contains("\\usepackage{xq}") && !only_xq.contains("{diagram}"));
    assert!(only_xq.contains("\\piece Ke1") && only_xq.contains("\\piece ke0"));
    let empty = document(&[]);
    assert!(empty.contains("\\begin{document}") && empty.ends_with("\\end{document}\n"));
}
