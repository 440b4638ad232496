//! The POSIX `cksum` CRC (polynomial 0x04C11DB7, most significant bit
//! first, the length appended) with slice-by-8 tables, and the BSD and
//! System V `sum` checksums.

/// The slice-by-8 tables of the POSIX CRC, built at run time (8 KiB the
/// binary does not carry).
pub struct Crc {
    t: alloc::boxed::Box<[[u32; 256]; 8]>,
}

impl Default for Crc {
    fn default() -> Self {
        Self::new()
    }
}

impl Crc {
    pub fn new() -> Crc {
        let mut t = alloc::boxed::Box::new([[0u32; 256]; 8]);
        for i in 0..256 {
            let mut c = (i as u32) << 24;
            for _ in 0..8 {
                c = if c & 0x8000_0000 != 0 {
                    (c << 1) ^ 0x04c1_1db7
                } else {
                    c << 1
                };
            }
            t[0][i] = c;
        }
        for s in 1..8 {
            for i in 0..256 {
                let p = t[s - 1][i];
                t[s][i] = (p << 8) ^ t[0][(p >> 24) as usize];
            }
        }
        Crc { t }
    }

    /// Feeds `data` into the running (not yet finalized) CRC `crc`.
    #[cfg_attr(corebox_opt, optimize(speed))]
    pub fn update(&self, mut crc: u32, data: &[u8]) -> u32 {
        let t = &*self.t;
        let mut chunks = data.chunks_exact(8);
        for c in chunks.by_ref() {
            let a = crc ^ u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
            crc = t[7][(a >> 24) as usize]
                ^ t[6][(a >> 16) as usize & 255]
                ^ t[5][(a >> 8) as usize & 255]
                ^ t[4][a as usize & 255]
                ^ t[3][c[4] as usize]
                ^ t[2][c[5] as usize]
                ^ t[1][c[6] as usize]
                ^ t[0][c[7] as usize];
        }
        for &b in chunks.remainder() {
            crc = (crc << 8) ^ t[0][((crc >> 24) as u8 ^ b) as usize];
        }
        crc
    }

    /// The final `cksum` value of a stream of `len` bytes whose running CRC is `crc`.
    pub fn finish(&self, mut crc: u32, mut len: u64) -> u32 {
        while len > 0 {
            crc = (crc << 8) ^ self.t[0][((crc >> 24) as u8 ^ len as u8) as usize];
            len >>= 8;
        }
        !crc
    }
}

/// The BSD `sum` checksum: a 16-bit rotating sum.
pub fn bsd_update(mut sum: u16, data: &[u8]) -> u16 {
    for &b in data {
        sum = sum.rotate_right(1).wrapping_add(b as u16);
    }
    sum
}

/// The running System V `sum`: the byte sum modulo 2^32, as GNU keeps it.
pub fn sysv_update(sum: u32, data: &[u8]) -> u32 {
    // Blocks whose byte sum fits a u32 lane: the compiler vectorizes them.
    data.chunks(1 << 16).fold(sum, |s, c| {
        s.wrapping_add(c.iter().map(|&b| b as u32).sum::<u32>())
    })
}

/// The final System V checksum of a running byte sum.
pub fn sysv_finish(s: u32) -> u16 {
    let r = (s & 0xffff) + (s >> 16);
    ((r & 0xffff) + (r >> 16)) as u16
}
