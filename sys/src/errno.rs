//! errno values and their messages, worded as glibc's `strerror` words them
//! (GNU tools print these: `No such file or directory`).

use alloc::vec::Vec;

/// An error number returned by a system call.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Errno(pub i32);

impl Errno {
    pub const PERM: Errno = Errno(1);
    pub const NOENT: Errno = Errno(2);
    pub const INTR: Errno = Errno(4);
    pub const IO: Errno = Errno(5);
    pub const NXIO: Errno = Errno(6);
    pub const BADF: Errno = Errno(9);
    pub const AGAIN: Errno = Errno(11);
    pub const NOMEM: Errno = Errno(12);
    pub const ACCES: Errno = Errno(13);
    pub const EXIST: Errno = Errno(17);
    pub const XDEV: Errno = Errno(18);
    pub const NOTDIR: Errno = Errno(20);
    pub const BUSY: Errno = Errno(16);
    pub const ISDIR: Errno = Errno(21);
    pub const INVAL: Errno = Errno(22);
    pub const MFILE: Errno = Errno(24);
    pub const NOTTY: Errno = Errno(25);
    pub const TXTBSY: Errno = Errno(26);
    pub const NOSPC: Errno = Errno(28);
    pub const SPIPE: Errno = Errno(29);
    pub const ROFS: Errno = Errno(30);
    pub const MLINK: Errno = Errno(31);
    pub const PIPE: Errno = Errno(32);
    pub const RANGE: Errno = Errno(34);
    pub const NAMETOOLONG: Errno = Errno(36);
    pub const NOSYS: Errno = Errno(38);
    pub const NOTEMPTY: Errno = Errno(39);
    pub const LOOP: Errno = Errno(40);
    pub const NODATA: Errno = Errno(61);
    pub const OVERFLOW: Errno = Errno(75);
    pub const ILSEQ: Errno = Errno(84);
    pub const OPNOTSUPP: Errno = Errno(95);
    pub const DQUOT: Errno = Errno(122);

    /// glibc's message for this error number.
    /// Appends the message; false (nothing appended) for a number
    /// glibc has no message for.
    pub fn push_message(self, out: &mut Vec<u8>) -> bool {
        message(self.0, out)
    }
}

impl From<rustix::io::Errno> for Errno {
    fn from(e: rustix::io::Errno) -> Self {
        Errno(e.raw_os_error())
    }
}

/// The result type of every fallible call in this crate.
pub type Result<T> = core::result::Result<T, Errno>;

/// glibc's messages, message `n` after the `n`-th 0 byte (an empty one
/// is unknown): one string, no table of pointers. Only its packed form
/// ([`PACKED`]) is in the binary.
const MESSAGES: &str = concat!(
    "\0",
    "Operation not permitted\0",                           // 1 EPERM
    "No such file or directory\0",                         // 2 ENOENT
    "No such process\0",                                   // 3 ESRCH
    "Interrupted system call\0",                           // 4 EINTR
    "Input/output error\0",                                // 5 EIO
    "No such device or address\0",                         // 6 ENXIO
    "Argument list too long\0",                            // 7 E2BIG
    "Exec format error\0",                                 // 8 ENOEXEC
    "Bad file descriptor\0",                               // 9 EBADF
    "No child processes\0",                                // 10 ECHILD
    "Resource temporarily unavailable\0",                  // 11 EAGAIN
    "Cannot allocate memory\0",                            // 12 ENOMEM
    "Permission denied\0",                                 // 13 EACCES
    "Bad address\0",                                       // 14 EFAULT
    "Block device required\0",                             // 15 ENOTBLK
    "Device or resource busy\0",                           // 16 EBUSY
    "File exists\0",                                       // 17 EEXIST
    "Invalid cross-device link\0",                         // 18 EXDEV
    "No such device\0",                                    // 19 ENODEV
    "Not a directory\0",                                   // 20 ENOTDIR
    "Is a directory\0",                                    // 21 EISDIR
    "Invalid argument\0",                                  // 22 EINVAL
    "Too many open files in system\0",                     // 23 ENFILE
    "Too many open files\0",                               // 24 EMFILE
    "Inappropriate ioctl for device\0",                    // 25 ENOTTY
    "Text file busy\0",                                    // 26 ETXTBSY
    "File too large\0",                                    // 27 EFBIG
    "No space left on device\0",                           // 28 ENOSPC
    "Illegal seek\0",                                      // 29 ESPIPE
    "Read-only file system\0",                             // 30 EROFS
    "Too many links\0",                                    // 31 EMLINK
    "Broken pipe\0",                                       // 32 EPIPE
    "Numerical argument out of domain\0",                  // 33 EDOM
    "Numerical result out of range\0",                     // 34 ERANGE
    "Resource deadlock avoided\0",                         // 35 EDEADLOCK
    "File name too long\0",                                // 36 ENAMETOOLONG
    "No locks available\0",                                // 37 ENOLCK
    "Function not implemented\0",                          // 38 ENOSYS
    "Directory not empty\0",                               // 39 ENOTEMPTY
    "Too many levels of symbolic links\0",                 // 40 ELOOP
    "Unknown error 41\0",                                  // 41
    "No message of desired type\0",                        // 42 ENOMSG
    "Identifier removed\0",                                // 43 EIDRM
    "Channel number out of range\0",                       // 44 ECHRNG
    "Level 2 not synchronized\0",                          // 45 EL2NSYNC
    "Level 3 halted\0",                                    // 46 EL3HLT
    "Level 3 reset\0",                                     // 47 EL3RST
    "Link number out of range\0",                          // 48 ELNRNG
    "Protocol driver not attached\0",                      // 49 EUNATCH
    "No CSI structure available\0",                        // 50 ENOCSI
    "Level 2 halted\0",                                    // 51 EL2HLT
    "Invalid exchange\0",                                  // 52 EBADE
    "Invalid request descriptor\0",                        // 53 EBADR
    "Exchange full\0",                                     // 54 EXFULL
    "No anode\0",                                          // 55 ENOANO
    "Invalid request code\0",                              // 56 EBADRQC
    "Invalid slot\0",                                      // 57 EBADSLT
    "Unknown error 58\0",                                  // 58
    "Bad font file format\0",                              // 59 EBFONT
    "Device not a stream\0",                               // 60 ENOSTR
    "No data available\0",                                 // 61 ENODATA
    "Timer expired\0",                                     // 62 ETIME
    "Out of streams resources\0",                          // 63 ENOSR
    "Machine is not on the network\0",                     // 64 ENONET
    "Package not installed\0",                             // 65 ENOPKG
    "Object is remote\0",                                  // 66 EREMOTE
    "Link has been severed\0",                             // 67 ENOLINK
    "Advertise error\0",                                   // 68 EADV
    "Srmount error\0",                                     // 69 ESRMNT
    "Communication error on send\0",                       // 70 ECOMM
    "Protocol error\0",                                    // 71 EPROTO
    "Multihop attempted\0",                                // 72 EMULTIHOP
    "RFS specific error\0",                                // 73 EDOTDOT
    "Bad message\0",                                       // 74 EBADMSG
    "Value too large for defined data type\0",             // 75 EOVERFLOW
    "Name not unique on network\0",                        // 76 ENOTUNIQ
    "File descriptor in bad state\0",                      // 77 EBADFD
    "Remote address changed\0",                            // 78 EREMCHG
    "Can not access a needed shared library\0",            // 79 ELIBACC
    "Accessing a corrupted shared library\0",              // 80 ELIBBAD
    ".lib section in a.out corrupted\0",                   // 81 ELIBSCN
    "Attempting to link in too many shared libraries\0",   // 82 ELIBMAX
    "Cannot exec a shared library directly\0",             // 83 ELIBEXEC
    "Invalid or incomplete multibyte or wide character\0", // 84 EILSEQ
    "Interrupted system call should be restarted\0",       // 85 ERESTART
    "Streams pipe error\0",                                // 86 ESTRPIPE
    "Too many users\0",                                    // 87 EUSERS
    "Socket operation on non-socket\0",                    // 88 ENOTSOCK
    "Destination address required\0",                      // 89 EDESTADDRREQ
    "Message too long\0",                                  // 90 EMSGSIZE
    "Protocol wrong type for socket\0",                    // 91 EPROTOTYPE
    "Protocol not available\0",                            // 92 ENOPROTOOPT
    "Protocol not supported\0",                            // 93 EPROTONOSUPPORT
    "Socket type not supported\0",                         // 94 ESOCKTNOSUPPORT
    "Operation not supported\0",                           // 95 ENOTSUP
    "Protocol family not supported\0",                     // 96 EPFNOSUPPORT
    "Address family not supported by protocol\0",          // 97 EAFNOSUPPORT
    "Address already in use\0",                            // 98 EADDRINUSE
    "Cannot assign requested address\0",                   // 99 EADDRNOTAVAIL
    "Network is down\0",                                   // 100 ENETDOWN
    "Network is unreachable\0",                            // 101 ENETUNREACH
    "Network dropped connection on reset\0",               // 102 ENETRESET
    "Software caused connection abort\0",                  // 103 ECONNABORTED
    "Connection reset by peer\0",                          // 104 ECONNRESET
    "No buffer space available\0",                         // 105 ENOBUFS
    "Transport endpoint is already connected\0",           // 106 EISCONN
    "Transport endpoint is not connected\0",               // 107 ENOTCONN
    "Cannot send after transport endpoint shutdown\0",     // 108 ESHUTDOWN
    "Too many references: cannot splice\0",                // 109 ETOOMANYREFS
    "Connection timed out\0",                              // 110 ETIMEDOUT
    "Connection refused\0",                                // 111 ECONNREFUSED
    "Host is down\0",                                      // 112 EHOSTDOWN
    "No route to host\0",                                  // 113 EHOSTUNREACH
    "Operation already in progress\0",                     // 114 EALREADY
    "Operation now in progress\0",                         // 115 EINPROGRESS
    "Stale file handle\0",                                 // 116 ESTALE
    "Structure needs cleaning\0",                          // 117 EUCLEAN
    "Not a XENIX named type file\0",                       // 118 ENOTNAM
    "No XENIX semaphores available\0",                     // 119 ENAVAIL
    "Is a named type file\0",                              // 120 EISNAM
    "Remote I/O error\0",                                  // 121 EREMOTEIO
    "Disk quota exceeded\0",                               // 122 EDQUOT
    "No medium found\0",                                   // 123 ENOMEDIUM
    "Wrong medium type\0",                                 // 124 EMEDIUMTYPE
    "Operation canceled\0",                                // 125 ECANCELED
    "Required key not available\0",                        // 126 ENOKEY
    "Key has expired\0",                                   // 127 EKEYEXPIRED
    "Key has been revoked\0",                              // 128 EKEYREVOKED
    "Key was rejected by service\0",                       // 129 EKEYREJECTED
    "Owner died\0",                                        // 130 EOWNERDEAD
    "State not recoverable\0",                             // 131 ENOTRECOVERABLE
    "Operation not possible due to RF-kill\0",             // 132 ERFKILL
    "Memory page has hardware error\0",                    // 133 _
);

/// Words of [`MESSAGES`], each packed as one byte (0x80 + its number),
/// separated by 0 bytes, longest first (the packer takes the first that
/// matches): 3 140 bytes of messages become 1 572 and these 641.
const WORDS: &str = concat!(
    "Interrupted system call\0Transport endpoint is \0shared library\0out of range\0",
    "Connection \0connection \0Operation \0descriptor\0Numerical \0available\0Too many \0",
    "supported\0Protocol \0directory\0corrupted\0connected\0Resource \0Invalid \0Network \0",
    "already \0No such \0Unknown \0progress\0required\0request \0argument\0Address \0address\0",
    "expired\0network\0Cannot \0Socket \0process\0 halted\0number \0medium \0Remote \0message\0",
    "Device \0family \0device\0Level \0stream\0XENIX \0space \0socket\0named \0format\0Not a \0",
    "system\0 not \0error\0File \0reset\0been \0Is a \0data \0open \0large\0Link \0not \0file\0",
    "type\0too \0link\0has \0Bad \0Key \0long\0down\0busy\0send\0pipe\0on \0No \0or \0in \0",
    "out\0is \0of \0use\0to \0by \0",
);

/// Whether `w` is in `t` at `at`.
const fn at(t: &[u8], at: usize, w: &[u8]) -> bool {
    if at + w.len() > t.len() {
        return false;
    }
    let mut i = 0;
    while i < w.len() {
        if t[at + i] != w[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The number of [`WORDS`].
const NWORDS: usize = {
    let (w, mut i, mut n) = (WORDS.as_bytes(), 0, 0);
    while i < w.len() {
        if w[i] == 0 {
            n += 1;
        }
        i += 1;
    }
    n
};

/// Where each of [`WORDS`] starts and ends.
const SPANS: [(usize, usize); NWORDS] = {
    let w = WORDS.as_bytes();
    let mut spans = [(0, 0); NWORDS];
    let (mut i, mut k, mut start) = (0, 0, 0);
    while i < w.len() {
        if w[i] == 0 {
            spans[k] = (start, i);
            (k, start) = (k + 1, i + 1);
        }
        i += 1;
    }
    spans
};

/// Packs [`MESSAGES`] into `out` (as far as it goes); returns the packed
/// length. Run at compile time.
const fn pack(out: &mut [u8]) -> usize {
    let (t, w) = (MESSAGES.as_bytes(), WORDS.as_bytes());
    let (mut i, mut n) = (0, 0);
    while i < t.len() {
        let (mut b, mut step) = (t[i], 1);
        let mut k = 0;
        while k < NWORDS {
            let (start, end) = SPANS[k];
            if w[start] == t[i] && at(t, i, w.split_at(end).0.split_at(start).1) {
                (b, step) = (0x80 + k as u8, end - start);
                break;
            }
            k += 1;
        }
        if n < out.len() {
            out[n] = b;
        }
        (i, n) = (i + step, n + 1);
    }
    n
}

const PACKED_LEN: usize = pack(&mut []);

/// [`MESSAGES`] with its words packed.
static PACKED: [u8; PACKED_LEN] = {
    let mut a = [0; PACKED_LEN];
    pack(&mut a);
    a
};

/// Appends message `n`; false (nothing appended) for an unknown number.
fn message(n: i32, out: &mut Vec<u8>) -> bool {
    let nth = |s: &'static [u8], n: usize| s.split(|&b| b == 0).nth(n);
    match nth(&PACKED, n.max(0) as usize) {
        Some(m) if n > 0 && !m.is_empty() => {
            for &b in m {
                match b {
                    0x80.. => out.extend_from_slice(
                        nth(WORDS.as_bytes(), b as usize - 0x80).unwrap_or_default(),
                    ),
                    _ => out.push(b),
                }
            }
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glibc_wording() {
        let m = |n: i32| {
            let mut v = Vec::new();
            Errno(n).push_message(&mut v).then_some(v)
        };
        assert_eq!(m(2).unwrap(), b"No such file or directory");
        assert_eq!(m(28).unwrap(), b"No space left on device");
        assert_eq!(m(9).unwrap(), b"Bad file descriptor");
        assert_eq!(m(41).unwrap(), b"Unknown error 41");
        assert_eq!(m(9999), None);
        assert_eq!(m(0), None);
        assert_eq!(m(-1), None);
    }

    /// Every message unpacks to the text it was packed from.
    #[test]
    fn packed_messages_unpack() {
        assert!(PACKED.len() < MESSAGES.len() * 3 / 4);
        for (n, want) in MESSAGES.split('\0').enumerate().skip(1) {
            let mut v = Vec::new();
            assert_eq!(Errno(n as i32).push_message(&mut v), !want.is_empty());
            assert_eq!(v, want.as_bytes(), "errno {n}");
        }
    }
}
