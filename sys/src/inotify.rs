//! Raw inotify(7): an instance, watches, and the events read from it,
//! decoded from the kernel's `struct inotify_event` records (wd, mask,
//! cookie, len, then `len` bytes of NUL-padded name).

use crate::cpath::P;
use crate::errno::{Errno, Result};
use crate::io::{Fd, File};
use rustix::fs::inotify;

pub const IN_MODIFY: u32 = 0x2;
pub const IN_ATTRIB: u32 = 0x4;
pub const IN_MOVED_FROM: u32 = 0x40;
pub const IN_MOVED_TO: u32 = 0x80;
pub const IN_CREATE: u32 = 0x100;
pub const IN_DELETE: u32 = 0x200;
pub const IN_DELETE_SELF: u32 = 0x400;
pub const IN_MOVE_SELF: u32 = 0x800;
pub const IN_Q_OVERFLOW: u32 = 0x4000;
pub const IN_IGNORED: u32 = 0x8000;

/// The fixed part of an event record.
const HEADER: usize = 16;

/// A new inotify instance (close-on-exec).
pub fn init() -> Result<File> {
    inotify::init(inotify::CreateFlags::CLOEXEC)
        .map(File::own)
        .map_err(Errno::from)
}

/// Adds (or updates) a watch of `path` for the events in `mask`; returns
/// its watch descriptor (the same one for every name of one inode).
pub fn add_watch(ino: Fd, path: &[u8], mask: u32) -> Result<i32> {
    inotify::add_watch(
        ino.b(),
        P(path),
        inotify::WatchFlags::from_bits_retain(mask),
    )
    .map_err(Errno::from)
}

/// Removes a watch; errors (a watch already gone) do not matter.
pub fn rm_watch(ino: Fd, wd: i32) {
    inotify::remove_watch(ino.b(), wd).ok();
}

/// One event: the watch, what happened, and the name inside a watched
/// directory (empty for events on the watched object itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event<'a> {
    pub wd: i32,
    pub mask: u32,
    pub cookie: u32,
    pub name: &'a [u8],
}

/// The events in `buf[..len]` as read(2) from an inotify descriptor
/// returned them; a truncated record ends the walk.
pub struct Events<'a> {
    buf: &'a [u8],
}

impl<'a> Events<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Events { buf }
    }
}

fn word(b: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&b[at..at + 4]);
    u32::from_ne_bytes(w)
}

impl<'a> Iterator for Events<'a> {
    type Item = Event<'a>;
    fn next(&mut self) -> Option<Event<'a>> {
        if self.buf.len() < HEADER {
            return None;
        }
        let b = self.buf;
        let len = word(b, 12) as usize;
        let end = HEADER.checked_add(len).filter(|&e| e <= b.len())?;
        let raw = &b[HEADER..end];
        let name = &raw[..raw.iter().position(|&c| c == 0).unwrap_or(raw.len())];
        self.buf = &b[end..];
        Some(Event {
            wd: word(b, 0) as i32,
            mask: word(b, 4),
            cookie: word(b, 8),
            name,
        })
    }
}

/// Room for one event with the longest file name (NAME_MAX 255).
pub const EVENT_MAX: usize = HEADER + 256;

#[cfg(test)]
mod tests {
    use super::*;

    fn record(wd: i32, mask: u32, name: &[u8], pad: usize) -> Vec<u8> {
        let mut v = Vec::new();
        v.extend_from_slice(&wd.to_ne_bytes());
        v.extend_from_slice(&mask.to_ne_bytes());
        v.extend_from_slice(&0u32.to_ne_bytes());
        v.extend_from_slice(&((name.len() + pad) as u32).to_ne_bytes());
        v.extend_from_slice(name);
        v.extend(std::iter::repeat_n(0, pad));
        v
    }

    #[test]
    fn decodes_records() {
        let mut b = record(1, IN_MODIFY, b"", 0);
        b.extend(record(2, IN_CREATE, b"log", 13));
        b.extend(&[1, 2, 3]);
        let ev: Vec<Event> = Events::new(&b).collect();
        assert_eq!(ev.len(), 2);
        assert_eq!((ev[0].wd, ev[0].mask, ev[0].name), (1, IN_MODIFY, &b""[..]));
        assert_eq!(
            (ev[1].wd, ev[1].mask, ev[1].name),
            (2, IN_CREATE, &b"log"[..])
        );
    }

    #[test]
    fn watches_a_file() {
        let dir = std::env::temp_dir().join(format!("corebox-inotify-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("x");
        std::fs::write(&f, b"a").unwrap();
        let ino = init().unwrap();
        use std::os::unix::ffi::OsStrExt;
        let wd = add_watch(ino.fd(), f.as_os_str().as_bytes(), IN_MODIFY).unwrap();
        std::fs::write(&f, b"b").unwrap();
        let mut buf = [0u8; 4096];
        let n = ino.fd().read(&mut buf).unwrap();
        let ev = Events::new(&buf[..n]).next().unwrap();
        assert_eq!(ev.wd, wd);
        assert_ne!(ev.mask & IN_MODIFY, 0);
        rm_watch(ino.fd(), wd);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
