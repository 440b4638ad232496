//! Byte-string paths handed to rustix through one shared conversion.
//!
//! rustix's `Arg` for `&[u8]` copies the path into a NUL-terminated stack
//! buffer inline at every call and keeps a heap fallback per syscall and
//! return type: 48 copies of about 300 bytes in the whole build. [`P`]
//! does the copying in one function ([`c_str`]), so each call site keeps
//! only the call.

use alloc::borrow::Cow;
use alloc::ffi::CString;
use alloc::string::String;
use alloc::vec::Vec;
use core::ffi::CStr;
use core::mem::MaybeUninit;
use rustix::io;

/// Paths shorter than this go through a stack buffer (rustix's size too).
const SMALL: usize = 256;

/// A path (or xattr name) of arbitrary bytes, as rustix's argument.
#[derive(Clone, Copy)]
pub(crate) struct P<'a>(pub(crate) &'a [u8]);

/// `bytes` NUL-terminated in `small` when short, else in `big`; EINVAL
/// for an interior NUL, as the kernel cannot see past it.
#[inline(never)]
fn c_str<'s>(
    bytes: &[u8],
    small: &'s mut MaybeUninit<[u8; SMALL]>,
    big: &'s mut Vec<u8>,
) -> io::Result<&'s CStr> {
    let small = small.write([0; SMALL]);
    let with_nul: &[u8] = if bytes.len() < SMALL {
        small[..bytes.len()].copy_from_slice(bytes);
        small[bytes.len()] = 0;
        &small[..=bytes.len()]
    } else {
        big.reserve_exact(bytes.len() + 1);
        big.extend_from_slice(bytes);
        big.push(0);
        big
    };
    CStr::from_bytes_with_nul(with_nul).map_err(|_| io::Errno::INVAL)
}

impl rustix::path::Arg for P<'_> {
    fn as_str(&self) -> io::Result<&str> {
        core::str::from_utf8(self.0).map_err(|_| io::Errno::INVAL)
    }

    fn to_string_lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(self.0)
    }

    fn as_cow_c_str(&self) -> io::Result<Cow<'_, CStr>> {
        CString::new(self.0)
            .map(Cow::Owned)
            .map_err(|_| io::Errno::INVAL)
    }

    fn into_c_str<'b>(self) -> io::Result<Cow<'b, CStr>>
    where
        Self: 'b,
    {
        self.as_cow_c_str().map(|c| Cow::Owned(c.into_owned()))
    }

    #[inline]
    fn into_with_c_str<T, F>(self, f: F) -> io::Result<T>
    where
        Self: Sized,
        F: FnOnce(&CStr) -> io::Result<T>,
    {
        let mut small = MaybeUninit::uninit();
        let mut big = Vec::new();
        f(c_str(self.0, &mut small, &mut big)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustix::path::Arg;

    fn through(bytes: &[u8]) -> io::Result<Vec<u8>> {
        P(bytes).into_with_c_str(|c| Ok(c.to_bytes().to_vec()))
    }

    #[test]
    fn short_long_and_interior_nul() {
        assert_eq!(through(b"").unwrap(), b"");
        assert_eq!(through(b"/etc/passwd").unwrap(), b"/etc/passwd");
        for n in [SMALL - 1, SMALL, SMALL + 1, 5000] {
            let long = alloc::vec![b'a'; n];
            assert_eq!(through(&long).unwrap(), long, "length {n}");
        }
        assert_eq!(through(b"a\0b"), Err(io::Errno::INVAL));
        assert_eq!(through(&[b'x'; 300][..]).map(|v| v.len()), Ok(300));
    }

    #[test]
    fn opens_a_file_by_a_long_name() {
        let mut name = b"/".to_vec();
        name.extend_from_slice(&[b'/'; 400]);
        name.extend_from_slice(b"etc/passwd");
        let fd = rustix::fs::open(
            P(&name),
            rustix::fs::OFlags::RDONLY,
            rustix::fs::Mode::empty(),
        );
        assert!(fd.is_ok());
    }
}
