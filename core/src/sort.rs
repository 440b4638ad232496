//! One small in-place sort for the places where the slices are short or
//! the sort is not the cost (regex sets, field ranges, a directory's
//! inodes): core's `sort_unstable` is a pattern-defeating quicksort of
//! 1.2 to 7.4 KB per element type, this heapsort about 200 bytes.
//! The `sort` program and ls keep core's sorts: there the sort is the
//! work.

/// Sorts `v` in place (not stably) by `less`, in O(n log n) time and no
/// extra memory.
#[inline(never)]
pub fn sort_by<T, F: FnMut(&T, &T) -> bool>(v: &mut [T], mut less: F) {
    let n = v.len();
    // The first n / 2 rounds build the heap, the next n take its top.
    let mut i = n + n / 2;
    while i > 0 {
        i -= 1;
        let (mut node, end) = if i >= n {
            (i - n, n)
        } else {
            v.swap(0, i);
            (0, i)
        };
        let heap = &mut v[..end];
        loop {
            let mut child = 2 * node + 1;
            if child >= heap.len() {
                break;
            }
            if child + 1 < heap.len() && less(&heap[child], &heap[child + 1]) {
                child += 1;
            }
            if !less(&heap[node], &heap[child]) {
                break;
            }
            heap.swap(node, child);
            node = child;
        }
    }
}

/// Sorts `v` in place (not stably) in ascending order.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, |a, b| a < b);
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    fn sorts_like_core() {
        let mut seed = 7;
        for n in [0usize, 1, 2, 3, 4, 5, 7, 8, 16, 31, 100, 1000, 4097] {
            for modulus in [2u64, 10, 1 << 31] {
                let v: Vec<u64> = (0..n).map(|_| lcg(&mut seed) % modulus).collect();
                let mut ours = v.clone();
                sort(&mut ours);
                let mut want = v;
                want.sort_unstable();
                assert_eq!(ours, want, "n={n} modulus={modulus}");
            }
        }
    }

    #[test]
    fn sorted_and_reversed_input() {
        let mut up: Vec<u32> = (0..500).collect();
        let mut down: Vec<u32> = (0..500).rev().collect();
        sort(&mut up);
        sort(&mut down);
        assert_eq!(up, down);
        assert!(up.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn by_key_keeps_every_element() {
        let mut v: Vec<(u32, u32)> = (0..300).map(|i| ((i * 37) % 11, i)).collect();
        sort_by(&mut v, |a, b| a.0 < b.0);
        assert!(v.windows(2).all(|w| w[0].0 <= w[1].0));
        let mut seconds: Vec<u32> = v.iter().map(|p| p.1).collect();
        seconds.sort_unstable();
        assert_eq!(seconds, (0..300).collect::<Vec<_>>());
    }
}
