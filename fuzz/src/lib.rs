//! What the fuzz targets share: cutting one fuzzer input into the several
//! strings a parser takes.

/// Splits `data` at NUL bytes into at most `n` parts (the last keeps the
/// rest, NULs included).
pub fn parts(data: &[u8], n: usize) -> Vec<&[u8]> {
    data.splitn(n, |&b| b == 0).collect()
}

/// The first byte as a small selector and the rest.
pub fn selector(data: &[u8]) -> (u8, &[u8]) {
    match data.split_first() {
        Some((&b, rest)) => (b, rest),
        None => (0, data),
    }
}
