//! Help and series play: not a proof against every defence but every line that ends as the
//! stipulation asks, collected. A series ends with the one-move ending of the play it is a
//! series of: the goal reached (ser-#), the other side's helping reply (ser-h#), or the other
//! side forced to reach the goal (ser-s#, the self shape's defence node); the other side's
//! last move ends the line in the last two.

use super::{HELP, SERIES, Search};
use crate::solve::rules::Rules;
use crate::solve::stipulation::Play;

impl<R: Rules> Search<'_, R> {
    /// Series play, the series side to move with `left` moves of its series to play: every
    /// line that ends as the stipulation asks, each added to `found` after `line`. No move but
    /// the series' last may give check; the other side stands still in between. Stops adding
    /// once `found` holds `self.limit` lines. Returns whether there was one.
    pub(crate) fn series(
        &mut self,
        left: u32,
        line: &mut Vec<R::Move>,
        found: &mut Vec<Vec<R::Move>>,
    ) -> bool {
        self.series_within(left, (u64::MAX, None), line, found)
    }

    /// `series`, the squares the king of the side brought to the goal may end on known to be
    /// among `within`, or (`judged`) to be those the bound left, asked before the other side
    /// passed.
    fn series_within(
        &mut self,
        left: u32,
        (within, judged): (u64, Option<u64>),
        line: &mut Vec<R::Move>,
        found: &mut Vec<Vec<R::Move>>,
    ) -> bool {
        let limit = self.limit;
        if !self.enter() || found.len() >= limit {
            return false;
        }
        // The table first: a position met again is known to fail before the bound is asked.
        let key = self.pos.hash() ^ SERIES;
        if (2..32).contains(&left) && self.table.probe(key).help & (1 << left) != 0 {
            return false;
        }
        let within = judged.unwrap_or_else(|| self.series_squares(left, within, None));
        if within == 0 {
            return false;
        }
        if left == 1 {
            let moves = self.pos.legal();
            return self.series_end(&moves, within, line, found);
        }
        let moves = self.pos.legal();
        let mut any = false;
        let leaving = self.series_movers(left, within);
        let targets = self.series_targets(left, within);
        let near = self.series_king_near(left, within);
        let keep = |pos: &R, m| {
            pos.leaves(m, leaving)
                && pos.approaches(m, &targets, left - 1)
                && pos.keeps_king_near(m, near)
        };
        let fetch = (left > 2).then_some((SERIES, true));
        let mut next = self.next_kept(&moves, 0, keep, fetch);
        while let Some(i) = next {
            let m = moves[i];
            next = self.next_kept(&moves, i + 1, keep, fetch);
            let passed = self.pos.exact_hash_after(m, true);
            if self.known_to_fail(passed, SERIES, left - 1) {
                continue;
            }
            // Where the pass changes nothing but the side to move (no en passant right to
            // close), the bound of the position after it is asked before it: a position the
            // bound rules out is never built.
            let before_pass = passed.filter(|_| self.pos.exact_hash_after(m, false).is_some());
            self.play(m);
            if !self.pos.in_check() {
                let judged = before_pass.map(|h| self.series_squares(left - 1, within, Some(h)));
                if judged != Some(0) && self.null() {
                    line.push(m);
                    any |= self.series_within(left - 1, (within, judged), line, found);
                    line.pop();
                    self.undo();
                }
            }
            self.undo();
            if self.stopped {
                return false;
            }
        }
        if !any && left < 32 && found.len() < limit {
            self.table.store_help_fail(key, left);
        }
        any
    }

    /// The series' last move, one of `moves`, and what must follow it, the king brought to
    /// the goal ending on one of `within`.
    pub(crate) fn series_end(
        &mut self,
        moves: &[R::Move],
        within: u64,
        line: &mut Vec<R::Move>,
        found: &mut Vec<Vec<R::Move>>,
    ) -> bool {
        let limit = self.limit;
        let mut any = false;
        let landing = if self.play == Play::SeriesHelp {
            self.last_help_squares(2)
        } else {
            u64::MAX
        };
        // ser-# and ser-=: the move itself reaches the goal, so one that cannot is not played.
        let reaching = (self.play == Play::Series).then(|| self.reaching(true));
        for &m in moves {
            if found.len() >= limit {
                break;
            }
            if !self.pos.lands_in(m, landing)
                || reaching.as_ref().is_some_and(|r| !self.may_reach(r, m))
            {
                continue;
            }
            self.play(m);
            line.push(m);
            if self.play == Play::SeriesHelp {
                let before = found.len();
                self.help_within(1, within, line, found);
                found.truncate(limit.max(before));
                any |= found.len() > before;
            } else if self.win_after_move(1) {
                // ser-#: the move reached the goal. ser-s#: every reply reaches it, and each
                // ends a line of its own, as composers print the forced mates.
                if self.play == Play::SeriesSelf {
                    let replies = self.pos.legal();
                    for &r in replies.iter().take(limit - found.len()) {
                        line.push(r);
                        found.push(line.clone());
                        line.pop();
                    }
                } else {
                    found.push(line.clone());
                }
                any = true;
            }
            line.pop();
            self.undo();
            if self.stopped {
                break;
            }
        }
        any
    }

    /// Helpmate: every line of exactly `plies` more moves whose last move reaches the goal,
    /// each added to `found` as `line` (the moves before) and its own. Returns whether there
    /// was one.
    pub(crate) fn help(
        &mut self,
        plies: u32,
        line: &mut Vec<R::Move>,
        found: &mut Vec<Vec<R::Move>>,
    ) -> bool {
        self.help_within(plies, u64::MAX, line, found)
    }

    /// `help`, the squares the king of the side brought to the goal may end on known to be
    /// among `within`.
    fn help_within(
        &mut self,
        plies: u32,
        within: u64,
        line: &mut Vec<R::Move>,
        found: &mut Vec<Vec<R::Move>>,
    ) -> bool {
        if !self.enter() || found.len() >= self.limit {
            return false;
        }
        // The table first: a position met again is known to fail before the bound is asked.
        let key = self.pos.hash() ^ HELP;
        if (2..32).contains(&plies) && self.table.probe(key).help & (1 << plies) != 0 {
            return false;
        }
        let within = self.help_squares(plies, within);
        if within == 0 {
            return false;
        }
        if plies == 1 {
            let moves = self.pos.legal();
            let reaching = self.reaching(true);
            let mut any = false;
            for &m in moves.iter() {
                if !self.may_reach(&reaching, m) {
                    continue;
                }
                if self.reaches(m, false) {
                    let mut whole = line.clone();
                    whole.push(m);
                    found.push(whole);
                    any = true;
                }
            }
            return any;
        }
        let moves = self.pos.legal();
        let mut any = false;
        let landing = self.last_help_squares(plies);
        let leaving = self.help_movers(plies, within);
        let targets = self.help_targets(plies, within);
        let near = self.help_king_near(plies, within);
        let keep = |pos: &R, m| {
            pos.lands_in(m, landing)
                && pos.leaves(m, leaving)
                && pos.approaches(m, &targets, plies / 2 - 1)
                && pos.keeps_king_near(m, near)
        };
        let fetch = (plies > 2).then_some((HELP, false));
        let mut next = self.next_kept(&moves, 0, keep, fetch);
        while let Some(i) = next {
            let m = moves[i];
            next = self.next_kept(&moves, i + 1, keep, fetch);
            if self.known_to_fail(self.pos.exact_hash_after(m, false), HELP, plies - 1) {
                continue;
            }
            self.play(m);
            line.push(m);
            any |= self.help_within(plies - 1, within, line, found);
            line.pop();
            self.undo();
            if self.stopped {
                return false;
            }
        }
        if !any && plies < 32 && found.len() < self.limit {
            self.table.store_help_fail(key, plies);
        }
        any
    }

    /// Whether the table knows that the position of `hash` (that after a move, known before
    /// it is played: `Rules::exact_hash_after`) fails with `count` left: a position met again
    /// costs one probe, not a move made and taken back. The position's own probe asks again
    /// where the hash is not known before the move.
    #[inline]
    fn known_to_fail(&self, hash: Option<u64>, salt: u64, count: u32) -> bool {
        (2..32).contains(&count)
            && hash.is_some_and(|key| self.table.probe(key ^ salt).help & (1 << count) != 0)
    }

    /// The index of the first of `moves` from `from` on that `keep` lets through. With
    /// `fetch` = (the play's salt, whether the other side passes after the move), the table's
    /// entry of the position after it is asked for ahead, to be in the cache when the search
    /// gets there: the move before it is searched meanwhile.
    #[inline]
    fn next_kept(
        &self,
        moves: &[R::Move],
        from: usize,
        keep: impl Fn(&R, R::Move) -> bool,
        fetch: Option<(u64, bool)>,
    ) -> Option<usize> {
        let i = from
            + moves
                .get(from..)?
                .iter()
                .position(|&m| keep(&self.pos, m))?;
        if let Some((salt, pass)) = fetch {
            self.table
                .prefetch(self.pos.hash_after(moves[i], pass) ^ salt);
        }
        Some(i)
    }

    /// Where the goal may be reached in `plies` more moves of help play, the side that
    /// reaches it to move when `plies` is odd: the squares of `within` its king may end on
    /// (none: out of reach; `Rules::goal_squares`).
    #[inline]
    fn help_squares(&mut self, plies: u32, within: u64) -> u64 {
        if !self.intelligent {
            return within;
        }
        let moves = (plies.div_ceil(2), plies / 2);
        let hash = self.pos.hash();
        self.squares_cached(hash, plies, plies.is_multiple_of(2), moves, within)
    }

    /// `Rules::goal_squares` of the position, whose answer is kept by `count` (the plies or
    /// moves left, told apart by the play): a position whose goal is known to be out of reach
    /// has no squares; one known to be in reach keeps `within`.
    #[inline]
    fn squares_cached(
        &mut self,
        hash: u64,
        count: u32,
        mated_to_move: bool,
        moves: (u32, u32),
        within: u64,
    ) -> u64 {
        let goal = self.goal;
        let mut squares = within;
        let in_reach = self.reach_cached(hash, count, |pos| {
            squares = pos.goal_squares(goal, mated_to_move, moves, within);
            squares != 0
        });
        if in_reach { squares } else { 0 }
    }

    /// The squares the side to move must land on to keep the goal in reach when `plies` is
    /// two: its move then the other side's reaching the goal (`Rules::last_help_squares`).
    #[inline]
    fn last_help_squares(&self, plies: u32) -> u64 {
        if self.intelligent && plies == 2 {
            self.pos.last_help_squares(self.goal)
        } else {
            u64::MAX
        }
    }

    /// The squares the side to move must move from to keep the goal in reach when it is the
    /// side that reaches it (`plies` odd) and has a move after this one (`Rules::movers`).
    #[inline]
    fn help_movers(&self, plies: u32, within: u64) -> u64 {
        if self.intelligent && plies >= 3 && plies % 2 == 1 {
            self.pos
                .movers(self.goal, (plies.div_ceil(2), plies / 2), within)
        } else {
            u64::MAX
        }
    }

    /// The squares the side to move must bring a man nearer to when it is the side to be
    /// brought to the goal and has a move after this one (`Rules::defender_targets`).
    #[inline]
    fn help_targets(&self, plies: u32, within: u64) -> R::Targets {
        if self.intelligent && plies >= 4 && plies.is_multiple_of(2) {
            self.pos
                .defender_targets(self.goal, (plies / 2, plies / 2), within)
        } else {
            R::NO_TARGETS
        }
    }

    /// The squares the king of the side to move must stand on after its move when it is the
    /// side to be brought to the goal (`plies` even): near enough to `within`, where it is
    /// known to end, for its moves after this one (`Rules::king_near`); every square otherwise.
    #[inline]
    fn help_king_near(&self, plies: u32, within: u64) -> u64 {
        if self.intelligent && plies.is_multiple_of(2) {
            self.pos.king_near(within, plies / 2 - 1)
        } else {
            u64::MAX
        }
    }

    /// `help_movers` for the series of ser-# and ser-=, whose side reaches the goal itself.
    #[inline]
    fn series_movers(&self, left: u32, within: u64) -> u64 {
        if self.intelligent && left >= 2 && self.play == Play::Series {
            self.pos.movers(self.goal, (left, 0), within)
        } else {
            u64::MAX
        }
    }

    /// `help_targets` for the series of ser-h# and ser-h=, whose side is brought to the goal.
    #[inline]
    fn series_targets(&self, left: u32, within: u64) -> R::Targets {
        if self.intelligent && left >= 2 && self.play == Play::SeriesHelp {
            self.pos.defender_targets(self.goal, (1, left), within)
        } else {
            R::NO_TARGETS
        }
    }

    /// `help_king_near` for the series of ser-h# and ser-h=, whose side is brought to the goal
    /// and has `left` moves with this one.
    #[inline]
    fn series_king_near(&self, left: u32, within: u64) -> u64 {
        if self.intelligent && self.play == Play::SeriesHelp {
            self.pos.king_near(within, left - 1)
        } else {
            u64::MAX
        }
    }

    /// Where the goal may be reached with `left` more moves of the series: ser-# and ser-=
    /// reach it with the series' own last move, ser-h# and ser-h= with the other side's
    /// reply; the squares of `within` the king brought to it may end on (none: out of reach).
    /// With `before_pass`, asked of the position before the other side's pass, which differs
    /// from the one after it only in the side to move: that position's hash.
    #[inline]
    fn series_squares(&mut self, left: u32, within: u64, before_pass: Option<u64>) -> u64 {
        let (mated_to_move, moves, salt) = match self.play {
            _ if !self.intelligent => return within,
            // Kept apart from help play's answers (at most 64 plies) by the count.
            Play::Series => (false, (left, 0), 64),
            Play::SeriesHelp => (true, (1, left), 128),
            _ => return within,
        };
        let hash = before_pass.unwrap_or_else(|| self.pos.hash());
        let mated_to_move = mated_to_move != before_pass.is_some();
        self.squares_cached(hash, left + salt, mated_to_move, moves, within)
    }
}
