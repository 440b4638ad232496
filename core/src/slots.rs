//! An open-addressing hash table (linear probing) of item numbers, for
//! sets whose items live in a vector of their own: strset's strings, the
//! regex DFA's states. The caller hashes and compares its items.

use alloc::vec;
use alloc::vec::Vec;

#[derive(Default, Debug)]
pub struct Slots {
    /// A power of two long (or empty), at most half full: an item's
    /// number plus one, 0 where free.
    slots: Vec<u32>,
    len: usize,
}

impl Slots {
    pub const fn new() -> Slots {
        Slots {
            slots: Vec::new(),
            len: 0,
        }
    }

    /// The item of hash `hash` that `eq` accepts.
    pub fn find(&self, hash: u64, mut eq: impl FnMut(usize) -> bool) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i] != 0 {
            if eq(self.slots[i] as usize - 1) {
                return Some(self.slots[i] as usize - 1);
            }
            i = (i + 1) & mask;
        }
        None
    }

    /// Adds item `n` (not in the table yet); `hash_of` hashes any item.
    pub fn insert(&mut self, n: usize, hash_of: impl Fn(usize) -> u64) {
        if 2 * (self.len + 1) > self.slots.len() {
            let size = (2 * self.slots.len()).max(16);
            let old = core::mem::replace(&mut self.slots, vec![0; size]);
            for v in old.into_iter().filter(|&v| v != 0) {
                self.place(v, hash_of(v as usize - 1));
            }
        }
        self.place(n as u32 + 1, hash_of(n));
        self.len += 1;
    }

    fn place(&mut self, v: u32, hash: u64) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = v;
    }
}
