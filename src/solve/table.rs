//! The transposition table: what has been proved about a position for a number of moves,
//! shared by every search thread without locks, in a fixed amount of memory.
//!
//! The memory is taken on the first store, not before: a search that proves its answer
//! without remembering anything (a mate in one) allocates nothing. It comes zeroed from the
//! system, which maps a page only when it is first written, so the memory in use grows with the
//! positions the search stores and never exceeds the size asked.
//!
//! Each entry is two words, the key xor the data and the data, so that a torn write by another
//! thread reads as a different key and is ignored (the classic lockless scheme). The data packs
//! what is known:
//! - `win`: the least number of moves in which the attacker is proved to win from here (0 none);
//! - `fail`: the most moves in which it is proved not to win (0 none);
//! - `help`: for helpmates, a bit per number of plies proved to lead to no solution.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

pub(crate) struct Table {
    /// The entries, once something has been stored.
    slots: OnceLock<Slots>,
    /// The entries asked for (a power of two).
    entries: usize,
}

/// The allocated entries: two words each, `mask + 1` of them.
struct Slots {
    words: Box<[AtomicU64]>,
    mask: usize,
}

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
    let bytes = megabytes.saturating_mul(1 << 20).max(ENTRY);
    1usize << (usize::BITS - 1 - (bytes / ENTRY).leading_zeros())
}

/// The memory layout of `entries` entries (two words each), when it fits the address space.
fn layout(entries: usize) -> Option<std::alloc::Layout> {
    std::alloc::Layout::array::<AtomicU64>(entries.checked_mul(2)?).ok()
}

/// The size in MB of the largest table of at most `megabytes` MB that the system gives now
/// (less than asked when it refuses that much memory; 0 when not even 1 MB can be had). The
/// memory is given back at once.
pub fn megabytes_available(megabytes: usize) -> usize {
    let mut entries = entries_for(megabytes);
    while entries > 0 {
        if let Some(slots) = Slots::try_with(entries) {
            return (slots.words.len() * 8) >> 20;
        }
        entries /= 2;
    }
    0
}

impl Slots {
    /// The largest table of at most `entries` entries (a power of two) the system gives.
    fn allocate(mut entries: usize) -> Slots {
        loop {
            if let Some(slots) = Slots::try_with(entries) {
                return slots;
            }
            if entries == 1 {
                // Not even sixteen bytes: the process is out of memory anyway.
                std::alloc::handle_alloc_error(std::alloc::Layout::new::<[AtomicU64; 2]>());
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
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, 2 * entries))
        };
        Some(Slots {
            words,
            mask: entries - 1,
        })
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        2 * ((key >> 20) as usize & self.mask)
    }

    #[inline]
    fn probe(&self, key: u64) -> Entry {
        let i = self.index(key);
        let k = self.words[i].load(Relaxed);
        let d = self.words[i + 1].load(Relaxed);
        if k ^ d == key && key != 0 {
            Entry::unpack(d)
        } else {
            Entry::default()
        }
    }
}

impl Table {
    /// A table of at most `megabytes` MB (at least one entry), rounded down to a power of two
    /// entries; when the system cannot give that much, the largest smaller power of two it can.
    /// Nothing is allocated until the first store.
    pub(crate) fn new(megabytes: usize) -> Table {
        Table {
            slots: OnceLock::new(),
            entries: entries_for(megabytes),
        }
    }

    /// The memory the table holds, in bytes (0 while nothing has been stored).
    pub(crate) fn bytes(&self) -> usize {
        self.slots.get().map_or(0, |s| s.words.len() * 8)
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Entry {
        self.slots
            .get()
            .map_or_else(Entry::default, |s| s.probe(key))
    }

    /// Merges a new fact into the entry of `key` (replacing another position's entry).
    #[inline]
    pub(crate) fn store(&self, key: u64, update: impl FnOnce(&mut Entry)) {
        let slots = self.slots.get_or_init(|| Slots::allocate(self.entries));
        let mut e = slots.probe(key);
        update(&mut e);
        let d = e.pack();
        let i = slots.index(key);
        slots.words[i].store(key ^ d, Relaxed);
        slots.words[i + 1].store(d, Relaxed);
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

    #[test]
    fn remembers_bounds_and_merges_them() {
        let t = Table::new(1);
        let key = 0x1234_5678_9abc_def1;
        assert_eq!(t.probe(key).within(3), None);
        t.store_fail(key, 2);
        assert_eq!(t.bytes(), 1 << 20);
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
        // Another position on the same slot replaces it; the old key then reads as unknown.
        let other = key ^ 1;
        t.store_fail(other, 1);
        assert_eq!(t.probe(key), Entry::default());
    }

    #[test]
    fn nothing_is_allocated_before_the_first_store() {
        let t = Table::new(64);
        assert_eq!(t.probe(0x1234_5678_9abc_def1), Entry::default());
        assert_eq!(t.bytes(), 0);
        t.store_help_fail(0x1234_5678_9abc_def1, 2);
        assert_eq!(t.bytes(), 64 << 20);
    }

    #[test]
    fn size_is_bounded_by_the_megabytes_asked() {
        for mb in [1, 3, 64] {
            let t = Table::new(mb);
            t.store_win(1 << 20, 1);
            assert!(t.bytes() <= mb << 20);
            assert!(t.bytes() > (mb << 20) / 2);
        }
        let t = Table::new(0);
        t.store_win(1 << 20, 1);
        assert_eq!(t.bytes(), ENTRY);
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
