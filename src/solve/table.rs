//! The transposition table: what has been proved about a position for a number of moves,
//! shared by every search thread without locks, in a fixed amount of memory.
//!
//! The memory is taken on the first store, not before: a search that proves its answer
//! without remembering anything (a mate in one) allocates nothing. It comes zeroed from the
//! system, which maps a page only when it is first written. The table then grows with the
//! search: stores land in the first `active` entries, a small power of two at first, doubled
//! (its entries moved to where the wider index puts them) whenever a quarter of it is filled.
//! So a small search touches a few pages, not one page per entry scattered over the whole
//! table, and the memory in use never exceeds the size asked.
//!
//! A key may stand in any entry of its bucket (four side by side on one cache line); a
//! full bucket gives up the entry of the shallowest proof. Help and series play meet each
//! position by many orders of their moves, so a fact lost to another position's store is
//! proved again once per order: one entry a key, at half fill, lost a fifth of them, and the
//! nodes of a long series grew exponentially with the losses.
//!
//! Each entry is two words, the key xor the data and the data, so that a torn write by another
//! thread reads as a different key and is ignored (the classic lockless scheme); a store that
//! races a doubling may be lost, which a cache allows. The data packs what is known:
//! - `win`: the least number of moves in which the attacker is proved to win from here (0 none);
//! - `fail`: the most moves in which it is proved not to win (0 none);
//! - `help`: for helpmates, a bit per number of plies proved to lead to no solution.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

pub(crate) struct Table {
    /// The entries, once something has been stored.
    slots: OnceLock<Slots>,
    /// The entries asked for (a power of two).
    entries: usize,
    /// The entries in use, a power of two: every key's index falls below it.
    active: AtomicUsize,
    /// The filled entries in the buckets whose index is a multiple of `SAMPLE` (a sample of
    /// the fill that costs one shared count per `SAMPLE` new entries).
    sampled: AtomicUsize,
    /// A thread is doubling `active`.
    growing: AtomicBool,
}

/// The allocated entries: two words each, from `first` on, where a cache line begins, so that
/// a bucket is one line (the words before `first` and the bucket's worth after the entries
/// are not used).
struct Slots {
    words: Box<[AtomicU64]>,
    first: usize,
}

/// The bytes of a cache line, and of a bucket.
const LINE: usize = 64;

/// The entries a table starts with (64 KB): what a small search fills.
const FIRST: usize = 1 << 12;

/// One bucket in `SAMPLE` counts towards the fill.
const SAMPLE: usize = 8;

/// The entries of a bucket.
const WAYS: usize = 4;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    pub win: u8,
    pub fail: u8,
    pub help: u32,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.win) | u64::from(self.fail) << 8 | u64::from(self.help) << 16
    }

    /// How deep a proof the entry keeps: the most moves or plies it knows of.
    fn depth(self) -> u32 {
        u32::from(self.win.max(self.fail)).max(u32::BITS - self.help.leading_zeros())
    }

    fn unpack(d: u64) -> Entry {
        Entry {
            win: d as u8,
            fail: (d >> 8) as u8,
            help: (d >> 16) as u32,
        }
    }

    /// What the entry says about winning within `n` moves, if anything.
    #[inline]
    pub fn within(self, n: u32) -> Option<bool> {
        if self.win != 0 && u32::from(self.win) <= n {
            Some(true)
        } else if u32::from(self.fail) >= n {
            Some(false)
        } else {
            None
        }
    }
}

/// Bytes per entry.
const ENTRY: usize = 16;

/// The entries of a table of at most `megabytes` MB: a power of two, at least one.
fn entries_for(megabytes: usize) -> usize {
    entries_in(megabytes.saturating_mul(1 << 20))
}

/// The entries of a table of at most `bytes` bytes: a power of two, at least one bucket.
fn entries_in(bytes: usize) -> usize {
    1usize << (usize::BITS - 1 - (bytes.max(WAYS * ENTRY) / ENTRY).leading_zeros())
}

/// The memory layout of `entries` entries (two words each) and a bucket's worth to put them
/// on cache lines, when it fits the address space. Its alignment stays the words': the
/// allocator gives zeroed memory of a larger one by writing every byte, which maps every page.
fn layout(entries: usize) -> Option<std::alloc::Layout> {
    std::alloc::Layout::array::<AtomicU64>(entries.checked_add(WAYS)?.checked_mul(2)?).ok()
}

/// The size in MB of the largest table of at most `megabytes` MB that the system gives now
/// (less than asked when it refuses that much memory; 0 when not even 1 MB can be had). The
/// memory is given back at once.
pub fn megabytes_available(megabytes: usize) -> usize {
    let mut entries = entries_for(megabytes);
    while entries > 0 {
        if let Some(slots) = Slots::try_with(entries) {
            return (slots.entries() * ENTRY) >> 20;
        }
        entries /= 2;
    }
    0
}

/// The index of `key`'s bucket among `active` entries.
#[inline]
fn bucket(key: u64, active: usize) -> usize {
    (key >> 20) as usize & (active / WAYS - 1)
}

/// The index of the first word of `way` in bucket `b`.
#[inline]
fn word(b: usize, way: usize) -> usize {
    2 * (WAYS * b + way)
}

/// Whether the two words of an entry hold `key`.
#[inline]
fn holds((k, d): (u64, u64), key: u64) -> bool {
    k ^ d == key && key != 0
}

impl Slots {
    /// The largest table of at most `entries` entries (a power of two) the system gives.
    fn allocate(mut entries: usize) -> Slots {
        loop {
            if let Some(slots) = Slots::try_with(entries) {
                return slots;
            }
            if entries == WAYS {
                // Not even one bucket: the process is out of memory anyway.
                std::alloc::handle_alloc_error(std::alloc::Layout::new::<[AtomicU64; 2 * WAYS]>());
            }
            entries /= 2;
        }
    }

    /// Exactly `entries` entries (a power of two), or `None` when the system refuses the
    /// memory.
    fn try_with(entries: usize) -> Option<Slots> {
        let layout = layout(entries)?;
        // Zeroed memory straight from the allocator: the system maps it lazily, so a big table
        // costs nothing until it is used.
        // SAFETY: the layout is non-zero in size; all-zero bytes are a valid `AtomicU64` (it
        // has `u64`'s representation), and memory from the global allocator with the array's
        // layout is what `Box<[AtomicU64]>` owns and frees.
        let words = unsafe {
            let ptr = std::alloc::alloc_zeroed(layout).cast::<AtomicU64>();
            if ptr.is_null() {
                return None;
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(
                ptr,
                2 * (entries + WAYS),
            ))
        };
        let first = words.as_ptr().addr().wrapping_neg() % LINE / size_of::<AtomicU64>();
        Some(Slots { words, first })
    }

    fn entries(&self) -> usize {
        self.words.len() / 2 - WAYS
    }

    /// The two words at `i`.
    #[inline]
    fn read(&self, i: usize) -> (u64, u64) {
        let i = self.first + i;
        (self.words[i].load(Relaxed), self.words[i + 1].load(Relaxed))
    }

    #[inline]
    fn write(&self, i: usize, (k, d): (u64, u64)) {
        let i = self.first + i;
        self.words[i].store(k, Relaxed);
        self.words[i + 1].store(d, Relaxed);
    }

    /// Asks the processor to bring bucket `b` into its cache, for a probe soon after.
    #[inline]
    fn prefetch(&self, b: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let line = self.words[self.first + word(b, 0)]
                .as_ptr()
                .cast_const()
                .cast::<i8>();
            // SAFETY: SSE, which the intrinsic needs, is part of every x86-64 processor; a
            // prefetch only hints at a line to load and never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(line) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = b;
    }

    #[inline]
    fn probe(&self, key: u64, active: usize) -> Entry {
        let b = bucket(key, active);
        (0..WAYS)
            .map(|way| self.read(word(b, way)))
            .find(|&e| holds(e, key))
            .map_or_else(Entry::default, |(_, d)| Entry::unpack(d))
    }
}

impl Table {
    /// A table of at most `megabytes` MB (at least one entry), rounded down to a power of two
    /// entries; when the system cannot give that much, the largest smaller power of two it can.
    /// Nothing is allocated until the first store.
    #[cfg(test)]
    pub(crate) fn new(megabytes: usize) -> Table {
        Table::of_bytes(megabytes.saturating_mul(1 << 20))
    }

    /// `new` of at most `bytes` bytes.
    pub(crate) fn of_bytes(bytes: usize) -> Table {
        let entries = entries_in(bytes);
        Table {
            slots: OnceLock::new(),
            entries,
            active: AtomicUsize::new(entries.min(FIRST)),
            sampled: AtomicUsize::new(0),
            growing: AtomicBool::new(false),
        }
    }

    /// The memory the table uses, in bytes: the entries in use (0 while nothing has been
    /// stored).
    pub(crate) fn bytes(&self) -> usize {
        self.slots
            .get()
            .map_or(0, |s| self.active.load(Relaxed).min(s.entries()) * ENTRY)
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Entry {
        self.slots
            .get()
            .map_or_else(Entry::default, |s| s.probe(key, self.active.load(Relaxed)))
    }

    /// Asks for the bucket of `key` to be brought into the processor's cache: a probe of it
    /// soon after finds it there instead of waiting on memory.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        if let Some(s) = self.slots.get() {
            s.prefetch(bucket(key, self.active.load(Relaxed)));
        }
    }

    /// Merges a new fact into the entry of `key` (replacing another position's entry).
    #[inline]
    pub(crate) fn store(&self, key: u64, update: impl FnOnce(&mut Entry)) {
        let slots = self.slots.get_or_init(|| {
            let slots = Slots::allocate(self.entries);
            let active = self.active.load(Relaxed).min(slots.entries());
            self.active.store(active, Relaxed);
            slots
        });
        let active = self.active.load(Relaxed);
        let b = bucket(key, active);
        let held: [(u64, u64); WAYS] = std::array::from_fn(|way| slots.read(word(b, way)));
        let (way, old) = match held.iter().position(|&e| holds(e, key)) {
            Some(way) => (way, Some(held[way].1)),
            // Another position's entry gives way: the one of the shallowest proof.
            None => (
                (0..WAYS)
                    .min_by_key(|&way| {
                        let (k, d) = held[way];
                        ((k, d) != (0, 0), Entry::unpack(d).depth())
                    })
                    .unwrap_or(0),
                None,
            ),
        };
        let mut e = old.map_or_else(Entry::default, Entry::unpack);
        update(&mut e);
        let data = e.pack();
        slots.write(word(b, way), (key ^ data, data));
        let filled = held[way] == (0, 0);
        if filled && b.is_multiple_of(SAMPLE) {
            let filled = (self.sampled.fetch_add(1, Relaxed) + 1) * SAMPLE;
            if 4 * filled > active && active < slots.entries() {
                self.grow(slots, active);
            }
        }
    }

    /// Doubles the entries in use from `active`, moving each entry to its index among twice
    /// as many; nothing when another thread is at it or has done it.
    #[cold]
    fn grow(&self, slots: &Slots, active: usize) {
        if self
            .growing
            .compare_exchange(false, true, Relaxed, Relaxed)
            .is_err()
        {
            return;
        }
        if self.active.load(Relaxed) == active {
            let wider = 2 * active;
            let mut sampled = 0;
            // A bucket's entries go to the same bucket or to the one `active / WAYS` above it,
            // empty until now: each keeps its way.
            for b in 0..active / WAYS {
                for way in 0..WAYS {
                    let (k, d) = slots.read(word(b, way));
                    if (k, d) == (0, 0) {
                        continue;
                    }
                    let to = bucket(k ^ d, wider);
                    if to != b {
                        slots.write(word(to, way), (k, d));
                        slots.write(word(b, way), (0, 0));
                    }
                    sampled += usize::from(to.is_multiple_of(SAMPLE));
                }
            }
            self.sampled.store(sampled, Relaxed);
            self.active.store(wider, Relaxed);
        }
        self.growing.store(false, Relaxed);
    }

    #[inline]
    pub(crate) fn store_win(&self, key: u64, n: u32) {
        self.store(key, |e| {
            if e.win == 0 || u32::from(e.win) > n {
                e.win = n.min(255) as u8;
            }
        });
    }

    #[inline]
    pub(crate) fn store_fail(&self, key: u64, n: u32) {
        self.store(key, |e| e.fail = e.fail.max(n.min(255) as u8));
    }

    #[inline]
    pub(crate) fn store_help_fail(&self, key: u64, plies: u32) {
        self.store(key, |e| e.help |= 1 << plies.min(31));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys whose indexes differ in every table of at least `n` entries.
    fn keys(n: u64) -> impl Iterator<Item = u64> {
        (1..=n).map(|k| k << 20 | 0x5a5)
    }

    #[test]
    fn remembers_bounds_and_merges_them() {
        let t = Table::new(1);
        let key = 0x1234_5678_9abc_def1;
        assert_eq!(t.probe(key).within(3), None);
        t.store_fail(key, 2);
        assert_eq!(t.probe(key).within(1), Some(false));
        assert_eq!(t.probe(key).within(2), Some(false));
        assert_eq!(t.probe(key).within(3), None);
        t.store_win(key, 4);
        t.store_win(key, 5);
        assert_eq!(t.probe(key).within(3), None);
        assert_eq!(t.probe(key).within(4), Some(true));
        t.store_help_fail(key, 3);
        assert_eq!(t.probe(key).help, 1 << 3);
        assert_eq!(t.probe(key).win, 4);
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_proof() {
        let t = Table::new(1);
        // Keys that differ only below the index bits share a bucket.
        let key = |i: u64| 0x1234_5678_9ab0_0001 + 2 * i;
        for i in 0..WAYS as u64 {
            t.store_help_fail(key(i), 10 + i as u32);
        }
        t.store_fail(key(1), 2);
        for i in 0..WAYS as u64 {
            assert_eq!(t.probe(key(i)).help, 1 << (10 + i), "{i}");
        }
        assert_eq!(t.probe(key(1)).fail, 2);
        // One more: the entry of the fewest plies (key 0's) gives way, and only it.
        let last = key(WAYS as u64);
        t.store_help_fail(last, 20);
        assert_eq!(t.probe(last).help, 1 << 20);
        assert_eq!(t.probe(key(0)), Entry::default());
        for i in 1..WAYS as u64 {
            assert_eq!(t.probe(key(i)).help, 1 << (10 + i), "{i}");
        }
        // A shallower newcomer takes the place of the shallowest again.
        t.store_fail(key(0), 1);
        assert_eq!(t.probe(key(0)).fail, 1);
        assert_eq!(t.probe(key(1)), Entry::default());
        assert_eq!(t.probe(last).help, 1 << 20);
    }

    #[test]
    fn every_bucket_is_one_cache_line_and_the_last_one_fits() {
        for entries in [WAYS, 64, 1 << 12, 1 << 16] {
            let slots = Slots::try_with(entries).unwrap();
            assert_eq!(slots.entries(), entries);
            for b in [0, entries / WAYS - 1] {
                let first = slots.words[slots.first + word(b, 0)].as_ptr().addr();
                assert_eq!(first % LINE, 0, "bucket {b} of {entries}");
                // Its last word is within the allocation, on the same line.
                let last = slots.words[slots.first + word(b, WAYS - 1) + 1]
                    .as_ptr()
                    .addr();
                assert_eq!(last - first, LINE - size_of::<AtomicU64>());
            }
            // Fetching ahead is a hint only, for any bucket.
            slots.prefetch(entries / WAYS - 1);
        }
    }

    #[test]
    fn nothing_is_allocated_before_the_first_store_and_little_after_it() {
        let t = Table::new(64);
        assert_eq!(t.probe(0x1234_5678_9abc_def1), Entry::default());
        assert_eq!(t.bytes(), 0);
        t.store_help_fail(0x1234_5678_9abc_def1, 2);
        assert_eq!(t.bytes(), FIRST * ENTRY);
    }

    #[test]
    fn the_table_grows_with_what_it_holds_and_keeps_it() {
        let t = Table::new(64);
        let n = 20 * FIRST as u64;
        for k in keys(n) {
            t.store_win(k, 3);
        }
        // A quarter full at most: the entries in use are the next power of two above four
        // times the stores, or one more doubling.
        let used = t.bytes() / ENTRY;
        assert!(used >= 4 * n as usize && used <= 16 * n as usize, "{used}");
        for k in keys(n) {
            assert_eq!(t.probe(k).within(3), Some(true), "{k:x}");
        }
    }

    #[test]
    fn growth_stops_at_the_size_asked() {
        let t = Table::new(1);
        for k in keys(1 << 18) {
            t.store_fail(k, 1);
        }
        assert_eq!(t.bytes(), 1 << 20);
    }

    #[test]
    fn threads_storing_while_it_grows_leave_it_consistent() {
        let t = Table::new(64);
        std::thread::scope(|scope| {
            for part in 0..2u64 {
                let t = &t;
                scope.spawn(move || {
                    for k in keys(40_000).filter(|k| (k >> 20) % 2 == part) {
                        t.store_win(k, 2);
                    }
                });
            }
        });
        // A store racing a doubling may be lost (how many depends on the scheduler); a key
        // that is found holds what was stored, and nothing else reads as known.
        for k in keys(40_000) {
            assert_ne!(
                t.probe(k).within(2),
                Some(false),
                "{k:x} reads as a failure"
            );
        }
        for k in keys(40_000).map(|k| k + (1 << 19)) {
            assert_eq!(t.probe(k), Entry::default(), "{k:x} was never stored");
        }
        // The race left a table that grew and answers what is stored after it.
        assert!(t.bytes() >= 2 * FIRST * ENTRY, "{}", t.bytes());
        for k in keys(40_000) {
            t.store_fail(k, 1);
            assert_eq!(t.probe(k).within(1), Some(false), "{k:x}");
        }
    }

    #[test]
    fn size_is_bounded_by_the_megabytes_asked() {
        for mb in [1, 3, 64] {
            let t = Table::new(mb);
            t.store_win(1 << 20, 1);
            assert!(t.bytes() <= mb << 20);
        }
        let t = Table::new(0);
        t.store_win(1 << 20, 1);
        assert_eq!(t.bytes(), WAYS * ENTRY);
    }

    #[test]
    fn a_table_the_system_refuses_is_a_smaller_one_not_a_crash() {
        // More than any address space holds: the allocator refuses it.
        let asked = usize::MAX >> 21;
        let got = megabytes_available(asked);
        assert!(got < asked && got >= 1, "{got}");
        let t = Table::new(asked);
        t.store_fail(1 << 20, 1);
        assert!(t.bytes() <= got << 20);
        assert_eq!(megabytes_available(1), 1);
    }
}
