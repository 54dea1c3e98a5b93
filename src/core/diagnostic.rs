//! Problems found in a FEN or a position, each with a stable code, the field it belongs to, the
//! span of input it concerns and the squares involved.

use std::fmt;
use std::ops::Range;

use super::fen::Field;
use super::game::Game;
use super::square::Square;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// Every problem fenboard reports. The snake_case names (`as_str`) are a stable interface:
/// scripts match on them in `fenboard check --json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    // Reading: the text itself.
    EmptyInput,
    InvalidUtf8,
    NulByte,
    LineTooLong,
    TooManyFields,
    WrongRankCount,
    WrongRankWidth,
    InvalidPiece,
    InvalidSide,
    InvalidCastling,
    InvalidEpSquare,
    InvalidHalfmove,
    InvalidFullmove,
    /// An EPD operation fenboard knows (`Dn count`) written wrongly; reported on field 7, which
    /// stands for the operations.
    InvalidOperation,
    // Leniencies used while reading (warnings).
    MissingFields,
    ExtraWhitespace,
    FenPrefix,
    ByteOrderMark,
    CarriageReturn,
    RedSideLetter,
    PieceAlias,
    ConsecutiveDigits,
    FullmoveZero,
    DuplicateCastlingRight,
    CastlingOrder,
    // Chess legality, after shakmaty's `PositionErrorKinds`.
    EmptyBoard,
    MissingKing,
    TooManyKings,
    PawnsOnBackrank,
    InvalidCastlingRights,
    InvalidEpSquareForPosition,
    OppositeCheck,
    ImpossibleCheck,
    TooMuchMaterial,
    // Xiangqi legality, after Pikafish's setup checks.
    TooManyPieces,
    KingOutsidePalace,
    PieceOffPoint,
    // Retro-legality: positions no game can reach.
    PawnCaptures,
    CagedPiece,
    CastlingMoved,
    TurnParity,
    // Consistency (warnings).
    EpWithHalfmove,
    HalfmoveImpossible,
    DrawLimit,
}

impl Code {
    /// Every code, in the order of the enum.
    pub const ALL: &'static [Code] = &[
        Code::EmptyInput,
        Code::InvalidUtf8,
        Code::NulByte,
        Code::LineTooLong,
        Code::TooManyFields,
        Code::WrongRankCount,
        Code::WrongRankWidth,
        Code::InvalidPiece,
        Code::InvalidSide,
        Code::InvalidCastling,
        Code::InvalidEpSquare,
        Code::InvalidHalfmove,
        Code::InvalidFullmove,
        Code::InvalidOperation,
        Code::MissingFields,
        Code::ExtraWhitespace,
        Code::FenPrefix,
        Code::ByteOrderMark,
        Code::CarriageReturn,
        Code::RedSideLetter,
        Code::PieceAlias,
        Code::ConsecutiveDigits,
        Code::FullmoveZero,
        Code::DuplicateCastlingRight,
        Code::CastlingOrder,
        Code::EmptyBoard,
        Code::MissingKing,
        Code::TooManyKings,
        Code::PawnsOnBackrank,
        Code::InvalidCastlingRights,
        Code::InvalidEpSquareForPosition,
        Code::OppositeCheck,
        Code::ImpossibleCheck,
        Code::TooMuchMaterial,
        Code::TooManyPieces,
        Code::KingOutsidePalace,
        Code::PieceOffPoint,
        Code::PawnCaptures,
        Code::CagedPiece,
        Code::CastlingMoved,
        Code::TurnParity,
        Code::EpWithHalfmove,
        Code::HalfmoveImpossible,
        Code::DrawLimit,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Code::EmptyInput => "empty_input",
            Code::InvalidUtf8 => "invalid_utf8",
            Code::NulByte => "nul_byte",
            Code::LineTooLong => "line_too_long",
            Code::TooManyFields => "too_many_fields",
            Code::WrongRankCount => "wrong_rank_count",
            Code::WrongRankWidth => "wrong_rank_width",
            Code::InvalidPiece => "invalid_piece",
            Code::InvalidSide => "invalid_side",
            Code::InvalidCastling => "invalid_castling",
            Code::InvalidEpSquare => "invalid_ep",
            Code::InvalidHalfmove => "invalid_halfmove",
            Code::InvalidFullmove => "invalid_fullmove",
            Code::InvalidOperation => "invalid_operation",
            Code::MissingFields => "missing_fields",
            Code::ExtraWhitespace => "extra_whitespace",
            Code::FenPrefix => "fen_prefix",
            Code::ByteOrderMark => "byte_order_mark",
            Code::CarriageReturn => "carriage_return",
            Code::RedSideLetter => "red_side_letter",
            Code::PieceAlias => "piece_alias",
            Code::ConsecutiveDigits => "consecutive_digits",
            Code::FullmoveZero => "fullmove_zero",
            Code::DuplicateCastlingRight => "duplicate_castling_right",
            Code::CastlingOrder => "castling_order",
            Code::EmptyBoard => "empty_board",
            Code::MissingKing => "missing_king",
            Code::TooManyKings => "too_many_kings",
            Code::PawnsOnBackrank => "pawns_on_backrank",
            Code::InvalidCastlingRights => "invalid_castling_rights",
            Code::InvalidEpSquareForPosition => "invalid_ep_square",
            Code::OppositeCheck => "opposite_check",
            Code::ImpossibleCheck => "impossible_check",
            Code::TooMuchMaterial => "too_much_material",
            Code::TooManyPieces => "too_many_pieces",
            Code::KingOutsidePalace => "king_outside_palace",
            Code::PieceOffPoint => "piece_off_point",
            Code::PawnCaptures => "pawn_captures",
            Code::CagedPiece => "caged_piece",
            Code::CastlingMoved => "castling_moved",
            Code::TurnParity => "turn_parity",
            Code::EpWithHalfmove => "ep_with_halfmove",
            Code::HalfmoveImpossible => "halfmove_impossible",
            Code::DrawLimit => "draw_limit",
        }
    }
}

/// A value a diagnostic's message names, kept apart from its English words so that the screen
/// can say the message in another language (by its code and these arguments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagArg {
    Number(i64),
    /// Text quoted from the input, a square's name, a list: shown as it is.
    Text(String),
    /// A side: the message says it in the game's words (White, Red…).
    Side(super::game::Color),
}

impl DiagArg {
    pub fn text(s: impl Into<String>) -> DiagArg {
        DiagArg::Text(s.into())
    }

    pub fn num(n: impl TryInto<i64>) -> DiagArg {
        DiagArg::Number(n.try_into().unwrap_or(i64::MAX))
    }
}

/// One problem. `field` is the FEN field it belongs to; `span` is a range of character (not byte)
/// offsets into the text that was read, where the problem has a place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub field: Field,
    pub span: Option<Range<usize>>,
    pub squares: Vec<Square>,
    /// The values its message names, by name, for saying it in another language.
    pub args: Vec<(&'static str, DiagArg)>,
    /// The message's id where its code has more than one message (`diag-` and its code
    /// otherwise).
    pub message_id: Option<&'static str>,
}

impl Diagnostic {
    pub fn error(code: Code, field: Field, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            field,
            span: None,
            squares: Vec::new(),
            args: Vec::new(),
            message_id: None,
        }
    }

    pub fn warning(code: Code, field: Field, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, field, message)
        }
    }

    /// Names a value of the message (see `DiagArg`).
    pub fn arg(mut self, name: &'static str, value: DiagArg) -> Diagnostic {
        self.args.push((name, value));
        self
    }

    /// The id of its message, where its code has several.
    pub fn with_id(mut self, id: &'static str) -> Diagnostic {
        self.message_id = Some(id);
        self
    }

    /// `arg` on a diagnostic already pushed.
    pub fn set(&mut self, name: &'static str, value: DiagArg) -> &mut Diagnostic {
        self.args.push((name, value));
        self
    }

    /// `with_id` on a diagnostic already pushed.
    pub fn set_id(&mut self, id: &'static str) -> &mut Diagnostic {
        self.message_id = Some(id);
        self
    }

    pub fn with_span(mut self, span: Range<usize>) -> Diagnostic {
        self.span = Some(span);
        self
    }

    pub fn with_squares(mut self, squares: impl IntoIterator<Item = Square>) -> Diagnostic {
        self.squares.extend(squares);
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The message followed by the squares it names in `game`, unless it names them already.
    pub fn message_with_squares(&self, game: Game) -> String {
        let names: Vec<String> = self
            .squares
            .iter()
            .map(|s| s.name(game).to_string())
            .collect();
        if names.is_empty() || names.iter().all(|s| self.message.contains(s.as_str())) {
            self.message.clone()
        } else {
            format!("{} ({})", self.message, names.join(", "))
        }
    }

    /// This diagnostic with the squares it names written into its message, for printing.
    pub fn naming_squares(&self, game: Game) -> Diagnostic {
        Diagnostic {
            message: self.message_with_squares(game),
            ..self.clone()
        }
    }
}

/// The one way a diagnostic is printed: `error[missing_king]: message`, and with the alternate
/// flag (`{:#}`) its FEN field too, `error[missing_king] field 1: message`. `check` puts its
/// `FILE:LINE:COL: ` before the first form; `show`, `perft` and the editor use the second.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (severity, code) = (self.severity.as_str(), self.code.as_str());
        if f.alternate() {
            write!(
                f,
                "{severity}[{code}] field {}: {}",
                self.field, self.message
            )
        } else {
            write!(f, "{severity}[{code}]: {}", self.message)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_names_are_unique_snake_case() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            let name = code.as_str();
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_' || b.is_ascii_digit()),
                "{name}"
            );
            assert!(seen.insert(name), "{name} twice");
        }
        assert_eq!(seen.len(), Code::ALL.len());
    }

    #[test]
    fn display_has_a_plain_and_a_field_form() {
        let d = Diagnostic::error(Code::MissingKing, Field::Placement, "White has no king");
        assert_eq!(d.to_string(), "error[missing_king]: White has no king");
        assert_eq!(
            format!("{d:#}"),
            "error[missing_king] field 1: White has no king"
        );
        let w = Diagnostic::warning(Code::TooManyKings, Field::Placement, "two kings")
            .with_squares([Square::new(4, 0), Square::new(7, 0)]);
        assert_eq!(w.message_with_squares(Game::Chess), "two kings (e1, h1)");
    }
}
