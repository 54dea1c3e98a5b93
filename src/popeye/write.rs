//! Writing records as Popeye input that Popeye solves as fenboard does: the same men, the
//! stipulation, castling rights and en passant as options, the twins, set play, tries, and the
//! record's author and source (`c0`, written back as `author` and `origin`) and title (`id`).
//!
//! Popeye lets White begin every stipulation but help play and series helpmates; a record of
//! another stipulation with Black to move is written with the colours swapped and the board
//! mirrored (a8 for a1), which keeps the problem and its solution.

use crate::collection::epd;
use crate::core::Square;
use crate::solve::Stipulation;

use super::words;

/// A whole Popeye input of the given problems (each from `problem`).
pub fn input(problems: &[String]) -> String {
    let mut out = String::from("beginproblem\n");
    for (i, p) in problems.iter().enumerate() {
        if i > 0 {
            out.push_str("nextproblem\n");
        }
        out.push_str(p);
    }
    out.push_str("endproblem\n");
    out
}

/// One problem (its commands, without `beginproblem` and `endproblem`) from a record's
/// canonical six-field chess FEN and its EPD operations; or why Popeye could not read it as
/// fenboard does.
pub fn problem(fen: &str, ops: &str) -> Result<String, String> {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let [placement, turn, castling, ep, ..] = f[..] else {
        return Err(format!("'{fen}' is not a whole FEN"));
    };
    let stip_text = epd::operand(ops, "stip")
        .map(str::to_string)
        .or_else(|| epd::operand(ops, "dm").map(|n| format!("#{}", n.trim())))
        .ok_or("the record has no stipulation (stip or dm) for Popeye to solve")?;
    let stip: Stipulation = stip_text.parse().map_err(|e| format!("{e}"))?;
    if castling.chars().any(|c| !"KQkq-".contains(c)) {
        return Err("Popeye reads orthodox chess: this record is Chess960".into());
    }
    let twins = epd::operand(ops, "twins").unwrap_or("");
    let swap = !stip.fixed_order() && turn == "b";
    if swap && !twins.trim().is_empty() {
        return Err(
            "a twinned problem with Black beginning cannot be written for Popeye, where White begins"
                .into(),
        );
    }
    let mut board = board(placement)?;
    let mut castling = castling.to_string();
    let mut ep = Square::parse(ep, crate::core::Game::Chess);
    if swap {
        board = mirrored(&board);
        castling = castling.chars().map(swap_case).collect();
        ep = ep.map(|s| Square::new(s.file, 7 - s.rank));
    }
    let mut out = String::new();
    if let Some(c0) = epd::operand(ops, "c0") {
        match c0.split_once(", ") {
            Some((author, origin)) => {
                out.push_str(&format!("author {author}\norigin {origin}\n"));
            }
            None => out.push_str(&format!("author {c0}\n")),
        }
    }
    if let Some(id) = epd::operand(ops, "id") {
        out.push_str(&format!("title {id}\n"));
    }
    out.push_str(&pieces(&board));
    out.push_str(&format!("stipulation {stip}\n"));
    out.push_str(&options(&board, &castling, ep, ops));
    for twin in crate::solve::twin::parse_list(twins).map_err(|e| e.to_string())? {
        let cont = if twin.cont && !twin.text.starts_with("cont") {
            "continued "
        } else {
            ""
        };
        out.push_str(&format!("twin {cont}{}\n", popeye_letters(&twin.text)));
    }
    if let Some(c2) = epd::operand(ops, "c2") {
        out.push_str(&format!("remark {c2}\n"));
    }
    Ok(out)
}

/// A twin's commands with each man named in Popeye's letters: `add black na6` is
/// `add black sa6` (Popeye's `n` is the nightrider, a fairy piece).
fn popeye_letters(twin: &str) -> String {
    let words: Vec<&str> = twin.split_whitespace().collect();
    let mut out = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let added = i >= 2 && words[i - 2].eq_ignore_ascii_case("add");
        let mut chars = word.chars();
        match (added, chars.next()) {
            (true, Some(letter)) if letter.is_ascii_alphabetic() => {
                out.push(format!(
                    "{}{}",
                    words::english_letter(letter),
                    chars.as_str()
                ));
            }
            _ => out.push(word.to_string()),
        }
    }
    out.join(" ")
}

type Men = [[Option<char>; 8]; 8];

/// The men of a FEN placement, by rank (0 = rank 1) and file.
fn board(placement: &str) -> Result<Men, String> {
    let mut men: Men = [[None; 8]; 8];
    for (i, row) in placement.split('/').enumerate() {
        let rank = 7usize.checked_sub(i).ok_or("more than eight ranks")?;
        let mut file = 0usize;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => file += n as usize,
                None => {
                    if file >= 8 || !"KQRBNPkqrbnp".contains(c) {
                        return Err(format!("'{c}' is not a chess man Popeye reads"));
                    }
                    men[rank][file] = Some(c);
                    file += 1;
                }
            }
        }
    }
    Ok(men)
}

fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// The colours swapped and rank 1 made rank 8.
fn mirrored(men: &Men) -> Men {
    let mut out: Men = [[None; 8]; 8];
    for (rank, row) in men.iter().enumerate() {
        for (file, m) in row.iter().enumerate() {
            out[7 - rank][file] = m.map(swap_case);
        }
    }
    out
}

fn name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// `pieces white kc8 qd1 black ka8`: each side's men, king first.
fn pieces(men: &Men) -> String {
    let mut out = String::from("pieces");
    for (colour, white) in [("white", true), ("black", false)] {
        let mut words: Vec<String> = Vec::new();
        for letter in ['K', 'Q', 'R', 'B', 'N', 'P'] {
            let fen = if white {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            let squares: String = (0..8)
                .flat_map(|r| (0..8).map(move |f| (f, r)))
                .filter(|&(f, r)| men[r][f] == Some(fen))
                .map(|(f, r)| name(f, r))
                .collect();
            if !squares.is_empty() {
                words.push(format!("{}{squares}", words::english_letter(letter)));
            }
        }
        if !words.is_empty() {
            out.push_str(&format!(" {colour} {}", words.join(" ")));
        }
    }
    out.push('\n');
    out
}

/// `option noboard …`: castling rights Popeye would otherwise assume (`nocastling`), the en
/// passant capture, and the record's `setplay`, `tries`, `maxsolutions`.
fn options(men: &Men, castling: &str, ep: Option<Square>, ops: &str) -> String {
    let mut options = vec!["noboard".to_string()];
    let mut nocastle = Vec::new();
    for (king, rank, short, long) in [('K', 0usize, 'K', 'Q'), ('k', 7, 'k', 'q')] {
        if men[rank][4] != Some(king) {
            continue;
        }
        let rook = if king == 'K' { 'R' } else { 'r' };
        let rights = [castling.contains(long), castling.contains(short)];
        if !rights[0] && !rights[1] {
            // A king with no rook at home keeps what a twin that brings one may give it.
            if men[rank][0] == Some(rook) || men[rank][7] == Some(rook) {
                nocastle.push(name(4, rank));
            }
            continue;
        }
        for (file, right) in [(0usize, rights[0]), (7, rights[1])] {
            if men[rank][file] == Some(rook) && !right {
                nocastle.push(name(file, rank));
            }
        }
    }
    if !nocastle.is_empty() {
        options.push(format!("nocastling {}", nocastle.join("")));
    }
    if let Some(ep) = ep {
        let (f, r) = (ep.file as usize, ep.rank as usize);
        let (from, to) = if r == 5 { (6, 4) } else { (1, 3) };
        options.push(format!(
            "enpassant {}{}{}",
            name(f, from),
            name(f, r),
            name(f, to)
        ));
    }
    if epd::operand(ops, "setplay").is_some() {
        options.push("setplay".into());
    }
    if epd::operand(ops, "tries").is_some() {
        options.push("try".into());
    }
    if let Some(n) = epd::operand(ops, "maxsolutions").and_then(|n| n.trim().parse::<u32>().ok()) {
        options.push(format!("maxsolutions {n}"));
    }
    format!("option {}\n", options.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_the_same_problem() {
        let ops = "c0 \"Sam Loyd, Le Sphinx 1866\"; id \"One\"; stip \"#2\"; twins \"b) move d1 d2\"; setplay;";
        let text = input(&[problem("k7/8/2K5/8/8/8/8/R2QK2R w K - 0 1", ops).unwrap()]);
        let read = crate::popeye::read(&text);
        let p = &read.problems[0];
        assert!(p.is_ok(), "{text}\n{:?}", p.errors);
        assert_eq!(p.fen4(), "k7/8/2K5/8/8/8/8/R2QK2R w K -");
        assert_eq!(p.epd(), format!("k7/8/2K5/8/8/8/8/R2QK2R w K - {ops}"));
    }

    #[test]
    fn a_knight_added_by_a_twin_is_written_with_popeyes_letter() {
        let ops = "stip \"h#2\"; twins \"b) remove a6 add black na6 c) add white Nb1 d) cont add black qd4\";";
        let text = problem("8/8/q7/8/1R4K1/k2N4/8/8 b - - 0 1", ops).unwrap();
        assert!(text.contains("twin remove a6 add black sa6\n"), "{text}");
        assert!(text.contains("twin add white sb1\n"), "{text}");
        assert!(text.contains("twin cont add black qd4\n"), "{text}");
    }

    #[test]
    fn black_beginning_a_direct_mate_is_written_mirrored() {
        let text = problem("K7/8/2k5/8/8/8/8/3q4 b - - 0 1", "stip \"#2\";").unwrap();
        assert!(text.contains("pieces white kc3 qd8 black ka1"), "{text}");
    }

    #[test]
    fn castling_is_denied_by_square_only_where_the_diagram_denies_it() {
        let options = |fen: &str| {
            let text = problem(fen, "stip \"#2\";").unwrap();
            text.lines()
                .find(|l| l.starts_with("option"))
                .unwrap()
                .to_string()
        };
        // A king at home with rooks and no right may not castle at all.
        assert!(options("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").contains("nocastling e1"));
        // A rook at home without its right may not; the other may.
        assert!(options("4k3/8/8/8/8/8/8/R3K2R w K - 0 1").contains("nocastling a1"));
        // A king with no rook at home keeps castling for a rook a twin brings.
        assert!(!options("4k3/8/8/8/8/8/8/4K3 w - - 0 1").contains("nocastling"));
    }

    #[test]
    fn chess960_and_xiangqi_are_refused() {
        assert!(problem("k7/8/8/8/8/8/8/RK5R w HA - 0 1", "stip \"#2\";").is_err());
        assert!(problem("8/8/8 w - - 0 1", "").is_err());
    }
}
