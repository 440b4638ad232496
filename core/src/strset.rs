//! A set of byte strings, numbered in the order they came: tsort's
//! names, the literal names of `--exclude`, the links ln made. An
//! open-addressing table of numbers into the strings, instead of a
//! `BTreeMap`/`BTreeSet` of `Vec<u8>` (2 to 3 KB of B-tree code for
//! each key type in the binary).

use alloc::vec::Vec;

#[derive(Default)]
pub struct Set {
    strings: Vec<Vec<u8>>,
    slots: crate::slots::Slots,
}

/// FNV-1a.
fn hash(s: &[u8]) -> u64 {
    s.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Set {
    pub const fn new() -> Set {
        Set {
            strings: Vec::new(),
            slots: crate::slots::Slots::new(),
        }
    }

    /// The number of `s`, if it is in the set.
    pub fn index(&self, s: &[u8]) -> Option<usize> {
        self.slots.find(hash(s), |i| self.strings[i] == s)
    }

    pub fn contains(&self, s: &[u8]) -> bool {
        self.index(s).is_some()
    }

    /// The number of `s`, added as the next one if new.
    pub fn insert(&mut self, s: &[u8]) -> usize {
        if let Some(i) = self.index(s) {
            return i;
        }
        self.strings.push(s.to_vec());
        let strings = &self.strings;
        self.slots.insert(strings.len() - 1, |i| hash(&strings[i]));
        strings.len() - 1
    }

    pub fn len(&self) -> usize {
        self.strings.len()
    }

    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }

    /// The strings, in the order they came.
    pub fn into_strings(self) -> Vec<Vec<u8>> {
        self.strings
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn numbers_in_order_of_arrival() {
        let mut s = Set::new();
        assert!(!s.contains(b"a") && s.is_empty());
        assert_eq!(s.insert(b"b"), 0);
        assert_eq!(s.insert(b"a"), 1);
        assert_eq!(s.insert(b"b"), 0);
        assert_eq!(s.insert(b""), 2);
        assert_eq!(s.index(b"a"), Some(1));
        assert_eq!(s.index(b"c"), None);
        assert_eq!(s.len(), 3);
        assert_eq!(s.into_strings(), [&b"b"[..], b"a", b""]);
    }

    /// Against a BTreeMap, past several growths.
    #[test]
    fn behaves_like_btreemap() {
        let mut ours = Set::new();
        let mut model = BTreeMap::new();
        let mut x = 3u64;
        for _ in 0..5000 {
            x = crate::num::mmix_step(x);
            let k = ((x >> 40) % 1500).to_string().into_bytes();
            let next = model.len();
            assert_eq!(ours.insert(&k), *model.entry(k).or_insert(next));
        }
        for n in 0..1600u32 {
            let k = n.to_string().into_bytes();
            assert_eq!(ours.index(&k), model.get(&k).copied());
        }
    }
}
