//! GNU's yesno(): the answer to a prompt, one line of standard input.

/// Reads one line of standard input (byte by byte, so that the next
/// prompt gets the next line) and says whether it is affirmative (rpmatch
/// in the C locale: it starts with `y` or `Y`). End of input is no.
#[cfg_attr(corebox_opt, optimize(size))]
pub fn yesno() -> bool {
    let mut first = None;
    let mut b = [0u8; 1];
    while let Ok(1) = sys::io::Fd::STDIN.read(&mut b) {
        if b[0] == b'\n' {
            break;
        }
        first.get_or_insert(b[0]);
    }
    matches!(first, Some(b'y' | b'Y'))
}
