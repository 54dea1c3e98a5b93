//! Minimum-cost assignment (the Hungarian method) for the small problems retro analysis poses:
//! at most 15 men to at most 15 origins.

/// A cost that rules a pairing out.
pub const NO: i32 = 1000;

/// The cheapest way to give each row a distinct column (`rows ≤ cols`), as the total cost and
/// the column of each row; `None` when some row can only take a forbidden (`NO`) pairing.
pub fn assign(cost: &[[i32; 16]], rows: usize, cols: usize) -> Option<(i32, [usize; 16])> {
    debug_assert!(rows <= cols && cols <= 16);
    // Potentials and the matching, 1-based with 0 as the free sentinel (e-maxx formulation).
    let mut u = [0i32; 17];
    let mut v = [0i32; 17];
    let mut owner = [0usize; 17];
    let mut way = [0usize; 17];
    for i in 1..=rows {
        owner[0] = i;
        let mut j0 = 0;
        let mut minv = [i32::MAX; 17];
        let mut used = [false; 17];
        loop {
            used[j0] = true;
            let i0 = owner[j0];
            let mut delta = i32::MAX;
            let mut j1 = 0;
            for j in 1..=cols {
                if !used[j] {
                    let cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=cols {
                if used[j] {
                    u[owner[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if owner[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            owner[j0] = owner[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut col_of = [usize::MAX; 16];
    let mut total = 0;
    for j in 1..=cols {
        if owner[j] != 0 {
            col_of[owner[j] - 1] = j - 1;
            total += cost[owner[j] - 1][j - 1];
        }
    }
    let forbidden = (0..rows).any(|i| cost[i][col_of[i]] >= NO);
    (!forbidden).then_some((total, col_of))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force over every injective choice, for comparison.
    fn brute(cost: &[[i32; 16]], rows: usize, cols: usize) -> Option<i32> {
        fn go(c: &[[i32; 16]], row: usize, rows: usize, cols: usize, used: u32) -> Option<i32> {
            if row == rows {
                return Some(0);
            }
            (0..cols)
                .filter(|&j| used & (1 << j) == 0 && c[row][j] < NO)
                .filter_map(|j| go(c, row + 1, rows, cols, used | 1 << j).map(|r| r + c[row][j]))
                .min()
        }
        go(cost, 0, rows, cols, 0)
    }

    #[test]
    fn matches_brute_force_on_random_problems() {
        let mut seed = 0x1234_5678_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..3000 {
            let cols = 1 + (next() % 7) as usize;
            let rows = 1 + (next() % cols as u64) as usize;
            let mut cost = [[NO; 16]; 16];
            for row in cost.iter_mut().take(rows) {
                for c in row.iter_mut().take(cols) {
                    *c = if next() % 4 == 0 {
                        NO
                    } else {
                        (next() % 6) as i32
                    };
                }
            }
            let got = assign(&cost, rows, cols);
            assert_eq!(got.map(|g| g.0), brute(&cost, rows, cols), "{cost:?}");
            if let Some((total, col_of)) = got {
                let mut seen = 0u32;
                let mut sum = 0;
                for (i, &j) in col_of.iter().enumerate().take(rows) {
                    assert_eq!(seen & (1 << j), 0);
                    seen |= 1 << j;
                    sum += cost[i][j];
                }
                assert_eq!(sum, total);
            }
        }
    }
}
