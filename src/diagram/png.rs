//! PNG through resvg: the SVG rendered to pixels with the system's fonts.

use std::sync::Arc;

use resvg::tiny_skia::Pixmap;
use resvg::usvg::{self, fontdb};

use super::{Caption, Options};
use crate::core::Position;

/// The fonts text is drawn with, and whether they can draw xiangqi's characters.
#[derive(Clone)]
pub struct Fonts {
    db: Arc<fontdb::Database>,
    cjk: bool,
}

/// A character every CJK font that can draw the pieces has (the red general).
const CJK_PROBE: [char; 3] = ['帥', '將', '砲'];

impl Fonts {
    /// The system's fonts (reads the font folders: do it once and keep the result).
    pub fn system() -> Fonts {
        let mut db = fontdb::Database::new();
        db.load_system_fonts();
        Fonts::from_database(db)
    }

    /// No fonts at all: text is not drawn (tests of what happens without fonts).
    pub fn none() -> Fonts {
        Fonts::from_database(fontdb::Database::new())
    }

    fn from_database(mut db: fontdb::Database) -> Fonts {
        // usvg's generic `sans-serif` is Arial; point it at a family that is installed.
        let family = ["DejaVu Sans", "Liberation Sans", "Noto Sans"]
            .into_iter()
            .find(|f| {
                db.faces()
                    .any(|face| face.families.iter().any(|(name, _)| name == f))
            })
            .map(str::to_owned)
            .or_else(|| {
                db.faces()
                    .next()
                    .and_then(|f| f.families.first())
                    .map(|(n, _)| n.clone())
            });
        if let Some(family) = family {
            db.set_sans_serif_family(family);
        }
        let cjk = db.faces().any(|face| {
            db.with_face_data(face.id, |data, index| {
                let Ok(font) = skrifa::FontRef::from_index(data, index) else {
                    return false;
                };
                let map = skrifa::charmap::Charmap::new(&font);
                CJK_PROBE.iter().all(|&c| map.map(c).is_some())
            })
            .unwrap_or(false)
        });
        Fonts {
            db: Arc::new(db),
            cjk,
        }
    }

    /// Whether some font draws xiangqi's characters.
    pub fn has_cjk(&self) -> bool {
        self.cjk
    }

    pub fn is_empty(&self) -> bool {
        self.db.is_empty()
    }
}

/// `svg` read by usvg with `fonts` (its text laid out as paths).
pub fn tree(svg: &str, fonts: &Fonts) -> Result<usvg::Tree, String> {
    let options = usvg::Options {
        fontdb: fonts.db.clone(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())
}

/// `svg` rendered to pixels at its own size.
pub fn pixmap(svg: &str, fonts: &Fonts) -> Result<Pixmap, String> {
    let tree = tree(svg, fonts)?;
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot draw {}×{} pixels", size.width(), size.height()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// A diagram as PNG bytes, with what the reader should know (letters instead of characters,
/// no fonts for the caption).
pub fn diagram(
    position: &Position,
    caption: &Caption,
    options: &Options,
    fonts: &Fonts,
) -> Result<(Vec<u8>, Vec<String>), String> {
    let mut options = *options;
    let mut warnings = Vec::new();
    if position.game.is_xiangqi() && !fonts.has_cjk() && !options.letters {
        options.letters = true;
        warnings.push(
            "no installed font draws the xiangqi characters (install fonts-wqy-microhei or \
             Noto Sans CJK): pieces drawn as letters"
                .to_owned(),
        );
    }
    if fonts.is_empty() && (options.caption || options.coords || position.game.is_xiangqi()) {
        warnings.push("no fonts found: text is not drawn".to_owned());
    }
    let svg = super::svg(position, caption, &options);
    let pixmap = pixmap(&svg, fonts)?;
    let bytes = pixmap.encode_png().map_err(|e| e.to_string())?;
    Ok((bytes, warnings))
}
