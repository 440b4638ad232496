//! Which Unicode code points glibc's C.UTF-8 calls printable (iswprint):
//! everything but controls, surrogates, unassigned-as-noncharacters and the
//! few format characters; a close approximation kept small on purpose.

/// Printable as glibc's `iswprint` sees it under a UTF-8 locale.
pub fn printable(cp: u32) -> bool {
    !matches!(cp, 0..=0x1f | 0x7f..=0x9f | 0x2028 | 0x2029 | 0xfffe | 0xffff | 0xe0000..=0xe007f)
        && cp & 0xfffe != 0xfffe
}
