//! One small in-place sort for the places where the slices are short or
//! the sort is not the cost (regex sets, field ranges, a directory's
//! inodes): core's `sort_unstable` is a pattern-defeating quicksort of
//! 1.2 to 7.4 KB per element type, this heapsort about 200 bytes.
//! Where the sort is the work (the sort program, ls, ptx), `quick_by`
//! and `merge_by` below.

/// Sorts `v` in place (not stably) by `less`, in O(n log n) time and no
/// extra memory. The heap's logic is one function for every element type,
/// reaching the elements through a closure (compare or swap two).
pub fn sort_by<T, F: FnMut(&T, &T) -> bool>(v: &mut [T], mut less: F) {
    heap(v.len(), &mut |i, j, swap| {
        if swap {
            v.swap(i, j);
            false
        } else {
            less(&v[i], &v[j])
        }
    });
}

/// Heapsort of `n` elements through `op(i, j, swap)`: swaps elements `i`
/// and `j` when `swap`, else tells whether `i` is less than `j`.
#[inline(never)]
fn heap(n: usize, op: &mut dyn FnMut(usize, usize, bool) -> bool) {
    // The first n / 2 rounds build the heap, the next n take its top.
    let mut i = n + n / 2;
    while i > 0 {
        i -= 1;
        let (mut node, end) = if i >= n {
            (i - n, n)
        } else {
            op(0, i, true);
            (0, i)
        };
        loop {
            let mut child = 2 * node + 1;
            if child >= end {
                break;
            }
            if child + 1 < end && op(child, child + 1, false) {
                child += 1;
            }
            if !op(node, child, false) {
                break;
            }
            op(node, child, true);
            node = child;
        }
    }
}

/// Sorts `v` in place (not stably) in ascending order.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, |a, b| a < b);
}

// Where the sort is the work (the sort program, ls, ptx): the standard
// library's sorts are generic, so they are compiled with the attributes
// of the crate that instantiates them, minsize in the "z" crates, and
// call the comparison out of line for every pair. These two are marked
// for speed, and so is every instance of them.

/// Sorts `v` (not stably) by `less`: a quicksort on the median of three
/// with a branch-free partition (the comparisons of random keys are
/// unpredictable), the smaller side first, insertion sort for short
/// slices and the heapsort above past 2 log2(n) levels. A pivot equal to
/// the one whose right side this is takes its equals out at once, so
/// runs of equal keys cost one pass.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn quick_by<T: Copy, F: FnMut(&T, &T) -> bool>(v: &mut [T], mut less: F) {
    let depth = 2 * (usize::BITS - v.len().leading_zeros());
    quick(v, &mut less, depth, None);
}

#[cfg_attr(corebox_opt, optimize(speed))]
fn quick<T: Copy, F: FnMut(&T, &T) -> bool>(
    mut v: &mut [T],
    less: &mut F,
    mut depth: u32,
    mut low: Option<T>,
) {
    loop {
        let n = v.len();
        if n <= 20 {
            insertion(v, less);
            return;
        }
        if depth == 0 {
            sort_by(v, |a, b| less(a, b));
            return;
        }
        depth -= 1;
        // The median of the first, middle and last to the front.
        let (a, b, c) = (0, n / 2, n - 1);
        let m = if less(&v[a], &v[b]) {
            if less(&v[b], &v[c]) {
                b
            } else if less(&v[a], &v[c]) {
                c
            } else {
                a
            }
        } else if less(&v[a], &v[c]) {
            a
        } else if less(&v[b], &v[c]) {
            c
        } else {
            b
        };
        v.swap(0, m);
        let pivot = v[0];
        // Everything here is at least `low`: a pivot not above it is
        // equal to it, and so is every element not above the pivot.
        if let Some(l) = low {
            if !less(&l, &pivot) {
                let k = partition(&mut v[1..], |x| !less(&pivot, x));
                v = &mut core::mem::take(&mut v)[k + 1..];
                low = None;
                continue;
            }
        }
        let k = partition(&mut v[1..], |x| less(x, &pivot));
        v.swap(0, k);
        let (l, r) = core::mem::take(&mut v).split_at_mut(k);
        let r = &mut r[1..];
        if l.len() < r.len() {
            quick(l, less, depth, low);
            v = r;
            low = Some(pivot);
        } else {
            quick(r, less, depth, Some(pivot));
            v = l;
        }
    }
}

/// Moves the elements satisfying `pred` to the front (in no order) and
/// returns their count, with no branch on the outcome.
#[inline]
#[cfg_attr(corebox_opt, optimize(speed))]
fn partition<T: Copy>(v: &mut [T], mut pred: impl FnMut(&T) -> bool) -> usize {
    let mut k = 0;
    for i in 0..v.len() {
        // Whole-element copies only: an element stored field by field
        // and loaded whole at the next step stalls the store forwarding.
        let p = pred(&v[i]);
        v.swap(i, k);
        k += p as usize;
    }
    k
}

#[inline]
#[cfg_attr(corebox_opt, optimize(speed))]
fn insertion<T: Copy, F: FnMut(&T, &T) -> bool>(v: &mut [T], less: &mut F) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && less(&x, &v[j - 1]) {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// Sorts `v` stably by `less`: insertion-sorted runs of 16 merged
/// bottom-up through a buffer as long as `v`.
#[cfg_attr(corebox_opt, optimize(speed))]
pub fn merge_by<T: Copy, F: FnMut(&T, &T) -> bool>(v: &mut [T], mut less: F) {
    const RUN: usize = 16;
    for c in v.chunks_mut(RUN) {
        insertion(c, &mut less);
    }
    if v.len() <= RUN {
        return;
    }
    let mut buf = v.to_vec();
    let mut in_v = true;
    let mut width = RUN;
    while width < v.len() {
        if in_v {
            merge_pass(v, &mut buf, width, &mut less);
        } else {
            merge_pass(&buf, v, width, &mut less);
        }
        in_v = !in_v;
        width *= 2;
    }
    if !in_v {
        v.copy_from_slice(&buf);
    }
}

/// Merges the pairs of sorted runs of `width` of `src` into `dst`.
#[cfg_attr(corebox_opt, optimize(speed))]
fn merge_pass<T: Copy, F: FnMut(&T, &T) -> bool>(
    src: &[T],
    dst: &mut [T],
    width: usize,
    less: &mut F,
) {
    let n = src.len();
    let mut start = 0;
    while start < n {
        let mid = (start + width).min(n);
        let end = (start + 2 * width).min(n);
        let (mut i, mut j) = (start, mid);
        for d in &mut dst[start..end] {
            // The right run's element only when strictly less: stable.
            if j < end && (i == mid || less(&src[j], &src[i])) {
                *d = src[j];
                j += 1;
            } else {
                *d = src[i];
                i += 1;
            }
        }
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn lcg(seed: &mut u64) -> u64 {
        *seed = crate::num::mmix_step(*seed);
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
    fn quick_and_merge_sort_like_core() {
        let mut seed = 11;
        for n in [0usize, 1, 2, 3, 15, 16, 17, 20, 21, 33, 100, 1000, 5000] {
            for modulus in [1u64, 2, 10, 1 << 31] {
                let v: Vec<(u64, usize)> = (0..n).map(|i| (lcg(&mut seed) % modulus, i)).collect();
                let mut want = v.clone();
                want.sort_by_key(|a| a.0);
                let mut stable = v.clone();
                merge_by(&mut stable, |a, b| a.0 < b.0);
                assert_eq!(stable, want, "merge n={n} modulus={modulus}");
                let mut quick = v.clone();
                quick_by(&mut quick, |a, b| a.0 < b.0);
                quick.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
                want.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
                assert_eq!(quick, want, "quick n={n} modulus={modulus}");
            }
        }
        // Sorted, reversed and organ-pipe inputs.
        for mut v in [
            (0..3000u32).collect::<Vec<_>>(),
            (0..3000u32).rev().collect(),
            (0..1500u32).chain((0..1500).rev()).collect(),
        ] {
            let mut m = v.clone();
            quick_by(&mut v, |a, b| a < b);
            merge_by(&mut m, |a, b| a < b);
            assert!(v.windows(2).all(|w| w[0] <= w[1]));
            assert_eq!(v, m);
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
