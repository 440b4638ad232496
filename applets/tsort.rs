// corebox applet
// name: tsort
// usage: [OPTION] [FILE]
// help:
// Write totally ordered list consistent with the partial ordering in FILE.
//
// With no FILE, or when FILE is -, read standard input.
//
//       --help        display this help and exit
//       --version     output version information and exit

//! GNU tsort.c: Knuth's Algorithm T over the pairs of tokens of the input
//! (blanks, tabs and newlines separate them; a token ends at a NUL, as C
//! strings do). GNU keeps the strings in a balanced tree and walks it in
//! order, so every scan (for items with no predecessors, and for a loop)
//! goes in byte order: here a sorted index does that. Successor lists are
//! walked newest first, as GNU's prepended lists are, so the output and
//! the loops reported are GNU's. A read error ends the input as GNU's
//! getc loop does.

use super::SPEC;
use crate::shared::diag::{die, quotef};
use alloc::vec::Vec;
use sys::fs::Input;
use sys::io::{error, out};

struct Item {
    name: Vec<u8>,
    printed: bool,
    /// Predecessors not yet output.
    count: usize,
    /// The queue of items to output, and the trail of a loop.
    qlink: Option<usize>,
    /// Successors, oldest first (GNU walks its list newest first).
    top: Vec<usize>,
}

struct Graph {
    items: Vec<Item>,
    /// The items in byte order of their names (GNU's tree walk).
    order: Vec<usize>,
    head: Option<usize>,
    zeros: Option<usize>,
    loop_at: Option<usize>,
}

/// The items of the input, each token as the index of its item in order
/// of appearance (a NUL ends a token's name, as C strings do).
#[derive(Default)]
struct Tokens {
    names: logic::strset::Set,
    seq: Vec<usize>,
}

impl Tokens {
    fn push(&mut self, name: &[u8]) {
        let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
        let i = self.names.insert(name);
        self.seq.push(i);
    }
}

/// Reads the whole input (a read error ends it, as GNU's getc loop does).
fn read(file: &[u8]) -> Tokens {
    let input = match Input::open(file) {
        Ok(i) => i,
        Err(e) => die(&[&quotef(file)], Some(e)),
    };
    let mut toks = Tokens::default();
    let mut cur = Vec::new();
    let mut buf = alloc::vec![0u8; 64 * 1024];
    while let Ok(n @ 1..) = input.fd().read(&mut buf) {
        for &b in &buf[..n] {
            if matches!(b, b' ' | b'\t' | b'\n') {
                if !cur.is_empty() {
                    toks.push(&cur);
                    cur.clear();
                }
            } else {
                cur.push(b);
            }
        }
    }
    if !cur.is_empty() {
        toks.push(&cur);
    }
    drop(input);
    if file == b"-" {
        let status = sys::io::finish_stdin(true, b"standard input", true);
        if status != 0 {
            sys::rt::exit(status);
        }
    }
    toks
}

impl Graph {
    fn new(toks: Tokens) -> Graph {
        let mut items: Vec<Item> = (0..toks.names.len())
            .map(|_| Item {
                name: Vec::new(),
                printed: false,
                count: 0,
                qlink: None,
                top: Vec::new(),
            })
            .collect();
        for pair in toks.seq.chunks_exact(2) {
            let (j, k) = (pair[0], pair[1]);
            // record_relation: an item does not precede itself.
            if j != k {
                items[k].count += 1;
                items[j].top.push(k);
            }
        }
        for (item, name) in items.iter_mut().zip(toks.names.into_strings()) {
            item.name = name;
        }
        let mut order: Vec<usize> = (0..items.len()).collect();
        logic::sort::sort_by(&mut order, |&a, &b| items[a].name < items[b].name);
        Graph {
            items,
            order,
            head: None,
            zeros: None,
            loop_at: None,
        }
    }

    /// T4, scan_zeros: the items with no predecessor left join the queue.
    fn scan_zeros(&mut self) {
        for &k in &self.order {
            let it = &self.items[k];
            if it.count == 0 && !it.printed {
                match (self.head, self.zeros) {
                    (Some(_), Some(z)) => self.items[z].qlink = Some(k),
                    _ => self.head = Some(k),
                }
                self.zeros = Some(k);
            }
        }
    }

    /// T5-T7: outputs the queue, releasing the successors of each item.
    fn output_queue(&mut self, left: &mut usize) {
        let o = out();
        while let Some(h) = self.head {
            o.write(&self.items[h].name);
            o.byte(b'\n');
            self.items[h].printed = true;
            *left -= 1;
            for n in (0..self.items[h].top.len()).rev() {
                let s = self.items[h].top[n];
                self.items[s].count -= 1;
                if self.items[s].count == 0 {
                    if let Some(z) = self.zeros {
                        self.items[z].qlink = Some(s);
                    }
                    self.zeros = Some(s);
                }
            }
            self.head = self.items[h].qlink;
        }
    }

    /// detect_loop for item `k`: true when a loop was found, printed and
    /// broken (one of its relations removed).
    fn detect_loop(&mut self, k: usize) -> bool {
        if self.items[k].count == 0 {
            return false;
        }
        let Some(start) = self.loop_at else {
            self.loop_at = Some(k);
            return false;
        };
        // GNU's successor list runs newest first.
        let Some(n) = self.items[k].top.iter().rposition(|&s| s == start) else {
            return false;
        };
        if self.items[k].qlink.is_none() {
            self.items[k].qlink = Some(start);
            self.loop_at = Some(k);
            return false;
        }
        // A loop: retrace the steps, printing them, until K again.
        let mut cur = self.loop_at;
        while let Some(l) = cur {
            let next = self.items[l].qlink;
            error(&[&self.items[l].name], None);
            if l == k {
                let s = self.items[k].top.remove(n);
                self.items[s].count -= 1;
                break;
            }
            self.items[l].qlink = None;
            cur = next;
        }
        while let Some(l) = cur {
            cur = self.items[l].qlink;
            self.items[l].qlink = None;
        }
        self.loop_at = None;
        true
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let ops = crate::shared::cli::parse(&SPEC, &args[1..]).operands();
    if let Some(x) = ops.get(1) {
        crate::shared::cli::extra_operand(&SPEC, x);
    }
    let file = ops.first().copied().unwrap_or(b"-");
    let toks = read(file);
    if toks.seq.len() % 2 == 1 {
        die(
            &[&quotef(file), b": input contains an odd number of tokens"],
            None,
        );
    }
    let mut g = Graph::new(toks);
    let mut left = g.items.len();
    let mut ok = true;
    while left > 0 {
        g.scan_zeros();
        g.output_queue(&mut left);
        if left > 0 {
            error(&[&quotef(file), b": input contains a loop:"], None);
            ok = false;
            loop {
                let order = core::mem::take(&mut g.order);
                for &k in &order {
                    if g.detect_loop(k) {
                        break;
                    }
                }
                g.order = order;
                if g.loop_at.is_none() {
                    break;
                }
            }
        }
    }
    i32::from(!ok)
}
