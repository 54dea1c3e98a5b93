//! Allocation counts measured by a counting global allocator (this test binary's own), for the
//! code that promises not to allocate: diagnosing a legal position.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fenboard::core::legality::diagnose;
use fenboard::core::{Game, fen};

struct Counting;

thread_local! {
    /// Allocations made by this thread; other test threads do not disturb the count.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; only a count is kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract is the one System::alloc needs.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from System::alloc with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: as for realloc's own contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// How many allocations `f` makes on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (ALLOCATIONS.with(Cell::get) - before, value)
}

#[test]
fn the_counter_sees_an_allocation() {
    let (n, v) = allocations(|| vec![1u8; 10]);
    assert!(n >= 1);
    drop(v);
}

#[test]
fn diagnose_does_not_allocate_for_legal_positions() {
    let fens = [
        Game::Chess.start_fen(),
        Game::Xiangqi.start_fen(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
        "3akab2/9/4b4/p3p3p/2p3p2/9/P1P1P1P1P/4B4/4A4/2BAK4 b - - 4 30",
    ];
    for text in fens {
        let pos = fen::read(text, None).position.expect(text);
        let (n, diagnostics) = allocations(|| diagnose(&pos));
        assert!(diagnostics.is_empty(), "{text}: {diagnostics:?}");
        assert_eq!(n, 0, "{text}: diagnose allocated {n} times");
    }
}

#[test]
fn diagnose_allocates_for_an_illegal_position() {
    // The measurement can fail: a position with problems needs room for them.
    let pos = fen::read("4k3/8/8/4b3/3K4/2b5/8/8 w - - 0 1", None)
        .position
        .unwrap();
    let (n, diagnostics) = allocations(|| diagnose(&pos));
    assert!(!diagnostics.is_empty());
    assert!(n >= 1);
}
