//! A set of (device, inode) pairs: the directories on a walk's current
//! path (cycle checks), the hard links already counted (du), the
//! directories a copy made; and a map from them to names (the files a
//! copy made, for its hard links). One small hash table (linear probing,
//! deletion by backward shift) shared by all of them, instead of a
//! `BTreeSet<(u64, u64)>` or `BTreeMap` (4 to 5 KB of B-tree code each).

use alloc::vec::Vec;

/// A (device, inode) pair.
pub type DevIno = (u64, u64);

/// [`DevIno`]s with a value each.
pub struct Table<V> {
    /// A power of two long (or empty), at most half full.
    slots: Vec<Option<(DevIno, V)>>,
    len: usize,
}

/// A set of [`DevIno`]s.
pub type Set = Table<()>;

/// A map from [`DevIno`]s to byte strings.
pub type Map = Table<Vec<u8>>;

fn hash(k: DevIno) -> usize {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    ((k.0.wrapping_mul(K) ^ k.1).wrapping_mul(K) >> 32) as usize
}

impl<V> Default for Table<V> {
    fn default() -> Self {
        Table::new()
    }
}

impl<V> Table<V> {
    pub const fn new() -> Self {
        Table {
            slots: Vec::new(),
            len: 0,
        }
    }

    /// Where `k` is, or the free slot where it would go.
    fn find(&self, k: DevIno) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut i = hash(k) & mask;
        loop {
            match &self.slots[i] {
                None => return (i, false),
                Some((x, _)) if *x == k => return (i, true),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    pub fn contains(&self, k: &DevIno) -> bool {
        self.get(k).is_some()
    }

    /// The value of `k`.
    pub fn get(&self, k: &DevIno) -> Option<&V> {
        if self.slots.is_empty() {
            return None;
        }
        match self.find(*k) {
            (i, true) => self.slots[i].as_ref().map(|(_, v)| v),
            _ => None,
        }
    }

    /// Adds `k` with `v`; false (and no change) if `k` was there already.
    pub fn insert_with(&mut self, k: DevIno, v: V) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let (i, found) = self.find(k);
        if !found {
            self.slots[i] = Some((k, v));
            self.len += 1;
        }
        !found
    }

    /// Takes `k` out; false if it was not there.
    pub fn remove(&mut self, k: &DevIno) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let (mut hole, found) = self.find(*k);
        if !found {
            return false;
        }
        self.slots[hole] = None;
        self.len -= 1;
        // Move back the entries after the hole that probing would no
        // longer reach, so every search still stops at the first free slot.
        let mask = self.slots.len() - 1;
        let mut j = hole;
        loop {
            j = (j + 1) & mask;
            let Some((x, _)) = &self.slots[j] else {
                return true;
            };
            let home = hash(*x) & mask;
            let reachable = if hole <= j {
                hole < home && home <= j
            } else {
                hole < home || home <= j
            };
            if !reachable {
                self.slots[hole] = self.slots[j].take();
                hole = j;
            }
        }
    }

    pub fn clear(&mut self) {
        self.slots.clear();
        self.len = 0;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(16);
        let mut old = core::mem::take(&mut self.slots);
        self.slots.resize_with(size, || None);
        for (k, v) in old.drain(..).flatten() {
            let (i, _) = self.find(k);
            self.slots[i] = Some((k, v));
        }
    }
}

impl Set {
    /// Adds `k`; false if it was there already.
    pub fn insert(&mut self, k: DevIno) -> bool {
        self.insert_with(k, ())
    }
}

impl FromIterator<DevIno> for Set {
    fn from_iter<I: IntoIterator<Item = DevIno>>(iter: I) -> Set {
        let mut s = Set::new();
        for k in iter {
            s.insert(k);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn insert_contains_remove() {
        let mut s = Set::new();
        assert!(!s.contains(&(1, 2)));
        assert!(!s.remove(&(1, 2)));
        assert!(s.insert((1, 2)));
        assert!(!s.insert((1, 2)));
        assert!(s.contains(&(1, 2)));
        assert!(!s.contains(&(2, 1)));
        assert_eq!(s.len(), 1);
        assert!(s.remove(&(1, 2)));
        assert!(!s.contains(&(1, 2)));
        assert!(s.is_empty());
        s.insert((0, 0));
        s.clear();
        assert!(!s.contains(&(0, 0)));
        let c: Set = [(1, 1), (2, 2), (1, 1)].into_iter().collect();
        assert_eq!(c.len(), 2);
        assert!(c.contains(&(2, 2)));
    }

    /// Against a BTreeSet, with keys that collide a lot (few devices,
    /// near inode numbers) and many removals.
    #[test]
    fn behaves_like_btreeset() {
        let mut ours = Set::new();
        let mut model = BTreeSet::new();
        let mut seed = 1u64;
        for _ in 0..20000 {
            seed = crate::num::mmix_step(seed);
            let k = ((seed >> 60) & 3, (seed >> 33) % 700);
            match (seed >> 20) % 3 {
                0 | 1 => assert_eq!(ours.insert(k), model.insert(k)),
                _ => assert_eq!(ours.remove(&k), model.remove(&k)),
            }
            assert_eq!(ours.len(), model.len());
        }
        for dev in 0..4 {
            for ino in 0..700 {
                assert_eq!(ours.contains(&(dev, ino)), model.contains(&(dev, ino)));
            }
        }
    }

    /// The map against a BTreeMap: values move with their keys when a
    /// removal shifts entries back.
    #[test]
    fn map_behaves_like_btreemap() {
        let mut ours = Map::new();
        let mut model = std::collections::BTreeMap::new();
        let mut seed = 7u64;
        for step in 0..20000u32 {
            seed = crate::num::mmix_step(seed);
            let k = ((seed >> 60) & 3, (seed >> 33) % 500);
            if (seed >> 20) % 3 < 2 {
                let v = step.to_le_bytes().to_vec();
                let new = !model.contains_key(&k);
                if new {
                    model.insert(k, v.clone());
                }
                assert_eq!(ours.insert_with(k, v), new);
            } else {
                assert_eq!(ours.remove(&k), model.remove(&k).is_some());
            }
            assert_eq!(ours.len(), model.len());
        }
        for dev in 0..4 {
            for ino in 0..500 {
                assert_eq!(ours.get(&(dev, ino)), model.get(&(dev, ino)));
            }
        }
    }
}
