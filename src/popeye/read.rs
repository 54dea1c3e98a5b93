//! Reading a Popeye input: its words (Popeye reads words, not lines, except for the commands
//! whose text runs to the end of the line), the commands they make and the problems those
//! describe.

use std::ops::Range;

use super::problem::{Board, Place, Problem};
use super::words::{self, Colour, Command, Language, Match, Opt};
use super::{Code, Diagnostic};

/// A whole input: its problems in order, and what is wrong outside any of them.
#[derive(Clone, Debug, Default)]
pub struct Input {
    pub language: Option<Language>,
    pub problems: Vec<Problem>,
    pub errors: Vec<Diagnostic>,
}

/// Reads `text` (a whole `.inp` file). Never fails: what does not read is a diagnostic of the
/// problem it is in (which is then not solved), or of the input.
pub fn read(text: &str) -> Input {
    let mut r = Reader::new(text);
    let mut input = Input::default();
    let Some(first) = r.word() else {
        input.errors.push(r.diag(
            0..0,
            Code::NoBegin,
            "the input is empty: a Popeye problem begins with beginproblem".into(),
        ));
        return input;
    };
    let Some(lang) = words::begin_language(r.text(&first)) else {
        input.errors.push(r.diag(
            first.clone(),
            Code::NoBegin,
            format!(
                "'{}': a Popeye input begins with beginproblem (DebutProbleme, AnfangProblem)",
                r.shown(&first)
            ),
        ));
        return input;
    };
    input.language = Some(lang);
    r.lang = lang;
    let mut problem = Problem::new(r.line_of(first.start));
    loop {
        let Some(w) = r.word() else {
            if !problem.is_blank() {
                input.problems.push(r.finish(problem));
            }
            break;
        };
        match words::command(lang, r.text(&w)) {
            Match::One(Command::End) => {
                input.problems.push(r.finish(problem));
                break;
            }
            Match::One(Command::Next) => {
                let next = r.peek_line();
                input.problems.push(r.finish(problem));
                problem = Problem::new(next);
            }
            Match::One(Command::Begin) => {
                if !problem.is_blank() {
                    input.problems.push(r.finish(problem));
                }
                problem = Problem::new(r.line_of(w.start));
            }
            Match::One(c) => r.command(c, w, &mut problem),
            Match::Ambiguous(a, b) => {
                let d = r.ambiguous(&w, a, b);
                problem.errors.push(d);
                r.skip_to_command();
            }
            Match::None => {
                let d = r.diag(
                    w.clone(),
                    Code::UnknownWord,
                    format!("'{}' is not a Popeye command", r.shown(&w)),
                );
                problem.errors.push(d);
                r.skip_to_command();
            }
        }
    }
    input
}

/// The words of the text and where each is.
struct Reader<'t> {
    text: &'t str,
    pos: usize,
    /// The byte offset of each line's start.
    lines: Vec<usize>,
    lang: Language,
}

/// The longest word shown in a message.
const SHOWN: usize = 40;

impl<'t> Reader<'t> {
    fn new(text: &'t str) -> Self {
        let mut lines = vec![0];
        lines.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        let pos = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Reader {
            text,
            pos,
            lines,
            lang: Language::English,
        }
    }

    fn text(&self, span: &Range<usize>) -> &'t str {
        &self.text[span.clone()]
    }

    /// A word for a message: cut to `SHOWN` characters, control characters escaped.
    fn shown(&self, span: &Range<usize>) -> String {
        let w = self.text(span);
        let mut s: String = w.chars().take(SHOWN).flat_map(char::escape_debug).collect();
        if w.chars().count() > SHOWN {
            s.push('…');
        }
        s
    }

    fn line_of(&self, at: usize) -> usize {
        self.lines.partition_point(|&s| s <= at)
    }

    /// The line of the next word (or of the end).
    fn peek_line(&mut self) -> usize {
        let save = self.pos;
        let at = self.word().map_or(self.text.len(), |w| w.start);
        self.pos = save;
        self.line_of(at)
    }

    /// The 1-based line and column (in characters) of the byte `at`.
    fn place(&self, at: usize) -> Place {
        let line = self.line_of(at);
        let start = self.lines[line - 1];
        let col = self.text[start..at].chars().count() + 1;
        Place { line, col }
    }

    fn diag(&self, span: Range<usize>, code: Code, message: String) -> Diagnostic {
        let Place { line, col } = self.place(span.start);
        Diagnostic {
            span,
            line,
            col,
            code,
            message,
        }
    }

    fn ambiguous(&self, w: &Range<usize>, a: &str, b: &str) -> Diagnostic {
        self.diag(
            w.clone(),
            Code::Ambiguous,
            format!(
                "'{}' is ambiguous: it begins {a} and {b}; write more of the word",
                self.shown(w)
            ),
        )
    }

    /// The next word: a run of characters other than white space.
    fn word(&mut self) -> Option<Range<usize>> {
        let rest = &self.text[self.pos..];
        let start = self.pos + rest.find(|c: char| !c.is_whitespace())?;
        let len = self.text[start..]
            .find(char::is_whitespace)
            .unwrap_or(self.text.len() - start);
        self.pos = start + len;
        Some(start..start + len)
    }

    /// Puts `w` back, to be read again by the next `word`.
    fn unread(&mut self, w: &Range<usize>) {
        self.pos = w.start;
    }

    /// The rest of the current line after the command word, trimmed.
    fn rest_of_line(&mut self) -> String {
        let rest = &self.text[self.pos..];
        let end = rest.find('\n').unwrap_or(rest.len());
        self.pos += end;
        rest[..end].trim().to_string()
    }

    /// Skips words until one that is a command (left unread).
    fn skip_to_command(&mut self) {
        while let Some(w) = self.word() {
            if let Match::One(_) = words::command(self.lang, self.text(&w)) {
                self.unread(&w);
                return;
            }
        }
    }

    /// Whether `w` is a command word of the problem (a stop for commands of several words).
    fn is_command(&self, w: &Range<usize>) -> bool {
        matches!(words::command(self.lang, self.text(w)), Match::One(_))
    }

    /// The problem as read, with what it lacks reported at its first line.
    fn finish(&self, mut p: Problem) -> Problem {
        let at = self
            .lines
            .get(p.line.saturating_sub(1))
            .copied()
            .unwrap_or(0);
        let span = at..at;
        if p.errors.is_empty() && p.stipulation.is_none() {
            p.errors.push(self.diag(
                span.clone(),
                Code::Incomplete,
                "the problem has no stipulation".into(),
            ));
        }
        if p.errors.is_empty() && p.board.is_empty() {
            p.errors
                .push(self.diag(span, Code::Incomplete, "the problem has no pieces".into()));
        }
        p
    }

    fn command(&mut self, c: Command, w: Range<usize>, p: &mut Problem) {
        match c {
            Command::Remark => p.remarks.push(self.rest_of_line()),
            Command::Author => p.authors.push(self.rest_of_line()),
            Command::Origin => p.origins.push(self.rest_of_line()),
            Command::Title => p.titles.push(self.rest_of_line()),
            Command::Award => p.awards.push(self.rest_of_line()),
            Command::LaTeX | Command::LaTeXPieces => {
                self.rest_of_line();
            }
            Command::Protocol => {
                self.word();
            }
            Command::Pieces => {
                p.board_at = Some(self.place(w.start));
                self.pieces(p)
            }
            Command::Forsyth => {
                p.board_at = Some(self.place(w.start));
                self.forsyth(w, p)
            }
            Command::InitialGameArray => {
                p.board_at = Some(self.place(w.start));
                p.board = Board::initial()
            }
            Command::Stipulation => self.stipulation(w, p),
            Command::Option => self.options(p),
            Command::Twin => self.twin(w, p),
            Command::Condition => {
                let named = self.word().unwrap_or(w.clone());
                let d = self.diag(
                    named.clone(),
                    Code::Fairy,
                    format!(
                        "condition {}: fenboard solves orthodox problems only",
                        self.shown(&named)
                    ),
                );
                p.errors.push(d);
                self.skip_to_command();
            }
            Command::StructuredStipulation | Command::ZeroPosition => {
                let d = self.diag(
                    w.clone(),
                    Code::Fairy,
                    format!("'{}' is not read by fenboard", self.shown(&w)),
                );
                p.errors.push(d);
                self.skip_to_command();
            }
            Command::Begin | Command::End | Command::Next => {}
        }
    }

    /// `pieces white ke1 qd1 sb1g1 black ke8 …`: colours and pieces until another command.
    fn pieces(&mut self, p: &mut Problem) {
        let mut colour: Option<Colour> = None;
        while let Some(w) = self.word() {
            let word = self.text(&w);
            match words::colour(self.lang, word) {
                Match::One(c @ (Colour::White | Colour::Black)) => {
                    colour = Some(c);
                    continue;
                }
                Match::One(_) => {
                    let d = self.diag(
                        w.clone(),
                        Code::Fairy,
                        format!(
                            "{} men: fenboard solves orthodox problems only",
                            self.shown(&w)
                        ),
                    );
                    p.errors.push(d);
                    colour = None;
                    continue;
                }
                Match::Ambiguous(..) | Match::None => {}
            }
            if self.is_command(&w) && !looks_like_piece(word) {
                self.unread(&w);
                return;
            }
            match piece_and_squares(self.lang, word) {
                Ok((fen, squares)) => match colour {
                    Some(c) => {
                        let fen = if c == Colour::White {
                            fen
                        } else {
                            fen.to_ascii_lowercase()
                        };
                        let at = self.place(w.start);
                        for s in squares {
                            p.board.put(s, fen);
                            p.men_at.retain(|(square, _)| *square != s);
                            p.men_at.push((s, at));
                        }
                    }
                    None if p.errors.iter().any(|d| d.code == Code::Fairy) => {}
                    None => {
                        let d = self.diag(
                            w.clone(),
                            Code::BadValue,
                            format!(
                                "'{}': pieces need a colour first (white, black)",
                                self.shown(&w)
                            ),
                        );
                        p.errors.push(d);
                    }
                },
                Err(PieceError::Fairy(name)) => {
                    let d = self.diag(
                        w.clone(),
                        Code::Fairy,
                        format!(
                            "fairy piece '{name}' ({}): fenboard solves orthodox problems only",
                            self.shown(&w)
                        ),
                    );
                    p.errors.push(d);
                }
                Err(PieceError::Unread) => {
                    if self.is_command(&w) {
                        self.unread(&w);
                        return;
                    }
                    let d = self.diag(
                        w.clone(),
                        Code::BadValue,
                        format!(
                            "'{}' is neither a colour nor a piece with its squares (kc8, sb1g1)",
                            self.shown(&w)
                        ),
                    );
                    p.errors.push(d);
                }
            }
        }
    }

    /// `forsyth rsbqkbsr/pppppppp/8/…`: the board in Popeye's letters.
    fn forsyth(&mut self, command: Range<usize>, p: &mut Problem) {
        let Some(w) = self.word() else {
            p.errors.push(self.diag(
                command,
                Code::BadValue,
                "forsyth needs a board (rsbqkbsr/pppppppp/8/…)".into(),
            ));
            return;
        };
        match Board::forsyth(self.lang, self.text(&w)) {
            Ok(b) => p.board = b,
            Err(why) => {
                let d = self.diag(
                    w.clone(),
                    if why.fairy {
                        Code::Fairy
                    } else {
                        Code::BadValue
                    },
                    format!("forsyth {}: {}", self.shown(&w), why.message),
                );
                p.errors.push(d);
            }
        }
    }

    fn stipulation(&mut self, command: Range<usize>, p: &mut Problem) {
        let Some(w) = self.word() else {
            p.errors.push(self.diag(
                command,
                Code::BadValue,
                "stipulation needs its text (#2, h#3, s#2 …)".into(),
            ));
            return;
        };
        let text = self.text(&w);
        match text.parse::<crate::solve::Stipulation>() {
            Ok(_) => {
                p.stipulation = Some(text.to_string());
                p.stipulation_span = w;
            }
            Err(_) => {
                let d = self.diag(
                    w.clone(),
                    Code::Fairy,
                    format!(
                        "stipulation {}: fenboard solves #n, =n, s#n, s=n, r#n, h#n, h#n.5, ser-#n, ser-h#n and ser-s#n",
                        self.shown(&w)
                    ),
                );
                p.errors.push(d);
            }
        }
    }

    /// `option setplay try defence 1 …`: options until another command.
    fn options(&mut self, p: &mut Problem) {
        while let Some(w) = self.word() {
            let opt = match words::option(self.lang, self.text(&w)) {
                Match::One(o) => o,
                Match::Ambiguous(a, b) if !self.is_command(&w) => {
                    let d = self.ambiguous(&w, a, b);
                    p.errors.push(d);
                    continue;
                }
                _ => {
                    self.unread(&w);
                    return;
                }
            };
            match opt {
                Opt::SetPlay => p.set_play = true,
                Opt::WhiteToPlay => p.white_to_play = true,
                Opt::Try => p.tries = true,
                Opt::Defence => {
                    p.tries = true;
                    self.number(&w, p);
                }
                Opt::MaxSolutions => p.max_solutions = self.number(&w, p),
                Opt::HarmlessNumber => {
                    self.number(&w, p);
                }
                Opt::Harmless => {}
                Opt::EnPassant => p.en_passant = self.squares(p),
                Opt::NoCastling => {
                    let s = self.squares(p);
                    p.no_castling.extend(s);
                }
                Opt::Fairy => {
                    let d = self.diag(
                        w.clone(),
                        Code::Fairy,
                        format!(
                            "option {}: fenboard solves orthodox problems only",
                            self.shown(&w)
                        ),
                    );
                    p.errors.push(d);
                }
                Opt::Partial => {
                    while let Some(n) = self.word() {
                        if self.text(&n).parse::<u32>().is_err() {
                            self.unread(&n);
                            break;
                        }
                    }
                    let d = self.diag(
                        w.clone(),
                        Code::Fairy,
                        format!(
                            "option {}: Popeye then solves only part of the problem; fenboard \
                             solves it whole",
                            self.shown(&w)
                        ),
                    );
                    p.errors.push(d);
                }
            }
        }
    }

    /// The number after an option (`defence 1`), reported when missing.
    fn number(&mut self, option: &Range<usize>, p: &mut Problem) -> Option<u32> {
        let w = self.word();
        match w.as_ref().map(|w| self.text(w).parse::<u32>()) {
            Some(Ok(n)) => Some(n),
            _ => {
                if let Some(w) = &w {
                    self.unread(w);
                }
                let d = self.diag(
                    option.clone(),
                    Code::BadValue,
                    format!("option {} needs a number", self.shown(option)),
                );
                p.errors.push(d);
                None
            }
        }
    }

    /// The squares after `enpassant` or `nocastling`: words of one or more squares each.
    fn squares(&mut self, p: &mut Problem) -> Vec<crate::core::Square> {
        let mut out = Vec::new();
        while let Some(w) = self.word() {
            match squares(self.text(&w)) {
                Some(s) if !s.is_empty() => out.extend(s),
                _ => {
                    self.unread(&w);
                    break;
                }
            }
        }
        if out.is_empty() {
            let at = self.pos..self.pos;
            p.errors.push(self.diag(
                at,
                Code::BadValue,
                "expected squares (e2e3e4) after the option".into(),
            ));
        }
        out
    }

    /// `twin move c3 d4 …`: one twin's commands, in English, until the next twin or the end.
    fn twin(&mut self, command: Range<usize>, p: &mut Problem) {
        let mut english: Vec<String> = Vec::new();
        let mut end = command.end;
        while let Some(w) = self.word() {
            let word = self.text(&w);
            let stop = matches!(
                words::command(self.lang, word),
                Match::One(Command::Twin | Command::ZeroPosition | Command::End | Command::Next)
            );
            if stop {
                self.unread(&w);
                break;
            }
            end = w.end;
            english.push(self.twin_word(word));
        }
        let text = english.join(" ");
        let label = (b'b' + p.twins.len().min(24) as u8) as char;
        let span = command.start..end;
        if text
            .split_whitespace()
            .any(|w| w == "condition" || w == "sstipulation")
        {
            let d = self.diag(
                span,
                Code::Fairy,
                format!("twin {text}: fenboard solves orthodox problems only"),
            );
            p.errors.push(d);
            return;
        }
        match crate::solve::twin::parse(label, &text) {
            Ok(_) => p.twins.push(text),
            Err(e) => {
                let d = self.diag(span, Code::BadTwin, e.to_string());
                p.errors.push(d);
            }
        }
    }

    /// One word of a twin in English: a command, a colour, a piece with its squares, a piece
    /// letter (`substitute`'s), or as it is.
    fn twin_word(&self, word: &str) -> String {
        if let Match::One(c) = words::twinning(self.lang, word) {
            return c.to_string();
        }
        if let Match::One(c) = words::colour(self.lang, word) {
            return words::colour_english(c).to_string();
        }
        if let Ok((fen, sq)) = piece_and_squares(self.lang, word) {
            let letter = words::english_letter(fen);
            let names: String = sq
                .iter()
                .map(|s| s.name(crate::core::Game::Chess).to_string())
                .collect();
            return format!("{letter}{names}");
        }
        if let Some(fen) = words::piece(self.lang, word) {
            return words::english_letter(fen).to_string();
        }
        word.to_ascii_lowercase()
    }
}

/// Whether `word` reads as a piece with its squares in some language (so `Steine`' `ke1` is a
/// king, not a command).
fn looks_like_piece(word: &str) -> bool {
    let w = word.as_bytes();
    w.len() >= 3 && w[0].is_ascii_alphabetic() && squares(&word[w.len() - 2..]).is_some()
}

/// Why a word of `pieces` is not an orthodox man with its squares.
enum PieceError {
    /// A piece name with squares, but no orthodox man's: the name.
    Fairy(String),
    Unread,
}

/// `kc8`, `Sb1g1`: the man's FEN letter (upper case) and its squares.
fn piece_and_squares(
    lang: Language,
    word: &str,
) -> Result<(char, Vec<crate::core::Square>), PieceError> {
    if !word.is_ascii() {
        return Err(PieceError::Unread);
    }
    for k in 1..=2.min(word.len()) {
        let (name, rest) = word.split_at(k);
        if !name.bytes().all(|b| b.is_ascii_alphabetic()) {
            break;
        }
        let Some(sq) = squares(rest).filter(|s| !s.is_empty()) else {
            continue;
        };
        return match words::piece(lang, name) {
            Some(fen) => Ok((fen, sq)),
            None => Err(PieceError::Fairy(name.to_string())),
        };
    }
    Err(PieceError::Unread)
}

/// `e2e3e4`: squares written one after another.
pub(super) fn squares(text: &str) -> Option<Vec<crate::core::Square>> {
    let b = text.as_bytes();
    if !b.len().is_multiple_of(2) {
        return None;
    }
    b.chunks(2)
        .map(|c| {
            let file = c[0].to_ascii_lowercase();
            ((b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&c[1]))
                .then(|| crate::core::Square::new(file - b'a', c[1] - b'1'))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Problem {
        let input = read(text);
        assert!(input.errors.is_empty(), "{:?}", input.errors);
        assert_eq!(input.problems.len(), 1, "{:?}", input.problems);
        input.problems.into_iter().next().unwrap()
    }

    #[test]
    fn options_that_make_popeye_solve_part_of_the_problem_are_refused_with_their_numbers() {
        for option in [
            "threat 1",
            "maxflightsquares 2",
            "nontrivial 0 1",
            "postkeyplay",
        ] {
            let text =
                format!("begin pieces white kc6 qd1 black ka8 stip #2 option {option} try end");
            let p = one(&text);
            assert_eq!(p.errors.len(), 1, "{option}: {:?}", p.errors);
            let word = option.split(' ').next().unwrap();
            assert!(p.errors[0].message.contains(word), "{:?}", p.errors);
            // The numbers are the option's: the next option still reads.
            assert!(p.tries, "{option}");
        }
        let german = one(
            "anfangproblem steine weiss kc6 dd1 schwarz ka8 forderung #10 option drohung 1 maxflucht 1 varianten endeproblem",
        );
        assert!(
            german.errors[0].message.contains("drohung"),
            "{:?}",
            german.errors
        );
    }

    #[test]
    fn an_english_problem_becomes_its_record() {
        let p = one(
            "BeginProblem\nAuthor Sam Loyd\nOrigin Le Sphinx 1866\nTitle The one\n\
             Pieces White Kc8 Qd1 Sb1g1 Black Ka8 Pa7\nStipulation #2\nOption SetPlay Try\nEndProblem\n",
        );
        assert!(p.is_ok(), "{:?}", p.errors);
        assert_eq!(
            p.epd(),
            "k1K5/p7/8/8/8/8/8/1N1Q2N1 w - - c0 \"Sam Loyd, Le Sphinx 1866\"; id \"The one\"; stip \"#2\"; setplay; tries;"
        );
    }

    #[test]
    fn abbreviations_case_and_lines_do_not_matter() {
        let p = one("beg pie whi kc8 qd1\nbla ka8 sti h#2 opt noboard maxs 3 end");
        assert!(p.is_ok(), "{:?}", p.errors);
        assert_eq!(p.fen4(), "k1K5/8/8/8/8/8/8/3Q4 b - -");
        assert_eq!(p.max_solutions, Some(3));
    }

    #[test]
    fn french_and_german_keywords_and_letters_read() {
        let fr = one(
            "DebutProbleme\nAuteur Un\nPieces Blanc Rc8 Dd1 Cb1 Tf1 Fg1 Noir Ra8 Pa7\nEnonce #2\nJumeau Deplacement d1 d2\nFinProbleme",
        );
        assert!(fr.is_ok(), "{:?}", fr.errors);
        assert_eq!(fr.fen4(), "k1K5/p7/8/8/8/8/8/1N1Q1RB1 w - -");
        assert_eq!(fr.twins, ["move d1 d2"]);
        let de = one(
            "AnfangProblem\nSteine Weiss Kc8 Dd1 Sb1 Tf1 Lg1 Schwarz Ka8 Ba7\nForderung h#2\nZwilling hinzufuegen schwarz Be5\nEndeProblem",
        );
        assert!(de.is_ok(), "{:?}", de.errors);
        assert_eq!(de.fen4(), "k1K5/p7/8/8/8/8/8/1N1Q1RB1 b - -");
        assert_eq!(de.twins, ["add black pe5"]);
    }

    #[test]
    fn a_fairy_problem_is_an_error_naming_the_word_and_the_next_one_reads() {
        let input = read(
            "begin\npieces white kc8 lea1 black ka8\nstip #2\nnext\ncondition circe\npieces white kc8 black ka8\nstip #2\nnext\npieces white ka1 neutral pb2 black kh8 stip #2\nnext\npieces white kc8 qd1 black ka8 stip #2\nend",
        );
        let p = &input.problems;
        assert_eq!(p.len(), 4);
        assert!(p[0].errors[0].message.contains("'le'"), "{:?}", p[0].errors);
        assert_eq!((p[0].errors[0].line, p[0].errors[0].col), (2, 18));
        assert!(
            p[1].errors[0].message.contains("circe"),
            "{:?}",
            p[1].errors
        );
        assert!(
            p[2].errors[0].message.contains("neutral"),
            "{:?}",
            p[2].errors
        );
        assert!(p[3].is_ok(), "{:?}", p[3].errors);
    }

    #[test]
    fn castling_follows_the_men_and_nocastling_and_en_passant_its_option() {
        let p = one(
            "begin pieces white ke1 rh1 ra1 pe5 black ke8 ra8 pd5 stip #2 option nocastling a1 enpassant d7 d6 d5 end",
        );
        assert_eq!(p.fen4(), "r3k3/8/8/3pP3/8/8/8/R3K2R w Kq d6");
    }

    #[test]
    fn whitetoplay_makes_white_begin_the_helpmate() {
        let p = one("begin pieces white ka1 black kh8 stip h#2 option whitetoplay end");
        assert_eq!(p.solved_stipulation().unwrap().to_string(), "h#1.5");
        assert!(p.fen4().contains(" w "));
    }

    #[test]
    fn forsyth_reads_popeyes_letters() {
        let p = one("begin forsyth 48/5sPp/5K1k stip #1 end");
        assert_eq!(p.fen4(), "8/8/8/8/8/8/5nPp/5K1k w - -");
    }

    #[test]
    fn what_is_not_popeye_says_so() {
        assert_eq!(read("").errors[0].code, Code::NoBegin);
        assert_eq!(read("8/8/8 w - -").errors[0].code, Code::NoBegin);
        let bad = read("begin frobnicate pieces white ka1 black kh8 stip #2 end");
        assert_eq!(bad.problems[0].errors[0].code, Code::UnknownWord);
        let none = read("begin pieces white ka1 black kh8 end");
        assert_eq!(none.problems[0].errors[0].code, Code::Incomplete);
        let amb = read("begin s #2 end");
        assert_eq!(amb.problems[0].errors[0].code, Code::Ambiguous);
    }
}
