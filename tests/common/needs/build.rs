//! Probes, once per change of `PATH` (or `FENBOARD_E2E`, or the user, or while a program is
//! missing, of the folders searched), what the tests can need, by the one table in
//! `tests/common/tools.rs`; the `needs` attribute reads the result.
//! Only this crate and the tests that use it are rebuilt when the answer may change: the
//! fenboard library and binary do not depend on it.

#[path = "../tools.rs"]
#[allow(dead_code)]
mod tools;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=../tools.rs");
    for var in ["PATH", "FENBOARD_E2E", "USER", "FENBOARD_POPEYE"] {
        println!("cargo::rerun-if-env-changed={var}");
    }
    // Popeye is built where no PATH reaches: its folder is watched for it to appear or go.
    if let Some(dir) = tools::popeye_path().parent().filter(|d| d.is_dir()) {
        println!("cargo::rerun-if-changed={}", dir.display());
    }
    // A program installed later (no change of PATH) must be seen: while one is missing, a new
    // file in any folder searched probes again. Nothing is watched when all are there.
    let missing_program = tools::NEEDS
        .iter()
        .flat_map(|n| n.programs)
        .any(|p| tools::find(p).is_none());
    if missing_program {
        for dir in tools::search_dirs().iter().filter(|d| d.is_dir()) {
            println!("cargo::rerun-if-changed={}", dir.display());
        }
    }
    let mut probe = format!(
        "const E2E: bool = {};\nconst BUILT_BY_HAND: &[&str] = &{:?};\n",
        tools::e2e(),
        tools::BUILT_BY_HAND
    );
    probe.push_str("const PROBED: &[(&str, Option<&str>)] = &[\n");
    for need in tools::NEEDS {
        probe.push_str(&format!(
            "    ({:?}, {:?}),\n",
            need.name,
            tools::missing(need)
        ));
    }
    probe.push_str("];\n");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("probe.rs"), probe).expect("probe.rs written");
}
