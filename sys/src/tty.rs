//! Terminal attributes and window size by ioctl (TCGETS/TCSETS*,
//! TIOCGWINSZ/TIOCSWINSZ): the kernel's `struct termios`, whose layout is
//! the same on the five triples (asm-generic: four flag words, the line
//! discipline and 19 control characters).

use crate::errno::{Errno, Result};
use crate::io::Fd;
use rustix::ioctl::{ioctl, Getter, Setter};

/// Number of control characters in the kernel's termios.
pub const NCCS: usize = 19;

/// The kernel's `struct termios`.
#[repr(C)]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Termios {
    pub iflag: u32,
    pub oflag: u32,
    pub cflag: u32,
    pub lflag: u32,
    pub line: u8,
    pub cc: [u8; NCCS],
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
struct Winsize {
    row: u16,
    col: u16,
    xpixel: u16,
    ypixel: u16,
}

const TCGETS: rustix::ioctl::Opcode = 0x5401;
const TCSETS: rustix::ioctl::Opcode = 0x5402;
const TCSETSW: rustix::ioctl::Opcode = 0x5403;
const TIOCGWINSZ: rustix::ioctl::Opcode = 0x5413;
const TIOCSWINSZ: rustix::ioctl::Opcode = 0x5414;

/// tcgetattr.
pub fn get(fd: Fd) -> Result<Termios> {
    // SAFETY: TCGETS fills exactly a kernel termios, which Termios mirrors.
    unsafe { ioctl(fd.b(), Getter::<TCGETS, Termios>::new()) }.map_err(Errno::from)
}

/// tcsetattr, after output drains (TCSADRAIN) or at once.
pub fn set(fd: Fd, t: &Termios, drain: bool) -> Result<()> {
    // SAFETY: the kernel reads one termios from the pointer Setter passes.
    let r = unsafe {
        if drain {
            ioctl(fd.b(), Setter::<TCSETSW, Termios>::new(*t))
        } else {
            ioctl(fd.b(), Setter::<TCSETS, Termios>::new(*t))
        }
    };
    r.map_err(Errno::from)
}

/// The window size: (rows, columns).
pub fn window_size(fd: Fd) -> Result<(u16, u16)> {
    // SAFETY: TIOCGWINSZ fills exactly a struct winsize.
    let w = unsafe { ioctl(fd.b(), Getter::<TIOCGWINSZ, Winsize>::new()) }.map_err(Errno::from)?;
    Ok((w.row, w.col))
}

/// Sets the rows and/or columns, keeping the rest of the window size
/// (all zero when the device has none yet: EINVAL).
pub fn set_window_size(fd: Fd, rows: Option<u16>, cols: Option<u16>) -> Result<()> {
    // SAFETY: as in window_size.
    let mut w = match unsafe { ioctl(fd.b(), Getter::<TIOCGWINSZ, Winsize>::new()) } {
        Ok(w) => w,
        Err(rustix::io::Errno::INVAL) => Winsize::default(),
        Err(e) => return Err(Errno::from(e)),
    };
    if let Some(r) = rows {
        w.row = r;
    }
    if let Some(c) = cols {
        w.col = c;
    }
    // SAFETY: the kernel reads one struct winsize from the pointer.
    unsafe { ioctl(fd.b(), Setter::<TIOCSWINSZ, Winsize>::new(w)) }.map_err(Errno::from)
}
