//! The editor's `d`: the record's diagram written as SVG and PNG beside the collection, named
//! after the record (written again, it replaces its own files), or for a position without a
//! file in the current folder under the first free name of `diagram`, `diagram-2`, … Runs on the diagram worker's thread (`exporter`); the clipboard then
//! copies the image.

use std::path::{Path, PathBuf};

use crate::diagram::naming::{LOOSE_STEM, export_folder, file_stem, first_free_stem};
use crate::diagram::{self, Caption, Options, png};
use crate::editor::effect::DiagramRequest;

/// What was written, and the image for the clipboard.
#[derive(Debug)]
pub struct Written {
    pub svg: PathBuf,
    pub png: PathBuf,
    pub width: usize,
    pub height: usize,
    /// Straight (not premultiplied) RGBA, row by row.
    pub rgba: Vec<u8>,
    pub warnings: Vec<String>,
}

/// Width of the editor's diagrams in pixels.
pub const SIZE: u32 = 480;

/// Draws `request` and writes its two files.
pub fn write(request: &DiagramRequest, fonts: &png::Fonts) -> Result<Written, String> {
    let folder = export_folder(request.collection.as_deref());
    let stem = match request.collection {
        Some(_) => file_stem(request.id.as_deref(), request.line.unwrap_or(1)),
        None => first_free_stem(&folder, LOOSE_STEM, &["svg", "png"]),
    };
    let mut caption = Caption::new(&request.position, request.operations.as_deref());
    if let Some(stipulation) = &request.stipulation {
        caption.stipulation = Some(stipulation.clone());
    }
    let options = Options {
        size: SIZE,
        flip: request.flip,
        ..Options::default()
    };
    let (bytes, warnings) = png::diagram(&request.position, &caption, &options, fonts)?;
    // The SVG keeps the characters: the viewer that opens it has its own fonts.
    let svg = diagram::svg(&request.position, &caption, &options);
    let svg_path = folder.join(format!("{stem}.svg"));
    let png_path = folder.join(format!("{stem}.png"));
    save(&svg_path, svg.as_bytes())?;
    save(&png_path, &bytes)?;
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&bytes).map_err(|e| e.to_string())?;
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    Ok(Written {
        svg: svg_path,
        png: png_path,
        width: pixmap.width() as usize,
        height: pixmap.height() as usize,
        rgba,
        warnings,
    })
}

fn save(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
