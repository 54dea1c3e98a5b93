//! Chinese notation (`炮二平五`, `马８进７`, `前车平三`, `中兵平六`, `前九平八`).
//!
//! Four characters: the piece, its file, 进 forward / 退 backward / 平 sideways, and the ranks moved
//! or the file arrived on. Red's numbers are Chinese numerals and Black's are digits, each side
//! counting files from its own right (《象棋竞赛规则（2020版）》第1条 1.1: 红棋方面从右到左用中文
//! 数字一至九来标识，黑棋方面从右到左用阿拉伯数字1至9来标识). Black's digits are written
//! full-width (`马８进７`), as Chinese books print them, so that every move is four square
//! characters wide. Piece names are the simplified ones of mainland books: Red 帅 仕 相 车 马 炮 兵,
//! Black 将 士 象 车 马 炮 卒.
//!
//! Pieces of a kind on one file (`Which::Tandem`), front first from the mover's side:
//! - two: 前 / 后 in place of the file, before the name (`前车平三`, `后马进四`): 2020 rules,
//!   第7条 7.5 (如果一方相同兵种的子在同一道直线上 … 用"前""中""后"来表明，如：前马退四、后车平六);
//! - three soldiers: 前 / 中 / 后 (`中兵平六`): the same rule;
//! - four or five soldiers: 一 二 三 四 五 from the front (`二兵平五`): xqbase.com, 《中国象棋电脑
//!   应用规范（二）：着法表示》§四 二(2) (三个以上兵在一条纵线上：最前面的兵用"一"代替"前"，以后
//!   依次是"二"、"三"、"四"和"五");
//! - soldiers doubled on two files: the order word, then the file, the name dropped so that the
//!   move stays four characters (`前九平八`, `中七平六`, `后三进一`): zh.wikipedia.org, 象棋 §
//!   中式记谱法 (当兵卒在两个纵线都达到两个以上时 … 前兵九平八，此时可省略兵（卒），记做前九平八，
//!   以达到都用4个汉字记谱的要求) — the same choice WXF makes with `3+.4`.
//!
//! Advisors and elephants never take an order word (see `Which::Alone`).
//!
//! Reading also takes traditional and variant characters (車 俥 伡, 馬 傌, 砲 包, 帥 將, 後, 進),
//! 上/下 for 进/退, Arabic or full-width digits for either side, the other order forms (前兵九平八,
//! 前/二/三/四/后 for four or five, the computer standard's 一…五 across two doubled files), a
//! final 一 left out of a one-step move, check marks and annotations.

use super::wxf::role;
use super::{Direction, Parts, Rank, Spec, Which};
use crate::core::{Color, Piece, Role};

const NUMERALS: [char; 10] = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

fn name(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::King) => '帅',
        (Color::White, Role::Advisor) => '仕',
        (Color::White, Role::Bishop) => '相',
        (Color::White, Role::Pawn | Role::Queen) => '兵',
        (Color::Black, Role::King) => '将',
        (Color::Black, Role::Advisor) => '士',
        (Color::Black, Role::Bishop) => '象',
        (Color::Black, Role::Pawn | Role::Queen) => '卒',
        (_, Role::Knight) => '马',
        (_, Role::Rook) => '车',
        (_, Role::Cannon) => '炮',
    }
}

/// A number 1–9 as `color` writes it: Chinese numerals for Red, full-width digits for Black.
fn number(color: Color, n: u8) -> char {
    match color {
        Color::White => NUMERALS[usize::from(n.clamp(1, 10)) - 1],
        Color::Black => char::from_u32(0xff10 + u32::from(n.min(9))).unwrap_or('?'),
    }
}

pub(super) fn write(parts: &Parts) -> String {
    let color = parts.piece.color;
    let mut out = String::with_capacity(12);
    match parts.which {
        Which::Alone => {
            out.push(name(parts.piece));
            out.push(number(color, parts.file));
        }
        Which::Tandem {
            index,
            count,
            two_files,
        } => {
            let i = usize::from(index);
            out.push(match count {
                2 => ['前', '后'][i.min(1)],
                3 => ['前', '中', '后'][i.min(2)],
                _ => NUMERALS[i.min(9)],
            });
            if two_files {
                out.push(number(color, parts.file));
            } else {
                out.push(name(parts.piece));
            }
        }
    }
    out.push(match parts.direction {
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Sideways => '平',
    });
    out.push(number(color, parts.number));
    out
}

/// The text as signs that do not depend on the side or the script: a piece letter K A E H R C P,
/// digits 1–9, F M L for 前 中 后, `+ - .` for 进 退 平. Check marks and annotations go.
pub(super) fn normalize(text: &str) -> String {
    let marks = |c: char| c.is_whitespace() || "+#!?＋！？。".contains(c);
    text.trim_matches(marks)
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '帅' | '帥' | '将' | '將' => 'K',
            '仕' | '士' => 'A',
            '相' | '象' => 'E',
            '马' | '馬' | '傌' | '㐷' => 'H',
            '车' | '車' | '俥' | '伡' => 'R',
            '炮' | '砲' | '包' => 'C',
            '兵' | '卒' => 'P',
            '前' => 'F',
            '中' => 'M',
            '后' | '後' => 'L',
            '进' | '進' | '上' => '+',
            '退' | '下' => '-',
            '平' => '.',
            '1'..='9' => c,
            '１'..='９' => char::from_u32(c as u32 - 0xff10 + u32::from(b'0')).unwrap_or(c),
            _ => NUMERALS[..9]
                .iter()
                .position(|&n| n == c)
                .map_or(c, |i| char::from(b'1' + i as u8)),
        })
        .collect()
}

fn digit(sign: char) -> Option<u8> {
    sign.to_digit(10)
        .filter(|n| (1..=9).contains(n))
        .map(|n| n as u8)
}

/// What a normalized text says.
pub(super) fn parse(text: &str) -> Result<Spec, &'static str> {
    const SHAPE: &str =
        "expected a piece, its file, 进/退/平 and a number, such as 炮二平五 or 马8进7";
    let signs: Vec<char> = text.chars().collect();
    let mut rest = &signs[..];
    let mut next = || -> Option<char> {
        let (&first, tail) = rest.split_first()?;
        rest = tail;
        Some(first)
    };
    let mut spec = Spec::default();
    let first = next().ok_or(SHAPE)?;
    let order = match first {
        'F' => Some(Rank::Front),
        'M' => Some(Rank::Middle),
        'L' => Some(Rank::Rear),
        _ => None,
    };
    let mut after_order = None;
    if let Some(r) = role(first) {
        spec.role = Some(r);
        spec.file = Some(
            next()
                .and_then(digit)
                .ok_or("the piece's file must follow it")?,
        );
    } else if let Some(rank) = order.or_else(|| digit(first).filter(|n| *n <= 5).map(Rank::Nth)) {
        spec.rank_in_file = Some(rank);
        after_order = next();
    } else {
        return Err(SHAPE);
    }
    let mut direction = None;
    if let Some(sign) = after_order {
        if let Some(r) = role(sign) {
            // 前车…, or 前兵九… with the file as well.
            spec.role = Some(r);
        } else if let Some(file) = digit(sign) {
            // 前九平八: a soldier on a doubled file.
            spec.role = Some(Role::Pawn);
            spec.file = Some(file);
        } else {
            return Err("前, 中, 后 or an order number must be followed by a piece or a file");
        }
        match next() {
            Some(sign) if spec.file.is_none() && digit(sign).is_some() => {
                spec.file = digit(sign);
            }
            other => direction = other,
        }
    }
    let direction = direction.or_else(&mut next).ok_or(SHAPE)?;
    spec.direction = Some(match direction {
        '+' => Direction::Forward,
        '-' => Direction::Backward,
        '.' => Direction::Sideways,
        _ => return Err("the move must say 进 (forward), 退 (backward) or 平 (sideways)"),
    });
    spec.number = match next() {
        // 兵七进: a one-step move may leave its 一 out.
        None if spec.direction != Some(Direction::Sideways) => None,
        None => return Err("平 must be followed by the file arrived on"),
        Some(sign) => Some(digit(sign).ok_or("the move must end with a number 1–9")?),
    };
    if next().is_some() {
        return Err("too many characters for a move");
    }
    if spec.number.is_none() {
        spec.number = Some(1);
    }
    Ok(spec)
}
