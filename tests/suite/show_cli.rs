//! `fenboard show` on what `diagram` and `solve` read too: an EPD record, a collection file.

use std::process::{Command, Output};

fn show(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fenboard"))
        .arg("show")
        .arg("--color")
        .arg("never")
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn an_epd_record_shows_its_position() {
    let o = show(&["kbK5/pp6/1P6/8/8/8/8/R7 w - - dm 2; id \"x\";"]);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        out.contains("\nkbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1\n"),
        "{out}"
    );
    // The same record as separate arguments, as a shell splits it.
    let words: Vec<&str> = "kbK5/pp6/1P6/8/8/8/8/R7 w - - dm 2;".split(' ').collect();
    let o = show(&words);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn a_collection_file_shows_each_record_and_reports_those_that_do_not_read() {
    let path = std::env::temp_dir().join(format!("fenboard-show-{}.epd", std::process::id()));
    std::fs::write(
        &path,
        "# two problems\nkbK5/pp6/1P6/8/8/8/8/R7 w - - dm 2; id \"first\";\nnot a position\n\
         8/8/8/8/8/2k5/8/K1Q5 b - - id \"third\";\n",
    )
    .unwrap();
    let o = show(&[path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(2), "{err}");
    let name = path.display().to_string();
    assert!(out.contains(&format!("{name}:2: first\n")), "{out}");
    assert!(
        out.contains("\nkbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1\n"),
        "{out}"
    );
    assert!(out.contains(&format!("{name}:4: third\n")), "{out}");
    assert!(out.contains("\n8/8/8/8/8/2k5/8/K1Q5 b - - 0 1\n"), "{out}");
    assert!(err.contains(&format!("fenboard show: {name}:3: ")), "{err}");
}
