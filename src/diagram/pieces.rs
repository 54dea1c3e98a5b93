//! The chess pieces, drawn for fenboard (`assets/pieces/chess/*.svg`, 100×100 each). Each file
//! has three groups: `body` (filled with the side's colour, outlined), `lines` (strokes in the
//! detail colour) and `dots` (filled with the detail colour). White pieces are white with black
//! outlines and details; black pieces are black with white details, as in printed diagrams.

use std::sync::OnceLock;

use crate::core::{Color, Role};

const SOURCES: [(Role, &str); 6] = [
    (
        Role::King,
        include_str!("../../assets/pieces/chess/king.svg"),
    ),
    (
        Role::Queen,
        include_str!("../../assets/pieces/chess/queen.svg"),
    ),
    (
        Role::Rook,
        include_str!("../../assets/pieces/chess/rook.svg"),
    ),
    (
        Role::Bishop,
        include_str!("../../assets/pieces/chess/bishop.svg"),
    ),
    (
        Role::Knight,
        include_str!("../../assets/pieces/chess/knight.svg"),
    ),
    (
        Role::Pawn,
        include_str!("../../assets/pieces/chess/pawn.svg"),
    ),
];

/// The id a piece's drawing has in the diagram's `<defs>`.
pub fn id(color: Color, role: Role) -> String {
    let side = match color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("fb-{side}{}", role.letter())
}

/// `<defs>` holding all twelve chess pieces.
pub fn defs() -> &'static str {
    static DEFS: OnceLock<String> = OnceLock::new();
    DEFS.get_or_init(|| {
        let mut out = String::from("<defs>\n");
        for (role, source) in SOURCES {
            for color in Color::BOTH {
                out.push_str(&piece(color, role, source));
            }
        }
        out.push_str("</defs>\n");
        out
    })
}

fn piece(color: Color, role: Role, source: &str) -> String {
    let (fill, detail) = match color {
        Color::White => ("#fff", "#000"),
        Color::Black => ("#000", "#fff"),
    };
    format!(
        concat!(
            r#"<g id="{id}" stroke-linejoin="round" stroke-linecap="round" stroke-width="3.5">"#,
            r##"<g fill="{fill}" stroke="#000">{body}</g>"##,
            r#"<g fill="none" stroke="{detail}">{lines}</g>"#,
            r#"<g fill="{detail}" stroke="none">{dots}</g></g>"#,
            "\n"
        ),
        id = id(color, role),
        fill = fill,
        detail = detail,
        body = group(source, "body"),
        lines = group(source, "lines"),
        dots = group(source, "dots"),
    )
}

/// The inside of `<g id="NAME" …>…</g>` in `source` (groups in the assets are not nested).
fn group<'a>(source: &'a str, name: &str) -> &'a str {
    let open = format!("<g id=\"{name}\"");
    let Some(start) = source.find(&open) else {
        return "";
    };
    let rest = &source[start..];
    let Some(body_start) = rest.find('>') else {
        return "";
    };
    let rest = &rest[body_start + 1..];
    rest.find("</g>").map_or("", |end| rest[..end].trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_has_a_body() {
        for (role, source) in SOURCES {
            assert!(group(source, "body").contains("<path"), "{role:?}");
            assert!(
                !group(source, "body").contains("<g"),
                "{role:?}: nested group"
            );
        }
        assert!(defs().contains(r#"id="fb-bn""#));
        assert_eq!(defs().matches("<g id=\"fb-").count(), 12);
    }
}
