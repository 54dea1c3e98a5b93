//! How `--hash` is shared between the transposition table and the caches that help and
//! series play's bound keeps on each thread, so that the two together stay within it.

/// The threads a search runs on, the bytes each thread's caches may take and the table's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Share {
    pub threads: usize,
    pub caches: usize,
    pub table: usize,
}

/// `hash` bytes shared among `threads` threads whose caches take `caches.0` bytes at least
/// and use `caches.1` at most ((0, 0): none): each thread's caches get a half of `hash` split
/// among the threads, as far as they use it, and the table the rest. Fewer threads when their
/// least caches would take more than half; one thread's least is taken even from a smaller
/// `hash` (the table then gets what is left, at least one entry).
pub(crate) fn share(hash: usize, threads: usize, caches: (usize, usize)) -> Share {
    let (least, most) = caches;
    if most == 0 {
        return Share {
            threads,
            caches: 0,
            table: hash,
        };
    }
    let mut threads = threads.max(1);
    while threads > 1 && threads * least > hash / 2 {
        threads -= 1;
    }
    let caches = (hash / 2 / threads).clamp(least, most.max(least));
    Share {
        threads,
        caches,
        table: hash.saturating_sub(threads * caches),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const MB: usize = 1 << 20;

    #[test]
    fn without_caches_the_table_takes_it_all() {
        let s = share(64 * MB, 2, (0, 0));
        assert_eq!(
            s,
            Share {
                threads: 2,
                caches: 0,
                table: 64 * MB
            }
        );
    }

    #[test]
    fn caches_take_what_they_use_of_their_half_and_the_table_the_rest() {
        let s = share(64 * MB, 2, (MB, 8 * MB));
        assert_eq!(
            s,
            Share {
                threads: 2,
                caches: 8 * MB,
                table: 48 * MB
            }
        );
        let s = share(8 * MB, 2, (MB, 8 * MB));
        assert_eq!(
            s,
            Share {
                threads: 2,
                caches: 2 * MB,
                table: 4 * MB
            }
        );
    }

    #[test]
    fn too_small_a_hash_for_every_thread_runs_on_fewer() {
        let s = share(2 * MB, 4, (MB / 2, 8 * MB));
        assert_eq!(
            s,
            Share {
                threads: 2,
                caches: MB / 2,
                table: MB
            }
        );
        let s = share(MB, 2, (700_000, 8 * MB));
        assert_eq!(s.threads, 1);
        assert_eq!(s.table, MB - 700_000);
    }

    proptest! {
        #[test]
        fn the_table_and_the_caches_stay_within_the_hash(
            hash in 0usize..1 << 32,
            threads in 1usize..256,
            least in 1usize..1 << 24,
            more in 0usize..1 << 26,
        ) {
            let s = share(hash, threads, (least, least + more));
            prop_assert!(s.threads >= 1 && s.threads <= threads);
            prop_assert!(s.caches >= least && s.caches <= least + more);
            if hash >= 2 * least {
                prop_assert!(s.table + s.threads * s.caches <= hash);
            } else {
                prop_assert_eq!(s.threads, 1);
            }
        }
    }
}
