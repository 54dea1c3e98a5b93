//! Popeye's keywords in its three languages, and how a word of the input is matched against
//! them: in any case, and abbreviated to any prefix that names one keyword of its table (a word
//! that is a whole keyword names it even when it also begins a longer one).

/// The language of an input, chosen by the word that begins it (`beginproblem`,
/// `DebutProbleme`, `AnfangProblem`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    English,
    French,
    German,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::English, Language::French, Language::German];

    fn index(self) -> usize {
        match self {
            Language::English => 0,
            Language::French => 1,
            Language::German => 2,
        }
    }
}

/// What a word at the start of a command names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Begin,
    End,
    Next,
    Twin,
    ZeroPosition,
    Remark,
    StructuredStipulation,
    Author,
    Origin,
    Pieces,
    Condition,
    Option,
    Stipulation,
    Protocol,
    Title,
    LaTeX,
    LaTeXPieces,
    Award,
    InitialGameArray,
    Forsyth,
}

/// A table of keywords, one column per language (English, French, German).
type Table<T> = &'static [(T, [&'static str; 3])];

const BEGIN: Table<Command> = &[(
    Command::Begin,
    ["beginproblem", "debutprobleme", "anfangproblem"],
)];

const PROBLEM: Table<Command> = &[
    (Command::End, ["endproblem", "finprobleme", "endeproblem"]),
    (Command::Next, ["nextproblem", "asuivre", "weiteresproblem"]),
];

const END_TWIN: Table<Command> = &[
    (Command::Twin, ["twin", "jumeau", "zwilling"]),
    (
        Command::ZeroPosition,
        ["zeroposition", "zeroposition", "nullstellung"],
    ),
];

const INITIAL_TWIN: Table<Command> = &[
    (Command::Remark, ["remark", "remarque", "bemerkung"]),
    (
        Command::StructuredStipulation,
        ["sstipulation", "senonce", "sforderung"],
    ),
    (Command::Author, ["author", "auteur", "autor"]),
    (Command::Origin, ["origin", "source", "quelle"]),
    (Command::Pieces, ["pieces", "pieces", "steine"]),
    (Command::Condition, ["condition", "condition", "bedingung"]),
    (Command::Option, ["option", "option", "option"]),
    (Command::Stipulation, ["stipulation", "enonce", "forderung"]),
    (Command::Protocol, ["protocol", "protocol", "protokoll"]),
    (Command::Title, ["title", "titre", "titel"]),
    (Command::LaTeX, ["latex", "latex", "latex"]),
    (
        Command::LaTeXPieces,
        ["latexpieces", "pieceslatex", "latexsteine"],
    ),
    (Command::Award, ["award", "prix", "auszeichnung"]),
    (
        Command::InitialGameArray,
        [
            "initialgamearray",
            "positioninitialepartie",
            "partieanfangsstellung",
        ],
    ),
    (Command::Forsyth, ["forsyth", "forsyth", "forsyth"]),
];

/// The result of matching a word against a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Match<T> {
    One(T),
    /// The word begins several keywords: their first two, for the message.
    Ambiguous(&'static str, &'static str),
    None,
}

/// `word` matched in one language's column of `table`.
fn lookup<T: Copy>(table: Table<T>, lang: Language, word: &str) -> Match<T> {
    let w = word.to_ascii_lowercase();
    if w.is_empty() {
        return Match::None;
    }
    let column = lang.index();
    if let Some((t, _)) = table.iter().find(|(_, names)| names[column] == w) {
        return Match::One(*t);
    }
    let mut found = table
        .iter()
        .filter(|(_, names)| names[column].starts_with(&w));
    match (found.next(), found.next()) {
        (Some((t, _)), None) => Match::One(*t),
        (Some((_, a)), Some((_, b))) => Match::Ambiguous(a[column], b[column]),
        _ => Match::None,
    }
}

/// The language whose begin word `word` abbreviates, if any.
pub fn begin_language(word: &str) -> Option<Language> {
    Language::ALL
        .into_iter()
        .find(|&l| lookup(BEGIN, l, word) == Match::One(Command::Begin))
}

/// The command `word` names in `lang`: Popeye tries the end-of-problem words, then the twin
/// words, then the commands of a problem, and the first table that knows the word decides.
pub fn command(lang: Language, word: &str) -> Match<Command> {
    for table in [BEGIN, PROBLEM, END_TWIN, INITIAL_TWIN] {
        match lookup(table, lang, word) {
            Match::None => continue,
            m => return m,
        }
    }
    Match::None
}

/// Piece colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
    Neutral,
    TotalInvisible,
}

const COLOURS: Table<Colour> = &[
    (Colour::White, ["white", "blanc", "weiss"]),
    (Colour::Black, ["black", "noir", "schwarz"]),
    (Colour::Neutral, ["neutral", "neutre", "neutral"]),
    (
        Colour::TotalInvisible,
        ["totalinvisible", "totalinvisible", "totalunsichtbar"],
    ),
];

/// The colour `word` names in `lang`.
pub fn colour(lang: Language, word: &str) -> Match<Colour> {
    lookup(COLOURS, lang, word)
}

/// The English name of a colour, as a twin's `add` reads it.
pub fn colour_english(c: Colour) -> &'static str {
    COLOURS
        .iter()
        .find(|(k, _)| *k == c)
        .map_or("", |(_, n)| n[0])
}

/// Popeye's options: what fenboard does with each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opt {
    /// `defence N`: tries refuted by at most N defences.
    Defence,
    SetPlay,
    WhiteToPlay,
    Try,
    MaxSolutions,
    EnPassant,
    NoCastling,
    /// Changes only what Popeye prints or how it searches; no number follows.
    Harmless,
    /// Changes only what Popeye prints or how it searches, and takes a number.
    HarmlessNumber,
    /// Changes the problem in a way fenboard does not solve (`duplex`, `nowk`, …).
    Fairy,
    /// Makes Popeye solve only part of the problem (`threat 2`, `maxflightsquares 1`,
    /// `nontrivial 0 1`, `postkeyplay`): its numbers follow, if any.
    Partial,
}

const OPTIONS: Table<Opt> = &[
    (Opt::Defence, ["defence", "defense", "widerlegung"]),
    (Opt::SetPlay, ["setplay", "apparent", "satzspiel"]),
    (
        Opt::WhiteToPlay,
        ["whitetoplay", "apparentseul", "weissbeginnt"],
    ),
    (Opt::Harmless, ["variations", "variantes", "varianten"]),
    (Opt::Harmless, ["movenumbers", "trace", "zugnummern"]),
    (
        Opt::HarmlessNumber,
        ["startmovenumber", "enroute", "startzugnummer"],
    ),
    (Opt::Fairy, ["nowk", "sansrb", "ohnewk"]),
    (Opt::Fairy, ["duplex", "duplex", "duplex"]),
    (Opt::Fairy, ["nobk", "sansrn", "ohnesk"]),
    (Opt::Partial, ["threat", "menace", "drohung"]),
    (Opt::Harmless, ["nothreat", "sansmenace", "ohnedrohung"]),
    (Opt::Try, ["try", "essais", "verfuehrung"]),
    (
        Opt::MaxSolutions,
        ["maxsolutions", "maxsolutions", "maxloesungen"],
    ),
    (
        Opt::Partial,
        ["maxflightsquares", "maxcasesfuites", "maxfluchtfelder"],
    ),
    (Opt::Harmless, ["search", "search", "suchen"]),
    (
        Opt::Harmless,
        ["multisolutions", "multisolutions", "mehrereloesungen"],
    ),
    (
        Opt::Harmless,
        ["nosymmetry", "nonsymetrique", "keinesymmetrie"],
    ),
    (Opt::Partial, ["nontrivial", "nontrivial", "nichttrivial"]),
    (
        Opt::Fairy,
        [
            "keepmatingpiece",
            "retienspiecematante",
            "haltemattsetzendenstein",
        ],
    ),
    (Opt::EnPassant, ["enpassant", "enpassant", "enpassant"]),
    (Opt::Harmless, ["noboard", "sansechiquier", "ohnebrett"]),
    (
        Opt::Harmless,
        [
            "noshortvariations",
            "sansvariantescourtes",
            "ohnekurzvarianten",
        ],
    ),
    (Opt::Fairy, ["halfduplex", "demiduplex", "halbduplex"]),
    (Opt::Partial, ["postkeyplay", "aprescle", "nachschluessel"]),
    (Opt::Harmless, ["intelligent", "intelligent", "intelligent"]),
    (Opt::HarmlessNumber, ["maxtime", "maxtemps", "maxzeit"]),
    (
        Opt::NoCastling,
        ["nocastling", "sansroquer", "keinerochade"],
    ),
    (Opt::Fairy, ["quodlibet", "quodlibet", "quodlibet"]),
    (
        Opt::Harmless,
        [
            "stoponshortsolutions",
            "finapressolutionscourtes",
            "stopnachkurzloesungen",
        ],
    ),
    (Opt::Harmless, ["beep", "bip", "pieps"]),
    (Opt::Harmless, ["suppressgrid", "sansgrille", "ohnegitter"]),
    (
        Opt::Harmless,
        ["writegrid", "ajoutegrille", "zeichnegitter"],
    ),
    (
        Opt::Fairy,
        [
            "castlingmutuallyexclusive",
            "roquesmutuellementexclusifs",
            "rochadengegenseitigausschliessend",
        ],
    ),
    (Opt::Fairy, ["goalisend", "butestfin", "zielistende"]),
    (Opt::Fairy, ["nullmoves", "coupsvides", "nullzuege"]),
    (
        Opt::HarmlessNumber,
        ["uptomovenumber", "jusquaucoup", "biszugnummer"],
    ),
    (
        Opt::Harmless,
        [
            "trivialtriesavoid",
            "trivialessaisupprimer",
            "trivialefehlversucheunterdruecken",
        ],
    ),
    (Opt::Fairy, ["matesin1", "matsen1", "mattsin1"]),
];

/// The option `word` names in `lang`.
pub fn option(lang: Language, word: &str) -> Match<Opt> {
    lookup(OPTIONS, lang, word)
}

/// The twin commands, by their English names (what fenboard's twin reader reads).
const TWINNING: Table<&'static str> = &[
    ("move", ["move", "deplacement", "versetze"]),
    ("exchange", ["exchange", "echange", "tausche"]),
    ("stipulation", ["stipulation", "enonce", "forderung"]),
    ("sstipulation", ["sstipulation", "senonce", "sforderung"]),
    ("add", ["add", "ajoute", "hinzufuegen"]),
    ("remove", ["remove", "ote", "entferne"]),
    ("continued", ["continued", "enplus", "ferner"]),
    ("rotate", ["rotate", "rotation", "drehung"]),
    ("condition", ["condition", "condition", "bedingung"]),
    ("polish", ["polishtype", "couleurechange", "farbwechsel"]),
    ("mirror", ["mirror", "miroir", "spiegelung"]),
    ("shift", ["shift", "translation", "verschiebung"]),
    ("substitute", ["substitute", "remplace", "ersetze"]),
];

/// The English twin command `word` names in `lang`.
pub fn twinning(lang: Language, word: &str) -> Match<&'static str> {
    lookup(TWINNING, lang, word)
}

/// The orthodox men's letters in `lang`: king, queen, rook, bishop, knight, pawn.
fn letters(lang: Language) -> [char; 6] {
    match lang {
        Language::English => ['k', 'q', 'r', 'b', 's', 'p'],
        Language::French => ['r', 'd', 't', 'f', 'c', 'p'],
        Language::German => ['k', 'd', 't', 'l', 's', 'b'],
    }
}

/// The FEN letter (upper case) of Popeye's one-letter piece name `name` in `lang`, if it is an
/// orthodox man.
pub fn piece(lang: Language, name: &str) -> Option<char> {
    let mut chars = name.chars();
    let c = chars.next()?.to_ascii_lowercase();
    if chars.next().is_some() {
        return None;
    }
    letters(lang)
        .iter()
        .position(|&l| l == c)
        .map(|i| ['K', 'Q', 'R', 'B', 'N', 'P'][i])
}

/// Popeye's English letter of the FEN letter `fen` (either case): `N` is `s`.
pub fn english_letter(fen: char) -> char {
    match fen.to_ascii_lowercase() {
        'n' => 's',
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_match_abbreviated_in_any_case_and_refuse_ambiguous_prefixes() {
        let en = Language::English;
        assert_eq!(command(en, "STIP"), Match::One(Command::Stipulation));
        assert_eq!(command(en, "pie"), Match::One(Command::Pieces));
        assert_eq!(command(en, "end"), Match::One(Command::End));
        assert!(matches!(command(en, "s"), Match::Ambiguous(..)));
        assert_eq!(command(en, "latex"), Match::One(Command::LaTeX));
        assert_eq!(command(en, "frobnicate"), Match::None);
        assert_eq!(
            command(Language::German, "Forderung"),
            Match::One(Command::Stipulation)
        );
        assert_eq!(
            command(Language::French, "enon"),
            Match::One(Command::Stipulation)
        );
    }

    #[test]
    fn the_begin_word_chooses_the_language() {
        assert_eq!(begin_language("beginproblem"), Some(Language::English));
        assert_eq!(begin_language("BeGiN"), Some(Language::English));
        assert_eq!(begin_language("DebutProbleme"), Some(Language::French));
        assert_eq!(begin_language("anf"), Some(Language::German));
        assert_eq!(begin_language("pieces"), None);
    }

    #[test]
    fn piece_letters_follow_the_language() {
        assert_eq!(piece(Language::English, "S"), Some('N'));
        assert_eq!(piece(Language::English, "n"), None);
        assert_eq!(piece(Language::French, "c"), Some('N'));
        assert_eq!(piece(Language::French, "r"), Some('K'));
        assert_eq!(piece(Language::German, "l"), Some('B'));
        assert_eq!(piece(Language::German, "b"), Some('P'));
        assert_eq!(piece(Language::English, "le"), None);
    }
}
