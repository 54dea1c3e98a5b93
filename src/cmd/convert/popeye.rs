//! `--to popeye`: the records as one Popeye input, a problem each (`nextproblem` between
//! them); a record Popeye cannot take as fenboard solves it (Chess960, xiangqi, no
//! stipulation) is left out and said.

use std::io::{self, Write};

use super::{Record, Skipped};

pub fn write(records: &[Record], out: &mut dyn Write) -> io::Result<Vec<Skipped>> {
    let mut problems = Vec::new();
    let mut skipped = Vec::new();
    for r in records {
        let written = if r.position.game == crate::core::Game::Chess {
            crate::popeye::write::problem(&r.fen, &r.ops)
        } else {
            Err(format!(
                "Popeye reads orthodox chess, not {}",
                r.position.game.name()
            ))
        };
        match written {
            Ok(p) => problems.push(p),
            Err(why) => skipped.push(Skipped { at: r.origin, why }),
        }
    }
    if !problems.is_empty() {
        out.write_all(crate::popeye::write::input(&problems).as_bytes())?;
    }
    Ok(skipped)
}
