//! Properties of the collection text model over arbitrary bytes.

use fenboard::collection::Collection;
use proptest::prelude::*;

const KK: &str = "8/8/8/8/8/8/8/K6k w - - 0 1";

/// Bytes rich in what gives files structure: line endings, comments, spaces, EPD punctuation,
/// a BOM, and bytes that are not UTF-8.
fn file_bytes() -> impl Strategy<Value = Vec<u8>> {
    let pieces: Vec<&'static [u8]> = vec![
        b"\n",
        b"\r\n",
        b"\r",
        b" ",
        b"\t",
        b"#",
        b";",
        b"\"",
        b"w",
        b"b",
        b"-",
        b"0",
        b"1",
        b"8/8",
        b"k",
        b"K",
        b"id",
        b"bm Qg6",
        b"\xEF\xBB\xBF",
        b"\xFF",
        b"\xC3",
        b"\xC3\xA9",
    ];
    prop::collection::vec(prop::sample::select(pieces), 0..60).prop_map(|v| v.concat())
}

fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split_inclusive(|&b| b == b'\n').collect()
}

proptest! {
    #[test]
    fn unchanged_files_come_back_byte_for_byte(bytes in file_bytes(), epd in any::<bool>()) {
        let name = if epd { "x.epd" } else { "x.fen" };
        let c = Collection::from_bytes(Some(name.into()), &bytes);
        prop_assert_eq!(c.to_bytes(), bytes);
    }

    #[test]
    fn replacing_a_record_changes_only_its_line(bytes in file_bytes(), pick in any::<prop::sample::Index>()) {
        let mut c = Collection::from_bytes(None, &bytes);
        prop_assume!(!c.is_empty());
        let i = pick.index(c.len());
        let line = c.line_number(i).unwrap() - 1;
        c.replace(i, KK);
        let out = c.to_bytes();
        let (before, after) = (lines(&bytes), lines(&out));
        prop_assert_eq!(before.len(), after.len());
        for (n, (a, b)) in before.iter().zip(&after).enumerate() {
            if n != line {
                prop_assert_eq!(a, b, "line {} changed", n);
            }
        }
        prop_assert_eq!(c.fen(i), if c.operations(i).is_some() { "8/8/8/8/8/8/8/K6k w - -" } else { KK });
        // Read back, the file has the same records.
        let again = Collection::from_bytes(None, &out);
        prop_assert_eq!(again.len(), c.len());
        prop_assert_eq!(again.fen(i), c.fen(i));
    }

    #[test]
    fn inserting_then_removing_gives_the_file_back(bytes in file_bytes(), pick in any::<prop::sample::Index>()) {
        let mut c = Collection::from_bytes(None, &bytes);
        prop_assume!(!c.is_empty());
        let i = pick.index(c.len());
        let n = c.insert_after(i, KK);
        prop_assert_eq!(n, i + 1);
        prop_assert_eq!(c.len(), Collection::from_bytes(None, &c.to_bytes()).len());
        c.remove(n);
        prop_assert_eq!(c.to_bytes(), bytes);
    }
}

fn line_text() -> impl Strategy<Value = String> {
    let pieces = vec![
        " ", "  ", "\t", ";", "\"", "w", "b", "-", "0", "12", "8/8", "k", "K", "id", "bm", "Qg6",
        "c0", "_", "x;", "é", "字",
    ];
    prop::collection::vec(prop::sample::select(pieces), 0..16).prop_map(|v| v.concat())
}

proptest! {
    /// Rewriting a record in its own form keeps its operations, byte for byte, and its form:
    /// what `fenboard check` and the editor read back is the same split.
    #[test]
    fn a_rewritten_record_keeps_its_operations_and_form(text in line_text(), black in any::<bool>()) {
        let c = Collection::from_bytes(None, text.as_bytes());
        prop_assume!(c.len() == 1);
        let ops = c.operations(0).map(str::to_owned);
        let fields = c.fen(0).split_whitespace().count();
        let canonical = if black { "8/8/8/8/8/8/8/K6k b - - 3 9" } else { "8/8/8/8/8/8/8/K6k w - - 0 1" };
        let mut edited = c.clone();
        edited.replace(0, canonical);
        prop_assert_eq!(edited.operations(0).map(str::to_owned), ops.clone(), "{:?}", text);
        let expected = match (&ops, fields) {
            (None, _) => canonical.to_string(),
            (Some(_), 4) => canonical.split(' ').take(4).collect::<Vec<_>>().join(" "),
            (Some(_), _) => canonical.to_string(),
        };
        prop_assert_eq!(edited.fen(0), expected.as_str(), "{:?}", text);
    }
}
