//! Help and series play: not a proof against every defence but every line that ends as the
//! stipulation asks, collected. A series ends with the one-move ending of the play it is a
//! series of: the goal reached (ser-#), the other side's helping reply (ser-h#), or the other
//! side forced to reach the goal (ser-s#, the self shape's defence node); the other side's
//! last move ends the line in the last two.

use super::{HELP, SERIES, Search};
use crate::solve::rules::{Rules, Targets};
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
        let limit = self.limit;
        if !self.enter() || found.len() >= limit || !self.series_in_reach(left) {
            return false;
        }
        if left == 1 {
            let moves = self.pos.legal();
            return self.series_end(&moves, line, found);
        }
        let key = self.pos.hash() ^ SERIES;
        if left < 32 && self.table.probe(key).help & (1 << left) != 0 {
            return false;
        }
        let moves = self.pos.legal();
        let mut any = false;
        let leaving = self.series_movers(left);
        let targets = self.series_targets(left);
        for &m in moves.iter() {
            if !self.pos.leaves(m, leaving) || !self.pos.approaches(m, &targets, left - 1) {
                continue;
            }
            self.play(m);
            if !self.pos.in_check() && self.null() {
                line.push(m);
                any |= self.series(left - 1, line, found);
                line.pop();
                self.undo();
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

    /// The series' last move, one of `moves`, and what must follow it.
    pub(crate) fn series_end(
        &mut self,
        moves: &[R::Move],
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
        for &m in moves {
            if found.len() >= limit {
                break;
            }
            if !self.pos.lands_in(m, landing) {
                continue;
            }
            self.play(m);
            line.push(m);
            if self.play == Play::SeriesHelp {
                let before = found.len();
                self.help(1, line, found);
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
        if !self.enter() || found.len() >= self.limit || !self.help_in_reach(plies) {
            return false;
        }
        if plies == 1 {
            let moves = self.pos.legal();
            let hint = self.pos.check_hint();
            let mut any = false;
            for &m in moves.iter() {
                if self.needs_check() && !self.pos.may_check(&hint, m) {
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
        let key = self.pos.hash() ^ HELP;
        if plies < 32 && self.table.probe(key).help & (1 << plies) != 0 {
            return false;
        }
        let moves = self.pos.legal();
        let mut any = false;
        let landing = self.last_help_squares(plies);
        let leaving = self.help_movers(plies);
        let targets = self.help_targets(plies);
        for &m in moves.iter() {
            if !self.pos.lands_in(m, landing)
                || !self.pos.leaves(m, leaving)
                || !self.pos.approaches(m, &targets, plies / 2 - 1)
            {
                continue;
            }
            self.play(m);
            line.push(m);
            any |= self.help(plies - 1, line, found);
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

    /// Whether the goal may be reached in `plies` more moves of help play, the side that
    /// reaches it to move when `plies` is odd.
    #[inline]
    fn help_in_reach(&mut self, plies: u32) -> bool {
        let (attacker, defender) = (plies.div_ceil(2), plies / 2);
        let goal = self.goal;
        !self.intelligent
            || self.reach_cached(plies, |pos| {
                pos.goal_in_reach(goal, plies.is_multiple_of(2), attacker, defender)
            })
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
    fn help_movers(&self, plies: u32) -> u64 {
        if self.intelligent && plies >= 3 && plies % 2 == 1 {
            self.pos.movers(self.goal, plies.div_ceil(2), plies / 2)
        } else {
            u64::MAX
        }
    }

    /// The squares the side to move must bring a man nearer to when it is the side to be
    /// brought to the goal and has a move after this one (`Rules::defender_targets`).
    #[inline]
    fn help_targets(&self, plies: u32) -> Targets {
        if self.intelligent && plies >= 4 && plies.is_multiple_of(2) {
            self.pos.defender_targets(self.goal, plies / 2, plies / 2)
        } else {
            Targets::ANY
        }
    }

    /// `help_movers` for the series of ser-# and ser-=, whose side reaches the goal itself.
    #[inline]
    fn series_movers(&self, left: u32) -> u64 {
        if self.intelligent && left >= 2 && self.play == Play::Series {
            self.pos.movers(self.goal, left, 0)
        } else {
            u64::MAX
        }
    }

    /// `help_targets` for the series of ser-h# and ser-h=, whose side is brought to the goal.
    #[inline]
    fn series_targets(&self, left: u32) -> Targets {
        if self.intelligent && left >= 2 && self.play == Play::SeriesHelp {
            self.pos.defender_targets(self.goal, 1, left)
        } else {
            Targets::ANY
        }
    }

    /// Whether the goal may be reached with `left` more moves of the series: ser-# and ser-=
    /// reach it with the series' own last move, ser-h# and ser-h= with the other side's reply.
    #[inline]
    fn series_in_reach(&mut self, left: u32) -> bool {
        let goal = self.goal;
        match self.play {
            _ if !self.intelligent => true,
            // Kept apart from help play's answers (at most 64 plies) by the count.
            Play::Series => {
                self.reach_cached(left + 64, |pos| pos.goal_in_reach(goal, false, left, 0))
            }
            Play::SeriesHelp => {
                self.reach_cached(left + 128, |pos| pos.goal_in_reach(goal, true, 1, left))
            }
            _ => true,
        }
    }
}
