//! The exhaustive search: one pair of AND/OR nodes (`nodes`) over which direct, self and
//! reflex play are shapes (`shape`), and the lines of help and series play (`lines`). This
//! file holds what they share: the position, the table, the node count and cancellation.

mod lines;
mod nodes;
mod shape;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use super::goal::{After, Goal};
use super::rules::Rules;
use super::stipulation::Play;
use super::table::Table;
use shape::{Direct, Reflex, SelfPlay};

/// Salts that keep the entries of different node kinds apart in the table.
const ATTACK: u64 = 0;
const DEFEND: u64 = 0x9e37_79b9_7f4a_7c15;
const HELP: u64 = 0xc2b2_ae3d_27d4_eb4f;
const SERIES: u64 = 0x1656_67b1_9e37_79f9;

/// The slots of the bound's cache (`Search::reach_cached`), made on first use: more slots
/// than fit the processor's nearer caches answer no faster.
const REACH_SLOTS: usize = 1 << 14;
/// Its bytes.
pub(crate) const REACH_BYTES: usize = REACH_SLOTS * size_of::<u64>();
const REACH_SALT: u64 = 0x2545_f491_4f6c_dd1d;

/// Nodes between two looks at the cancel flag (a few microseconds' work).
const POLL: u64 = 1024;

/// What a move must be to reach the goal in one (`Search::reaching`).
pub(crate) struct Reaching<R: Rules> {
    check: Option<R::Hint>,
    stall: Option<R::StallHint>,
}

/// The deepest line, in plies, a search may play.
const MAX_PLY: usize = 64;

pub(crate) struct Search<'a, R: Rules> {
    pub pos: R,
    table: &'a Table,
    play: Play,
    goal: Goal,
    /// Every attacking move must give check.
    checks: bool,
    pub nodes: u64,
    counted: &'a AtomicU64,
    cancel: &'a AtomicBool,
    pub stopped: bool,
    /// The defender's last two refutations at each ply, the latest first, tried first (two:
    /// a defence node after a check and one after a quiet move want different ones).
    killers: [[Option<R::Move>; 2]; MAX_PLY],
    /// The attacker's last winning move at each ply, tried first: against most defences the
    /// same move (often the threat) wins again.
    wins: [Option<R::Move>; MAX_PLY],
    ply: usize,
    /// Help and series play: the most lines one search collects.
    pub limit: usize,
    /// When the search stops of itself to hand its work to threads (`stopped` and `paused`).
    pub deadline: Option<Instant>,
    pub paused: bool,
    /// Help and series play: pass over the nodes from which the goal is out of reach
    /// (`Rules::goal_squares`).
    pub intelligent: bool,
    /// The bound's answers for positions met again (`reach_cached`), made on first use.
    reach: Vec<u64>,
}

impl<'a, R: Rules> Search<'a, R> {
    /// Whether only checking moves can reach the goal (see `After::MATE_NEEDS_CHECK`).
    pub(crate) fn needs_check(&self) -> bool {
        self.goal.needs_check(R::MATE_NEEDS_CHECK)
    }

    pub(crate) fn new(
        pos: R,
        table: &'a Table,
        play: Play,
        goal: Goal,
        checks: bool,
        counted: &'a AtomicU64,
        cancel: &'a AtomicBool,
    ) -> Search<'a, R> {
        Search {
            pos,
            table,
            play,
            goal,
            checks,
            nodes: 0,
            counted,
            cancel,
            stopped: false,
            killers: [[None; 2]; MAX_PLY],
            wins: [None; MAX_PLY],
            ply: 0,
            limit: usize::MAX,
            deadline: None,
            paused: false,
            intelligent: false,
            reach: Vec::new(),
        }
    }

    /// Counts a node; false when the search must stop (cancelled or past its deadline).
    #[inline]
    fn enter(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL) {
            self.counted.fetch_add(POLL, Relaxed);
            if self.cancel.load(Relaxed) {
                self.stopped = true;
            } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = true;
                self.paused = true;
            }
        }
        !self.stopped
    }

    /// `bound` of the current position with `moves` left (`hash`: its own, or that of the
    /// position after a pass that changes nothing else), looked up first among the answers
    /// kept for positions met before (help play meets most positions again by another order of
    /// its moves). A direct-mapped cache: an answer stays until another position takes its
    /// slot, which keeps 62 bits of the key to tell positions apart.
    #[inline]
    fn reach_cached(&mut self, hash: u64, moves: u32, bound: impl FnOnce(&R) -> bool) -> bool {
        if self.reach.is_empty() {
            self.reach = vec![0; REACH_SLOTS];
        }
        let key = (hash ^ u64::from(moves).wrapping_mul(REACH_SALT)) | 1;
        let slot = (key >> (64 - REACH_SLOTS.trailing_zeros())) as usize;
        let kept = self.reach[slot];
        if kept | 2 == key | 2 {
            return kept & 2 != 0;
        }
        let answer = bound(&self.pos);
        self.reach[slot] = (key & !2) | (u64::from(answer) << 1);
        answer
    }

    /// Flushes the nodes not yet added to the shared counter.
    pub(crate) fn flush(&mut self) {
        self.counted.fetch_add(self.nodes % POLL, Relaxed);
        self.nodes -= self.nodes % POLL;
    }

    #[inline]
    pub(crate) fn play(&mut self, m: R::Move) {
        self.pos.play(m);
        self.ply += 1;
    }

    #[inline]
    pub(crate) fn undo(&mut self) {
        self.pos.undo();
        self.ply -= 1;
    }

    pub(crate) fn null(&mut self) -> bool {
        let done = self.pos.null();
        self.ply += done as usize;
        done
    }

    /// Whether the side now to move has been brought to the goal.
    #[inline]
    pub(crate) fn goal_here(&mut self) -> bool {
        self.goal.reached(&mut self.pos)
    }

    /// Whether playing `m` reaches the goal (and, with `check`, gives check): the move itself
    /// first, then the position after it.
    #[inline]
    pub(crate) fn reaches(&mut self, m: R::Move, check: bool) -> bool {
        let goal = self.goal;
        goal.may_reach(self.pos.kind(m))
            && self.pos.after_move(m, |after| {
                (!check || after.in_check()) && goal.reached(after)
            })
    }

    /// The attacker, to move, wins within `n` of its moves.
    pub(crate) fn win_to_move(&mut self, n: u32) -> bool {
        match self.play {
            Play::SelfPlay | Play::SeriesSelf => self.attack::<SelfPlay>(n),
            Play::Reflex => self.attack::<Reflex>(n),
            Play::Direct | Play::Series | Play::Help | Play::SeriesHelp => self.attack::<Direct>(n),
        }
    }

    /// The attacker has just moved (that move one of `n`): it wins.
    pub(crate) fn win_after_move(&mut self, n: u32) -> bool {
        match self.play {
            Play::SelfPlay | Play::SeriesSelf => self.after_attack::<SelfPlay>(n),
            Play::Reflex => self.after_attack::<Reflex>(n),
            Play::Direct | Play::Series | Play::Help | Play::SeriesHelp => {
                self.after_attack::<Direct>(n)
            }
        }
    }

    /// The defender has just moved; the attacker has `n` moves left (0 or more).
    pub(crate) fn win_after_defence(&mut self, n: u32) -> bool {
        match self.play {
            Play::SelfPlay | Play::SeriesSelf => self.after_defence::<SelfPlay>(n),
            Play::Reflex => self.after_defence::<Reflex>(n),
            Play::Direct | Play::Series | Play::Help | Play::SeriesHelp => {
                self.after_defence::<Direct>(n)
            }
        }
    }

    /// What the goal asks of a move that reaches it in one, made once per position: a check
    /// where a mate needs one (with `check`: a caller that weighs checks itself passes false),
    /// the other side's every move stopped where it is a stalemate.
    #[inline]
    pub(crate) fn reaching(&mut self, check: bool) -> Reaching<R> {
        Reaching {
            check: (check && self.needs_check()).then(|| self.pos.check_hint()),
            stall: (self.goal == Goal::Stalemate).then(|| self.pos.stall_hint()),
        }
    }

    /// False only when `m` certainly does not reach the goal (`reaching`).
    #[inline]
    pub(crate) fn may_reach(&mut self, reaching: &Reaching<R>, m: R::Move) -> bool {
        reaching
            .check
            .as_ref()
            .is_none_or(|h| self.pos.may_check(h, m))
            && reaching
                .stall
                .as_ref()
                .is_none_or(|h| self.pos.may_stalemate(h, m))
    }

    /// Whether playing `m` reaches the goal against the other side.
    pub(crate) fn reaches_goal(&mut self, m: R::Move) -> bool {
        self.reaches(m, false)
    }

    /// Whether the side to move can reach the goal in one (against the other side).
    pub(crate) fn can_reach(&mut self) -> bool {
        let moves = self.pos.legal();
        let reaching = self.reaching(true);
        moves
            .iter()
            .any(|&m| self.may_reach(&reaching, m) && self.reaches(m, false))
    }
}
