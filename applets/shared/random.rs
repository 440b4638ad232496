//! gnulib's randread and randint: random bytes from a file read in order
//! (`--random-source`) or from the kernel, and uniform numbers drawn from
//! them spending the bytes as gnulib does, so that a given source gives
//! GNU's choices (shred's passes, shuf's permutations).

use super::diag::{die, quote, quotef};
use alloc::vec::Vec;
use sys::io::File;

/// gnulib randread: bytes from a file in order, or from the kernel.
pub struct Random {
    file: Option<(File, Vec<u8>)>,
    buf: Vec<u8>,
    at: usize,
    /// gnulib randint's leftover randomness.
    randnum: u64,
    randmax: u64,
    /// xoshiro256++ state for numbers without a source file, seeded from
    /// the kernel on first use (all zero until then).
    fast: [u64; 4],
}

impl Random {
    /// randint_all_new: the bytes of `source` in order, or (None) the
    /// kernel's; dies with GNU's message when the file cannot be opened.
    pub fn open(source: Option<&[u8]>) -> Random {
        let mut r = Random {
            file: None,
            buf: Vec::new(),
            at: 0,
            randnum: 0,
            randmax: 0,
            fast: [0; 4],
        };
        if let Some(name) = source {
            match sys::fs::open_flags(name, sys::fs::oflag::RDONLY, 0) {
                Ok(f) => r.file = Some((f, name.to_vec())),
                Err(e) => die(&[&quotef(name)], Some(e)),
            }
        }
        r
    }

    pub fn read(&mut self, out: &mut [u8]) {
        let mut done = 0;
        while done < out.len() {
            if self.at == self.buf.len() {
                // The kernel's bytes come 4 KiB at a time too: a system
                // call per number would cost more than the rest.
                logic::fill::grow(&mut self.buf, 4096, 0);
                match &self.file {
                    None => {
                        if let Err(e) = sys::system::random_bytes(&mut self.buf) {
                            die(&[&quote(b"getrandom"), b": read error"], Some(e));
                        }
                    }
                    Some((f, name)) => match f.fd().read(&mut self.buf) {
                        Ok(0) => die(&[&quote(name), b": end of file"], None),
                        Ok(n) => self.buf.truncate(n),
                        Err(e) => die(&[&quote(name), b": read error"], Some(e)),
                    },
                }
                self.at = 0;
            }
            let n = (out.len() - done).min(self.buf.len() - self.at);
            out[done..done + n].copy_from_slice(&self.buf[self.at..self.at + n]);
            done += n;
            self.at += n;
        }
    }

    /// randint_genmax: a uniform number in 0..=genmax, using as few
    /// source bytes as gnulib does when they come from a file. Without
    /// one, the numbers come from a generator seeded by the kernel (GNU
    /// seeds ISAAC so): kernel bytes through gnulib's divisions cost more
    /// than a whole shuffle's memory traffic.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn genmax(&mut self, genmax: u64) -> u64 {
        if self.file.is_none() {
            return self.fast_genmax(genmax);
        }
        let shift = |x: u64| if u64::MAX >> 8 < x { 0 } else { x << 8 };
        let (mut randnum, mut randmax) = (self.randnum, self.randmax);
        let choices = genmax.wrapping_add(1);
        loop {
            if randmax < genmax {
                let mut i = 0;
                let mut rmax = randmax;
                loop {
                    rmax = shift(rmax) + 255;
                    i += 1;
                    if rmax >= genmax {
                        break;
                    }
                }
                let mut buf = [0u8; 8];
                self.read(&mut buf[..i]);
                let mut j = 0;
                loop {
                    randnum = shift(randnum) + buf[j] as u64;
                    randmax = shift(randmax) + 255;
                    j += 1;
                    if randmax >= genmax {
                        break;
                    }
                }
            }
            if randmax == genmax {
                (self.randnum, self.randmax) = (0, 0);
                return randnum;
            }
            let excess = randmax - genmax;
            let unusable = excess % choices;
            let last_usable = randmax - unusable;
            let reduced = randnum % choices;
            if randnum <= last_usable {
                self.randnum = randnum / choices;
                self.randmax = excess / choices;
                return reduced;
            }
            randnum = reduced;
            randmax = unusable - 1;
        }
    }

    /// xoshiro256++ (Blackman and Vigna).
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn next_u64(&mut self) -> u64 {
        let s = &mut self.fast;
        if *s == [0; 4] {
            let mut seed = [0u8; 32];
            if let Err(e) = sys::system::random_bytes(&mut seed) {
                die(&[&quote(b"getrandom"), b": read error"], Some(e));
            }
            for (w, b) in s.iter_mut().zip(seed.chunks(8)) {
                *w = u64::from_le_bytes(b.try_into().unwrap_or_default());
            }
            s[0] |= 1;
        }
        let r = (s[0].wrapping_add(s[3])).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        r
    }

    /// A uniform number in 0..=genmax by Lemire's multiply-and-reject,
    /// which divides only in the rare rejection.
    #[cfg_attr(corebox_opt, optimize(speed))]
    fn fast_genmax(&mut self, genmax: u64) -> u64 {
        let range = genmax.wrapping_add(1);
        if range == 0 {
            return self.next_u64();
        }
        let mut m = self.next_u64() as u128 * range as u128;
        if (m as u64) < range {
            let floor = range.wrapping_neg() % range;
            while (m as u64) < floor {
                m = self.next_u64() as u128 * range as u128;
            }
        }
        (m >> 64) as u64
    }

    pub fn choose(&mut self, n: usize) -> usize {
        self.genmax(n as u64 - 1) as usize
    }
}
