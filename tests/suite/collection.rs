//! The collection text model: files come back byte for byte, edits touch only their line,
//! saving never loses the file or the edits.

use std::fs;
use std::path::{Path, PathBuf};

use fenboard::collection::{Collection, SaveError};
use fenboard::core::Game;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KK: &str = "8/8/8/8/8/8/8/K6k w - - 0 1";

/// A file with everything a hand-kept collection may hold: a BOM, CRLF and LF lines, comments,
/// blank and whitespace-only lines, trailing spaces, a line that is not a FEN, EPD records with
/// operations, invalid UTF-8, and no newline at the end.
fn mixed() -> Vec<u8> {
    let mut v = Vec::new();
    v.extend_from_slice(b"\xEF\xBB\xBF# my problems\r\n");
    v.extend_from_slice(format!("{START}\r\n").as_bytes());
    v.extend_from_slice(b"\r\n   \n");
    v.extend_from_slice(b"  8/8/8/4k3/8/8/8/4K3 b - - 3 40   \n");
    v.extend_from_slice(b"not a fen at all\n");
    v.extend_from_slice(
        b"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\r\n",
    );
    v.extend_from_slice(b"\t# indented comment \xFF\n");
    v.extend_from_slice(b"8/8/8/8/8/8/8/K6k w - - c0 \"\xC3\x28 broken\";\n");
    v.extend_from_slice(b"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    v
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenboard-coll-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn lines_of(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split_inclusive(|&b| b == b'\n').collect()
}

/// The indices of the lines that differ between two files of the same line count.
fn changed_lines(a: &[u8], b: &[u8]) -> Vec<usize> {
    let (a, b) = (lines_of(a), lines_of(b));
    assert_eq!(a.len(), b.len(), "line count changed");
    (0..a.len()).filter(|&i| a[i] != b[i]).collect()
}

#[test]
fn a_mixed_file_comes_back_byte_for_byte() {
    let input = mixed();
    let c = Collection::from_bytes(None, &input);
    assert_eq!(c.to_bytes(), input);
    assert!(!c.is_modified());
}

#[test]
fn records_are_the_non_blank_non_comment_lines() {
    let c = Collection::from_bytes(None, &mixed());
    assert_eq!(c.len(), 6);
    assert_eq!(c.fen(0), START, "the BOM and CRLF are not part of the text");
    assert_eq!(c.fen(1), "8/8/8/4k3/8/8/8/4K3 b - - 3 40");
    assert_eq!(c.fen(2), "not a fen at all");
    assert_eq!(
        c.fen(3),
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -"
    );
    assert_eq!(c.id(3), Some("WAC.001"));
    assert_eq!(c.operand(3, "bm"), Some("Qg6"));
    assert_eq!(
        c.fen(4),
        "8/8/8/8/8/8/8/K6k w - -",
        "lossy text of invalid UTF-8"
    );
    assert_eq!(c.operations(4), Some("c0 \"\u{FFFD}( broken\";"));
    assert_eq!(
        c.fen(5),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    assert_eq!(c.id(0), None);
    assert_eq!(c.line_number(0), Some(2));
    assert_eq!(c.line_number(5), Some(10));
}

#[test]
fn out_of_range_indices_are_harmless() {
    let mut c = Collection::from_bytes(None, &mixed());
    assert_eq!(c.fen(99), "");
    assert_eq!(c.id(99), None);
    c.replace(99, KK);
    c.remove(99);
    assert!(!c.is_modified());
    assert_eq!(c.to_bytes(), mixed());
}

#[test]
fn editing_a_record_changes_exactly_its_line() {
    let input = mixed();
    let mut c = Collection::from_bytes(None, &input);
    c.replace(1, KK);
    assert!(c.is_modified());
    let out = c.to_bytes();
    assert_eq!(changed_lines(&input, &out), [4]);
    assert_eq!(lines_of(&out)[4], format!("{KK}\n").as_bytes());
    assert_eq!(c.fen(1), KK);
}

#[test]
fn editing_keeps_crlf_and_the_bom() {
    let input = mixed();
    let mut c = Collection::from_bytes(None, &input);
    c.replace(0, KK);
    let out = c.to_bytes();
    assert_eq!(changed_lines(&input, &out), [1]);
    assert_eq!(lines_of(&out)[1], format!("{KK}\r\n").as_bytes());
    assert!(out.starts_with(b"\xEF\xBB\xBF# my problems\r\n"));
}

#[test]
fn editing_an_epd_record_keeps_its_operations() {
    let input = mixed();
    let mut c = Collection::from_bytes(None, &input);
    c.replace(3, "8/8/8/8/8/8/8/K6k b - - 7 9");
    let out = c.to_bytes();
    assert_eq!(changed_lines(&input, &out), [6]);
    assert_eq!(
        lines_of(&out)[6],
        b"8/8/8/8/8/8/8/K6k b - - bm Qg6; id \"WAC.001\";\r\n"
    );
    assert_eq!(c.id(3), Some("WAC.001"));
}

#[test]
fn editing_an_invalid_utf8_record_rewrites_it_and_nothing_else() {
    let input = mixed();
    let mut c = Collection::from_bytes(None, &input);
    c.replace(4, KK);
    let out = c.to_bytes();
    assert_eq!(changed_lines(&input, &out), [8]);
    let line = String::from_utf8(lines_of(&out)[8].to_vec()).unwrap();
    // The operations of the edited line are kept as text: the bytes that were not UTF-8 become
    // U+FFFD there, and only there.
    assert_eq!(line, "8/8/8/8/8/8/8/K6k w - - c0 \"\u{FFFD}( broken\";\n");
}

#[test]
fn editing_the_last_line_keeps_it_without_newline() {
    let input = mixed();
    let mut c = Collection::from_bytes(None, &input);
    c.replace(5, KK);
    let out = c.to_bytes();
    assert_eq!(changed_lines(&input, &out), [9]);
    assert!(out.ends_with(KK.as_bytes()));
}

#[test]
fn replacing_with_the_same_text_is_not_a_change() {
    let mut c = Collection::from_bytes(None, format!("{START}\n").as_bytes());
    c.replace(0, START);
    assert!(!c.is_modified());
    c.replace(0, KK);
    assert!(c.is_modified());
}

#[test]
fn a_fen_with_line_breaks_cannot_split_the_line() {
    let mut c = Collection::from_bytes(None, format!("{START}\n{START}\n").as_bytes());
    c.replace(0, "8/8/8/8\n/8/8/8/K6k w - - 0 1\r\n");
    assert_eq!(c.len(), 2);
    let out = Collection::from_bytes(None, &c.to_bytes());
    assert_eq!(out.len(), 2);
    assert_eq!(out.fen(0), "8/8/8/8 /8/8/8/K6k w - - 0 1");
}

#[test]
fn insert_after_adds_a_line_after_the_record() {
    let input = b"# a\nA w - - 0 1\n# b\nB w - - 0 1\n";
    let mut c = Collection::from_bytes(None, input);
    assert_eq!(c.insert_after(0, KK), 1);
    assert_eq!(c.len(), 3);
    assert_eq!(c.fen(1), KK);
    assert_eq!(c.fen(2), "B w - - 0 1");
    assert_eq!(
        c.to_bytes(),
        format!("# a\nA w - - 0 1\n{KK}\n# b\nB w - - 0 1\n").as_bytes()
    );
    assert!(c.is_modified());
}

#[test]
fn insert_after_the_last_record_keeps_the_missing_final_newline() {
    let mut c = Collection::from_bytes(None, b"A w - - 0 1\r\nB w - - 0 1");
    assert_eq!(c.insert_after(1, KK), 2);
    assert_eq!(
        c.to_bytes(),
        format!("A w - - 0 1\r\nB w - - 0 1\r\n{KK}").as_bytes()
    );
    // Past the end means at the end.
    assert_eq!(c.insert_after(50, START), 3);
    assert_eq!(c.fen(3), START);
}

#[test]
fn insert_beside_an_epd_record_writes_four_fields() {
    let mut c = Collection::from_bytes(None, b"8/8/8/8/8/8/8/k6K w - - id \"x\";\n");
    let i = c.insert_after(0, KK);
    assert_eq!(c.fen(i), "8/8/8/8/8/8/8/K6k w - -");
    assert_eq!(
        c.to_bytes().split(|&b| b == b'\n').nth(1).unwrap(),
        b"8/8/8/8/8/8/8/K6k w - -"
    );
}

#[test]
fn insert_into_a_file_without_records() {
    let mut c = Collection::from_bytes(None, b"# only a comment");
    assert!(c.is_empty());
    assert_eq!(c.insert_after(0, KK), 0);
    assert_eq!(c.to_bytes(), format!("# only a comment\n{KK}").as_bytes());
    let mut e = Collection::from_bytes(None, b"");
    assert_eq!(e.insert_after(3, KK), 0);
    assert_eq!(e.to_bytes(), format!("{KK}\n").as_bytes());
}

#[test]
fn remove_deletes_the_record_line_only() {
    let mut c = Collection::from_bytes(None, b"# a\nA\r\n\nB\nC");
    c.remove(1);
    assert_eq!(c.len(), 2);
    assert_eq!((c.fen(0), c.fen(1)), ("A", "C"));
    assert_eq!(c.to_bytes(), b"# a\nA\r\n\nC");
    c.remove(1);
    assert_eq!(
        c.to_bytes(),
        b"# a\nA\r\n",
        "the last line lost its newline with C"
    );
    assert_eq!(c.len(), 1);
    c.remove(0);
    assert!(c.is_empty());
    assert_eq!(c.to_bytes(), b"# a\n");
}

#[test]
fn insert_then_remove_gives_the_input_back() {
    let input = mixed();
    let mut c = Collection::from_bytes(None, &input);
    for i in [0, 3, 5] {
        let n = c.insert_after(i, KK);
        c.remove(n);
    }
    assert_eq!(c.to_bytes(), input);
}

#[test]
fn garbage_bytes_never_panic_and_round_trip() {
    let mut seed = 0x2545F4914F6CDD1Du64;
    for len in 0..300 {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Mostly structure bytes, so that lines, comments and EPD operations occur.
                let table = b"\n\r #;\" w-/8kK\xFF\xC3\xEF\xBB\xBFid";
                table[(seed % table.len() as u64) as usize]
            })
            .collect();
        let mut c = Collection::from_bytes(Some("x.epd".into()), &bytes);
        assert_eq!(c.to_bytes(), bytes);
        for i in 0..c.len() {
            let _ = (c.fen(i), c.id(i), c.operations(i));
        }
        if !c.is_empty() {
            c.replace(c.len() - 1, KK);
            let n = c.insert_after(0, START);
            assert_eq!(
                c.fen(n),
                if c.operations(n).is_some() {
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
                } else {
                    START
                }
            );
            c.remove(0);
        }
    }
}

#[test]
fn saving_an_unchanged_file_keeps_every_byte() {
    let dir = scratch("unchanged");
    let path = dir.join("mixed.fen");
    fs::write(&path, mixed()).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    c.save().unwrap();
    assert_eq!(fs::read(&path).unwrap(), mixed());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn saving_writes_the_edit_and_clears_modified() {
    let dir = scratch("edit");
    let path = dir.join("a.fen");
    fs::write(&path, format!("# x\n{START}\n")).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    c.replace(0, KK);
    assert!(c.is_modified());
    c.save().unwrap();
    assert!(!c.is_modified());
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("# x\n{KK}\n"));
    let again = Collection::open(&path, Game::Chess).unwrap();
    assert_eq!(again.fen(0), KK);
    fs::remove_dir_all(dir).unwrap();
}

/// Tests run as root in CI, so permissions cannot make a folder unwritable: these use a folder
/// removed from under the file, and a "folder" that is a file.
#[test]
fn a_failed_save_keeps_the_edits_and_says_what_failed() {
    let dir = scratch("gone");
    let sub = dir.join("sub");
    fs::create_dir(&sub).unwrap();
    let path = sub.join("a.fen");
    fs::write(&path, format!("{START}\n")).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    c.replace(0, KK);
    fs::remove_dir_all(&sub).unwrap();
    let err = c.save().unwrap_err();
    assert!(
        err.to_string()
            .starts_with("cannot create a temporary file in"),
        "{err}"
    );
    assert!(err.to_string().contains("sub"), "{err}");
    assert!(c.is_modified());
    assert_eq!(c.fen(0), KK);
    // The folder comes back: the same edits save.
    fs::create_dir(&sub).unwrap();
    c.save().unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{KK}\n"));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_failed_save_leaves_the_original_intact() {
    let dir = scratch("blocked");
    let path = dir.join("a.fen");
    let original = format!("{START}\r\n# keep me\n");
    fs::write(&path, &original).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    c.replace(0, KK);
    // Replace the file by a non-empty folder of the same name: the rename over it must fail.
    let moved = dir.join("moved.fen");
    fs::rename(&path, &moved).unwrap();
    fs::create_dir(&path).unwrap();
    fs::write(path.join("inside"), "x").unwrap();
    let err = c.save().unwrap_err();
    assert!(err.to_string().contains("a.fen"), "{err}");
    assert!(c.is_modified());
    assert_eq!(fs::read(path.join("inside")).unwrap(), b"x");
    let left: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
    assert_eq!(fs::read_to_string(&moved).unwrap(), original);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_path_under_a_file_fails_cleanly() {
    let dir = scratch("underfile");
    let file = dir.join("plain");
    fs::write(&file, "x").unwrap();
    let path = file.join("a.fen");
    let mut c = Collection::open(&path, Game::Chess).unwrap_or_else(|_| {
        Collection::from_bytes(Some(path.clone()), format!("{START}\n").as_bytes())
    });
    c.replace(0, KK);
    assert!(c.save().is_err());
    assert!(c.is_modified());
    assert_eq!(fs::read(&file).unwrap(), b"x");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn opening_a_missing_file_starts_a_new_one_created_on_save() {
    let dir = scratch("new");
    let path = dir.join("new.fen");
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    assert!(c.is_new_file());
    assert!(!c.is_modified());
    assert_eq!((c.len(), c.fen(0)), (1, START));
    assert!(!path.exists(), "nothing is written before saving");
    c.save().unwrap();
    assert!(!c.is_new_file());
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{START}\n"));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_new_file_starts_with_the_game_start_position() {
    let dir = scratch("newgame");
    let x = Collection::open(&dir.join("x.fen"), Game::Xiangqi).unwrap();
    assert_eq!(x.fen(0), Game::Xiangqi.start_fen());
    let e = Collection::open(&dir.join("p.epd"), Game::Chess).unwrap();
    assert_eq!(
        e.fen(0),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    );
    assert_eq!(
        e.to_bytes(),
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn opening_a_folder_is_an_error() {
    let dir = scratch("folder");
    let err = Collection::open(&dir, Game::Chess).unwrap_err();
    assert!(err.to_string().starts_with("cannot open"), "{err}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn rescue_writes_file_save_and_leaves_the_file_alone() {
    let dir = scratch("rescue");
    let path = dir.join("a.epd");
    let original = "8/8/8/8/8/8/8/k6K w - - id \"one\";\n";
    fs::write(&path, original).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    assert!(c.newer_rescues().is_empty());
    c.replace(0, KK);
    let rescue = c.write_rescue().unwrap();
    assert_eq!(rescue, dir.join("a.epd.save"));
    assert_eq!(
        fs::read_to_string(&rescue).unwrap(),
        "8/8/8/8/8/8/8/K6k w - - id \"one\";\n"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), original);
    assert!(c.is_modified(), "the file itself still lacks the change");

    // Reopening sees the rescue file, which is newer than the file.
    let t = std::time::SystemTime::now();
    set_mtime(&path, t - std::time::Duration::from_secs(10));
    set_mtime(&rescue, t);
    let reopened = Collection::open(&path, Game::Chess).unwrap();
    assert_eq!(reopened.newer_rescues(), std::slice::from_ref(&rescue));

    // After a save of the file, an older rescue file is no news.
    set_mtime(&rescue, t - std::time::Duration::from_secs(20));
    let reopened = Collection::open(&path, Game::Chess).unwrap();
    assert!(reopened.newer_rescues().is_empty());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_second_rescue_goes_to_file_save_1_and_both_are_announced() {
    let dir = scratch("rescue-twice");
    let path = dir.join("a.fen");
    fs::write(&path, format!("{START}\n{START}\n")).unwrap();
    // The first session edits record 2 and is killed…
    let mut first = Collection::open(&path, Game::Chess).unwrap();
    first.replace(1, KK);
    let one = first.write_rescue().unwrap();
    // …the second edits record 1 and is killed too: the first rescue is still there.
    let mut second = Collection::open(&path, Game::Chess).unwrap();
    second.replace(0, KK);
    let two = second.write_rescue().unwrap();
    assert_eq!(one, dir.join("a.fen.save"));
    assert_eq!(two, dir.join("a.fen.save.1"));
    assert_eq!(
        fs::read_to_string(&one).unwrap(),
        format!("{START}\n{KK}\n")
    );
    assert_eq!(
        fs::read_to_string(&two).unwrap(),
        format!("{KK}\n{START}\n")
    );
    set_mtime(
        &path,
        std::time::SystemTime::now() - std::time::Duration::from_secs(60),
    );
    let third = Collection::open(&path, Game::Chess).unwrap();
    assert_eq!(third.newer_rescues(), [one, two]);
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_rescue_never_writes_through_a_planted_symlink() {
    let dir = scratch("rescue-link");
    let path = dir.join("a.fen");
    let victim = dir.join("victim");
    fs::write(&path, format!("{START}\n")).unwrap();
    fs::write(&victim, "precious\n").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("a.fen.save")).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    c.replace(0, KK);
    let rescue = c.write_rescue().unwrap();
    assert_eq!(rescue, dir.join("a.fen.save.1"));
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
    assert_eq!(fs::read_to_string(&rescue).unwrap(), format!("{KK}\n"));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_changed_on_disk_is_not_saved_over() {
    let dir = scratch("changed");
    let path = dir.join("c.fen");
    fs::write(&path, format!("{START}\n{START}\n")).unwrap();
    let mut a = Collection::open(&path, Game::Chess).unwrap();
    let mut b = Collection::open(&path, Game::Chess).unwrap();
    a.replace(0, KK);
    a.save().unwrap();
    b.replace(1, KK);
    assert!(b.changed_on_disk().unwrap());
    let err = b.save().unwrap_err();
    assert!(matches!(err, SaveError::ChangedOnDisk(_)), "{err}");
    assert!(err.to_string().contains("changed on disk"), "{err}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{KK}\n{START}\n"),
        "A's save is still there"
    );
    assert!(b.is_modified(), "B keeps its edit");
    // Reload: the file as A left it, B's edit dropped (merged with nothing).
    let reloaded = b.reload(Game::Chess).unwrap();
    assert_eq!((reloaded.fen(0), reloaded.fen(1)), (KK, START));
    assert!(!reloaded.is_modified());
    // Overwrite: B's version wins, and from then on B's own saves are no conflict.
    b.save_over().unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{START}\n{KK}\n")
    );
    b.replace(0, KK);
    b.save().unwrap();
    // A has not seen B's save.
    a.replace(1, START);
    assert!(matches!(a.save(), Err(SaveError::ChangedOnDisk(_))));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_rewritten_with_the_same_size_is_a_change() {
    let dir = scratch("same-size");
    let path = dir.join("c.fen");
    fs::write(&path, format!("{START}\n")).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    let t = fs::metadata(&path).unwrap().modified().unwrap();
    // Same length, same modification time, other bytes.
    fs::write(&path, format!("{}\n", START.replace(" w ", " b "))).unwrap();
    set_mtime(&path, t);
    c.replace(0, KK);
    assert!(matches!(c.save(), Err(SaveError::ChangedOnDisk(_))));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn touching_a_file_or_deleting_it_is_no_conflict() {
    let dir = scratch("touched");
    let path = dir.join("c.fen");
    fs::write(&path, format!("{START}\n")).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    set_mtime(
        &path,
        std::time::SystemTime::now() + std::time::Duration::from_secs(30),
    );
    assert!(!c.changed_on_disk().unwrap(), "same bytes");
    fs::remove_file(&path).unwrap();
    c.replace(0, KK);
    c.save().unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{KK}\n"));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_new_file_created_by_someone_else_meanwhile_is_a_conflict() {
    let dir = scratch("created");
    let path = dir.join("n.fen");
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    fs::write(&path, "someone else's\n").unwrap();
    assert!(matches!(c.save(), Err(SaveError::ChangedOnDisk(_))));
    assert_eq!(fs::read_to_string(&path).unwrap(), "someone else's\n");
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn the_rescue_file_of_a_private_file_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("rescue-perm");
    let path = dir.join("secret.fen");
    fs::write(&path, format!("{START}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    c.replace(0, KK);
    let rescue = c.write_rescue().unwrap();
    let mode = fs::metadata(&rescue).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_megabyte_line_is_one_record_kept_whole() {
    let long = "8/".repeat(600_000);
    let input = format!("# big\n{long}\n{KK}\n");
    let mut c = Collection::from_bytes(None, input.as_bytes());
    assert_eq!(c.len(), 2);
    assert_eq!(c.fen(0), long);
    assert_eq!(c.to_bytes(), input.as_bytes());
    c.replace(1, START);
    assert_eq!(c.to_bytes(), format!("# big\n{long}\n{START}\n").as_bytes());
}

#[test]
fn a_rescue_file_of_a_never_saved_file_is_reported() {
    let dir = scratch("rescue-new");
    let path = dir.join("n.fen");
    fs::write(dir.join("n.fen.save"), KK).unwrap();
    let c = Collection::open(&path, Game::Chess).unwrap();
    assert!(c.is_new_file());
    assert_eq!(c.newer_rescues(), [dir.join("n.fen.save")]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn without_a_path_saving_is_an_error_not_a_panic() {
    let mut c = Collection::from_bytes(None, b"x\n");
    c.replace(0, KK);
    assert!(c.save().is_err());
    assert!(c.write_rescue().is_err());
    assert!(c.is_modified());
}

fn set_mtime(path: &Path, t: std::time::SystemTime) {
    fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(t)
        .unwrap();
}

/// Every record form fenboard reads, as real files have them: four EPD fields + operations,
/// six FEN fields + operations introduced by `;` with and without a space, operations ended by
/// `;` after six fields, `;` right after the last field, and free text after the last `;`.
const DIALECTS: [(&str, &str, &str); 7] = [
    (
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -",
        "bm Qg6; id \"WAC.001\";",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902",
        START,
        ";D1 20 ;D2 400 ;D3 8902",
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ; D1 21 ; D2 528",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "; D1 21 ; D2 528",
    ),
    ("8/8/8/8/8/8/8/K6k w - - 0 1 D1 3; D2 9;", KK, "D1 3; D2 9;"),
    ("8/8/8/8/8/8/8/K6k w - - 0 1;D1 3", KK, ";D1 3"),
    (
        "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 9",
        "8/8/8/8/8/8/8/K6k w - -",
        ";D1 3 ;D2 9",
    ),
    (
        "8/8/8/8/8/8/8/K6k w - - id \"ZPTS.02\"; CCC post 27.4.2004 by someone",
        "8/8/8/8/8/8/8/K6k w - -",
        "id \"ZPTS.02\"; CCC post 27.4.2004 by someone",
    ),
];

#[test]
fn every_record_form_reads_and_comes_back_byte_for_byte() {
    let mut file = String::from("# perft and test suites\n");
    for (line, _, _) in DIALECTS {
        file.push_str(line);
        file.push('\n');
    }
    let c = Collection::from_bytes(None, file.as_bytes());
    assert_eq!(c.len(), DIALECTS.len());
    for (i, (line, fen, ops)) in DIALECTS.iter().enumerate() {
        assert_eq!(c.fen(i), *fen, "{line}");
        assert_eq!(c.operations(i), Some(*ops), "{line}");
    }
    assert_eq!(c.id(6), Some("ZPTS.02"));
    assert_eq!(c.to_bytes(), file.as_bytes());
}

#[test]
fn an_edited_record_keeps_its_form_and_operations_on_save() {
    let dir = scratch("dialects");
    let path = dir.join("suite.epd");
    let mut file = String::new();
    for (line, _, _) in DIALECTS {
        file.push_str(line);
        file.push_str("\r\n");
    }
    fs::write(&path, &file).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    // Each record edited to Black to move with new clocks, written as canonical FEN.
    let edited: Vec<String> = (0..c.len())
        .map(|i| {
            let read = fenboard::core::fen::read(c.fen(i), None);
            let mut pos = read.position.expect("reads");
            pos.turn = fenboard::core::Color::Black;
            pos.halfmove = 7;
            pos.fullmove = 30;
            fenboard::core::fen::write(&pos)
        })
        .collect();
    for (i, fen) in edited.iter().enumerate() {
        c.replace(i, fen);
    }
    c.save().unwrap();
    let saved = fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = saved.split_inclusive("\r\n").collect();
    assert_eq!(lines.len(), DIALECTS.len());
    for (i, ((line, fen, ops), saved)) in DIALECTS.iter().zip(&lines).enumerate() {
        let fields = fen.split(' ').count();
        let new_fields: Vec<&str> = edited[i].split(' ').take(fields).collect();
        let gap = &line[fen.len()..line.len() - ops.len()];
        let expected = format!("{}{gap}{ops}\r\n", new_fields.join(" "));
        assert_eq!(*saved, expected, "record {i}");
    }
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("readonly");
    let path = dir.join("a.fen");
    fs::write(&path, format!("{START}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
    let mut c = Collection::open(&path, Game::Chess).unwrap();
    c.replace(0, KK);
    let err = c.save().unwrap_err();
    assert!(err.to_string().contains("read-only"), "{err}");
    assert!(c.save_over().unwrap_err().to_string().contains("read-only"));
    assert!(c.is_modified());
    assert_eq!(fs::read_to_string(&path).unwrap(), format!("{START}\n"));
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_path_that_is_not_a_regular_file_is_refused_unread() {
    let dir = scratch("special");
    let link = dir.join("zero.fen");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let err = Collection::open(&link, Game::Chess).unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");
    // A FIFO with no writer: opening it would wait for ever.
    let fifo = dir.join("pipe.fen");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let err = Collection::open(&fifo, Game::Chess).unwrap_err();
    assert!(err.to_string().contains("not a regular file"), "{err}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_over_the_limit_is_refused_unread() {
    let dir = scratch("huge");
    let path = dir.join("huge.fen");
    let f = fs::File::create(&path).unwrap();
    // Sparse: no disk space, no memory.
    f.set_len(fenboard::collection::MAX_FILE + 1).unwrap();
    let err = Collection::open(&path, Game::Chess).unwrap_err();
    assert!(err.to_string().contains("larger than"), "{err}");
    fs::remove_dir_all(dir).unwrap();
}
