//! Time zones for the programs that show or read local time (date,
//! touch, and later ls, stat, pr ...): `logic::tz` over files read here.

use alloc::vec::Vec;
use logic::tz::Tz;

fn read(path: &[u8]) -> Option<Vec<u8>> {
    sys::system::read_file(path).ok()
}

/// The zone a TZ value names (None: TZ unset, /etc/localtime), with
/// TZDIR as glibc reads it.
pub fn zone(tz: Option<&[u8]>) -> Tz {
    Tz::load(tz, sys::env::var(b"TZDIR"), &mut read)
}
