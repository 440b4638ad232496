//! Message digests for the `*sum` family and `cksum -a`: MD5, SHA-1,
//! SHA-224/256/384/512 and BLAKE2b behind one streaming [`Hasher`], the
//! POSIX CRC and the `sum` checksums. The block functions here are the
//! portable ones; `sys` hands in CPU-accelerated ones through [`Kernels`].

pub mod blake2b;
pub mod check;
pub mod crc;
pub mod md5;
pub mod sha1;
pub mod sha256;
pub mod sha512;
pub mod sm3;

/// The digest algorithms of the `*sum` programs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Algo {
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
    Blake2b,
    Sm3,
}

impl Algo {
    /// The name in BSD-style (`--tag`) lines.
    pub fn tag(self) -> &'static [u8] {
        match self {
            Algo::Md5 => b"MD5",
            Algo::Sha1 => b"SHA1",
            Algo::Sha224 => b"SHA224",
            Algo::Sha256 => b"SHA256",
            Algo::Sha384 => b"SHA384",
            Algo::Sha512 => b"SHA512",
            Algo::Blake2b => b"BLAKE2b",
            Algo::Sm3 => b"SM3",
        }
    }

    /// The full digest size in bits.
    pub fn bits(self) -> usize {
        match self {
            Algo::Md5 => 128,
            Algo::Sha1 => 160,
            Algo::Sha224 => 224,
            Algo::Sha256 | Algo::Sm3 => 256,
            Algo::Sha384 => 384,
            Algo::Sha512 | Algo::Blake2b => 512,
        }
    }

    fn block(self) -> usize {
        match self {
            Algo::Sha384 | Algo::Sha512 | Algo::Blake2b => 128,
            _ => 64,
        }
    }
}

/// A block function over whole 64-byte blocks.
pub type Compress32 = fn(&mut [u32; 8], &[u8]);

/// A block function over whole 128-byte blocks.
pub type Compress64 = fn(&mut [u64; 8], &[u8]);

/// The block functions to use: the portable ones, or faster ones for the CPU.
#[derive(Clone, Copy)]
pub struct Kernels {
    pub sha1: Compress32,
    pub sha256: Compress32,
    pub sha512: Compress64,
    pub blake2b: blake2b::Compress,
}

impl Kernels {
    pub const PORTABLE: Kernels = Kernels {
        sha1: sha1::compress,
        sha256: sha256::compress,
        sha512: sha512::compress,
        blake2b: blake2b::compress,
    };
}

/// A streaming digest computation.
pub struct Hasher {
    algo: Algo,
    /// The digest length in bytes (BLAKE2b may be shorter than the full one).
    out: usize,
    h32: [u32; 8],
    h64: [u64; 8],
    buf: [u8; 128],
    used: usize,
    /// Bytes fed so far.
    total: u128,
    /// Bytes compressed so far (BLAKE2b's counter).
    done: u128,
    c32: Compress32,
    c64: Compress64,
    b2: blake2b::Compress,
}

impl Hasher {
    /// A hasher for `algo`; `bits` is the BLAKE2b digest length (a multiple
    /// of 8 up to 512, checked by the caller), ignored otherwise.
    pub fn new(algo: Algo, bits: usize, k: &Kernels) -> Hasher {
        let out = if algo == Algo::Blake2b && bits > 0 && bits <= 512 {
            bits / 8
        } else {
            algo.bits() / 8
        };
        let mut h64 = match algo {
            Algo::Sha384 => sha512::INIT384,
            Algo::Sha512 => sha512::INIT512,
            _ => blake2b::IV,
        };
        if algo == Algo::Blake2b {
            h64[0] ^= 0x0101_0000 ^ out as u64;
        }
        let (h32, c32) = match algo {
            Algo::Md5 => (md5::INIT, md5::compress as Compress32),
            Algo::Sha1 => (sha1::INIT, k.sha1),
            Algo::Sha224 => (sha256::INIT224, k.sha256),
            Algo::Sm3 => (sm3::INIT, sm3::compress as Compress32),
            _ => (sha256::INIT256, k.sha256),
        };
        Hasher {
            algo,
            out,
            h32,
            h64,
            buf: [0; 128],
            used: 0,
            total: 0,
            done: 0,
            c32,
            c64: k.sha512,
            b2: k.blake2b,
        }
    }

    /// The digest length in bytes.
    pub fn len(&self) -> usize {
        self.out
    }

    pub fn is_empty(&self) -> bool {
        self.out == 0
    }

    fn blocks(&mut self, data: &[u8]) {
        match self.algo {
            Algo::Sha384 | Algo::Sha512 => (self.c64)(&mut self.h64, data),
            Algo::Blake2b => {
                // Only called with blocks known not to be the last.
                (self.b2)(&mut self.h64, data, self.done + 128, false);
                self.done += data.len() as u128;
            }
            _ => (self.c32)(&mut self.h32, data),
        }
    }

    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn update(&mut self, mut data: &[u8]) {
        let bs = self.algo.block();
        // BLAKE2b compresses the final block differently, so a full block
        // is kept until more input shows it is not the last.
        let keep = (self.algo == Algo::Blake2b) as usize;
        self.total += data.len() as u128;
        if self.used > 0 {
            let take = (bs - self.used).min(data.len());
            self.buf[self.used..self.used + take].copy_from_slice(&data[..take]);
            self.used += take;
            data = &data[take..];
            if self.used < bs || (keep == 1 && data.is_empty()) {
                return;
            }
            let block = self.buf;
            self.used = 0;
            self.blocks(&block[..bs]);
        }
        let whole = if data.is_empty() {
            0
        } else {
            (data.len() - keep) / bs * bs
        };
        if whole > 0 {
            self.blocks(&data[..whole]);
        }
        let rest = &data[whole..];
        self.buf[..rest.len()].copy_from_slice(rest);
        self.used = rest.len();
    }

    /// The digest of everything fed, written to `out` (at least 64 bytes);
    /// returns its length.
    pub fn finish(mut self, out: &mut [u8; 64]) -> usize {
        let n = self.out;
        let used = self.used;
        match self.algo {
            Algo::Blake2b => {
                self.buf[used..].fill(0);
                let block = self.buf;
                (self.b2)(&mut self.h64, &block, self.total, true);
                for (o, h) in out.chunks_exact_mut(8).zip(self.h64) {
                    o.copy_from_slice(&h.to_le_bytes());
                }
            }
            Algo::Sha384 | Algo::Sha512 => {
                let bits = self.total.wrapping_mul(8);
                self.pad(128, 16, &bits.to_be_bytes());
                for (o, h) in out.chunks_exact_mut(8).zip(self.h64) {
                    o.copy_from_slice(&h.to_be_bytes());
                }
            }
            _ => {
                let bits = (self.total as u64).wrapping_mul(8);
                let md5 = self.algo == Algo::Md5;
                let len = if md5 {
                    bits.to_le_bytes()
                } else {
                    bits.to_be_bytes()
                };
                self.pad(64, 8, &len);
                for (o, h) in out.chunks_exact_mut(4).zip(self.h32) {
                    o.copy_from_slice(&if md5 {
                        h.to_le_bytes()
                    } else {
                        h.to_be_bytes()
                    });
                }
            }
        }
        n
    }

    /// Merkle-Damgard padding: 0x80, zeros, the length field.
    fn pad(&mut self, bs: usize, lenbytes: usize, len: &[u8]) {
        let mut tail = [0u8; 256];
        let used = self.used;
        tail[..used].copy_from_slice(&self.buf[..used]);
        tail[used] = 0x80;
        let end = if used + 1 + lenbytes <= bs {
            bs
        } else {
            2 * bs
        };
        tail[end - lenbytes..end].copy_from_slice(len);
        self.blocks(&tail[..end]);
    }
}

/// Appends the lowercase hex form of `bytes` to `out`.
pub fn push_hex(out: &mut alloc::vec::Vec<u8>, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for &b in bytes {
        out.push(HEX[(b >> 4) as usize]);
        out.push(HEX[(b & 15) as usize]);
    }
}

#[cfg(test)]
mod tests;
