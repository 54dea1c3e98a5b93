//! `fenboard diagram` as a user runs it: the real binary, its files, its messages and exit
//! status. What the images show is checked as pixels in tests/diagram.rs.

use std::path::Path;
use std::process::{Command, Output};

use resvg::tiny_skia::Pixmap;

const BIN: &str = env!("CARGO_BIN_EXE_fenboard");

fn diagram(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("diagram")
        .args(args)
        .output()
        .expect("run fenboard")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fenboard-diagram-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const COLLECTION: &str = concat!(
    "# problems\n",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - dm 1; id \"Scholar\"; c1 \"1.Qxf7#\";\n",
    "8/8/8/8/8/2k5/8/K1Q5 b - -\n",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - c0 \"Start\";\n",
);

#[test]
fn a_fen_gives_an_svg_on_stdout() {
    let out = diagram(&["--coords", "8/8/8/8/8/2k5/8/K1Q5 b - - 0 1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("Black to move"));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn garbage_is_exit_2_with_diagnostics() {
    for garbage in [
        "hello",
        "rnbqkbnr/pppppppp w",
        "9/9/9",
        "\u{1b}[31m",
        "8/8/8/8/8/8/8/8/8/8/8",
    ] {
        let out = diagram(&[garbage]);
        assert_eq!(out.status.code(), Some(2), "{garbage:?}");
        assert!(out.stdout.is_empty(), "{garbage:?}");
        assert!(
            text(&out.stderr).contains("fenboard diagram: error["),
            "{garbage:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn an_illegal_position_is_drawn_with_a_warning() {
    // Two white kings and pawns on the back rank: composers draw such things on purpose.
    let out = diagram(&["KK6/8/8/8/8/8/8/P6k w - - 0 1"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("<svg"));
    let err = text(&out.stderr);
    assert!(err.contains("warning: an illegal position"), "{err}");
    assert!(err.contains("too_many_kings"), "{err}");
}

#[test]
fn unwritable_output_says_why() {
    let out = diagram(&["-o", "/nonexistent-folder/x.svg"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("cannot write /nonexistent-folder/x.svg: No such file or directory"),
        "{err}"
    );
    let dir = temp_dir("unwritable");
    let out = diagram(&["-o", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is a folder"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn png_has_the_asked_width() {
    let dir = temp_dir("png");
    let file = dir.join("d.png");
    let out = diagram(&["--size", "300", "-o", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let png = Pixmap::load_png(&file).expect("a PNG");
    assert_eq!(png.width(), 300);
    assert!(png.height() > 300, "the caption is under the board");
    // Through a pipe it goes to stdout.
    let out = diagram(&["--format", "png", "--size", "200", "--no-caption"]);
    let png = Pixmap::decode_png(&out.stdout).expect("a PNG on stdout");
    assert_eq!((png.width(), png.height()), (200, 200));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_gives_one_image_per_record_named_by_id_or_line() {
    let dir = temp_dir("file");
    let input = dir.join("p.epd");
    std::fs::write(&input, COLLECTION).unwrap();
    let folder = dir.join("out");
    let out = diagram(&[
        "--format",
        "png",
        "-o",
        folder.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["Scholar.png", "line-3.png", "line-4.png"]);
    for name in &names {
        assert!(Pixmap::load_png(folder.join(name)).is_ok(), "{name}");
    }
    // Without a folder, several images cannot go anywhere.
    let out = diagram(&[input.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("give -o FOLDER"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_gives_one_html_page_with_every_record() {
    let dir = temp_dir("html");
    let input = dir.join("p.epd");
    std::fs::write(&input, format!("{COLLECTION}not a fen at all\n")).unwrap();
    let out = diagram(&["--format", "html", input.to_str().unwrap()]);
    // The unreadable line is reported and left out; the others are on the page.
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("p.epd:5: error["),
        "{}",
        text(&out.stderr)
    );
    let page = text(&out.stdout);
    assert_eq!(page.matches("<figure").count(), 3);
    assert_eq!(
        page.matches("<details>").count(),
        1,
        "only the record with c1"
    );
    assert!(page.contains("1.Qxf7#"));
    assert!(page.contains("break-inside: avoid"));
    assert!(!page.contains("<script"), "self-contained, nothing to run");
    assert!(!page.contains("src="), "self-contained, nothing to load");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_file_is_exit_2() {
    let out = diagram(&["/nonexistent/problems.epd"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot read /nonexistent/problems.epd"),
        "{}",
        text(&out.stderr)
    );
    assert!(!Path::new("/nonexistent/problems.epd").exists());
}

#[test]
fn solve_puts_the_solvers_key_behind_the_solution() {
    let dir = temp_dir("solve");
    let input = dir.join("p.epd");
    std::fs::write(
        &input,
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - dm 1;\n\
         4k3/8/8/8/8/8/8/4K3 w - - c1 \"given\";\n",
    )
    .unwrap();
    let out = diagram(&["--format", "html", "--solve", input.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    let solutions: Vec<&str> = page
        .split("<p class=\"solution\">")
        .skip(1)
        .map(|s| s.split("</p>").next().unwrap())
        .collect();
    assert_eq!(solutions.len(), 2, "{page}");
    assert!(solutions[0].contains("Qxf7#"), "{solutions:?}");
    assert_eq!(solutions[1], "given", "a record's own c1 is kept");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn output_through_a_symbolic_link_is_refused() {
    let dir = temp_dir("symlink");
    let victim = dir.join("precious.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    let link = dir.join("d.svg");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let out = diagram(&[
        "-o",
        link.to_str().unwrap(),
        "8/8/8/8/8/2k5/8/K1Q5 b - - 0 1",
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious\n");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_one_record_file_into_a_folder_name_goes_into_that_folder() {
    let dir = temp_dir("onefolder");
    let file = dir.join("one.epd");
    std::fs::write(&file, "8/8/8/8/8/2k5/8/K1Q5 b - - id \"only\";\n").unwrap();
    let folder = format!("{}/out/", dir.display());
    let out = diagram(&["-o", &folder, file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(dir.join("out").join("only.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn one_output_name_that_cannot_be_written_stops_only_its_record() {
    let dir = temp_dir("clash");
    let file = dir.join("c.epd");
    std::fs::write(&file, COLLECTION).unwrap();
    let folder = dir.join("out");
    // A folder where the second record's image goes.
    std::fs::create_dir_all(folder.join("line-3.svg")).unwrap();
    let out = diagram(&["-o", folder.to_str().unwrap(), file.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(":3: "), "{err}");
    assert!(folder.join("Scholar.svg").is_file(), "{err}");
    assert!(folder.join("line-4.svg").is_file(), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
