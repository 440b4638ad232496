//! errno values and their messages, worded as glibc's `strerror` words them
//! (GNU tools print these: `No such file or directory`).

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
    pub fn message(self) -> &'static [u8] {
        message(self.0)
    }
}

impl From<rustix::io::Errno> for Errno {
    fn from(e: rustix::io::Errno) -> Self {
        Errno(e.raw_os_error())
    }
}

/// The result type of every fallible call in this crate.
pub type Result<T> = core::result::Result<T, Errno>;

fn message(n: i32) -> &'static [u8] {
    match n {
        1 => b"Operation not permitted",                            // EPERM
        2 => b"No such file or directory",                          // ENOENT
        3 => b"No such process",                                    // ESRCH
        4 => b"Interrupted system call",                            // EINTR
        5 => b"Input/output error",                                 // EIO
        6 => b"No such device or address",                          // ENXIO
        7 => b"Argument list too long",                             // E2BIG
        8 => b"Exec format error",                                  // ENOEXEC
        9 => b"Bad file descriptor",                                // EBADF
        10 => b"No child processes",                                // ECHILD
        11 => b"Resource temporarily unavailable",                  // EAGAIN
        12 => b"Cannot allocate memory",                            // ENOMEM
        13 => b"Permission denied",                                 // EACCES
        14 => b"Bad address",                                       // EFAULT
        15 => b"Block device required",                             // ENOTBLK
        16 => b"Device or resource busy",                           // EBUSY
        17 => b"File exists",                                       // EEXIST
        18 => b"Invalid cross-device link",                         // EXDEV
        19 => b"No such device",                                    // ENODEV
        20 => b"Not a directory",                                   // ENOTDIR
        21 => b"Is a directory",                                    // EISDIR
        22 => b"Invalid argument",                                  // EINVAL
        23 => b"Too many open files in system",                     // ENFILE
        24 => b"Too many open files",                               // EMFILE
        25 => b"Inappropriate ioctl for device",                    // ENOTTY
        26 => b"Text file busy",                                    // ETXTBSY
        27 => b"File too large",                                    // EFBIG
        28 => b"No space left on device",                           // ENOSPC
        29 => b"Illegal seek",                                      // ESPIPE
        30 => b"Read-only file system",                             // EROFS
        31 => b"Too many links",                                    // EMLINK
        32 => b"Broken pipe",                                       // EPIPE
        33 => b"Numerical argument out of domain",                  // EDOM
        34 => b"Numerical result out of range",                     // ERANGE
        35 => b"Resource deadlock avoided",                         // EDEADLOCK
        36 => b"File name too long",                                // ENAMETOOLONG
        37 => b"No locks available",                                // ENOLCK
        38 => b"Function not implemented",                          // ENOSYS
        39 => b"Directory not empty",                               // ENOTEMPTY
        40 => b"Too many levels of symbolic links",                 // ELOOP
        41 => b"Unknown error 41",                                  //
        42 => b"No message of desired type",                        // ENOMSG
        43 => b"Identifier removed",                                // EIDRM
        44 => b"Channel number out of range",                       // ECHRNG
        45 => b"Level 2 not synchronized",                          // EL2NSYNC
        46 => b"Level 3 halted",                                    // EL3HLT
        47 => b"Level 3 reset",                                     // EL3RST
        48 => b"Link number out of range",                          // ELNRNG
        49 => b"Protocol driver not attached",                      // EUNATCH
        50 => b"No CSI structure available",                        // ENOCSI
        51 => b"Level 2 halted",                                    // EL2HLT
        52 => b"Invalid exchange",                                  // EBADE
        53 => b"Invalid request descriptor",                        // EBADR
        54 => b"Exchange full",                                     // EXFULL
        55 => b"No anode",                                          // ENOANO
        56 => b"Invalid request code",                              // EBADRQC
        57 => b"Invalid slot",                                      // EBADSLT
        58 => b"Unknown error 58",                                  //
        59 => b"Bad font file format",                              // EBFONT
        60 => b"Device not a stream",                               // ENOSTR
        61 => b"No data available",                                 // ENODATA
        62 => b"Timer expired",                                     // ETIME
        63 => b"Out of streams resources",                          // ENOSR
        64 => b"Machine is not on the network",                     // ENONET
        65 => b"Package not installed",                             // ENOPKG
        66 => b"Object is remote",                                  // EREMOTE
        67 => b"Link has been severed",                             // ENOLINK
        68 => b"Advertise error",                                   // EADV
        69 => b"Srmount error",                                     // ESRMNT
        70 => b"Communication error on send",                       // ECOMM
        71 => b"Protocol error",                                    // EPROTO
        72 => b"Multihop attempted",                                // EMULTIHOP
        73 => b"RFS specific error",                                // EDOTDOT
        74 => b"Bad message",                                       // EBADMSG
        75 => b"Value too large for defined data type",             // EOVERFLOW
        76 => b"Name not unique on network",                        // ENOTUNIQ
        77 => b"File descriptor in bad state",                      // EBADFD
        78 => b"Remote address changed",                            // EREMCHG
        79 => b"Can not access a needed shared library",            // ELIBACC
        80 => b"Accessing a corrupted shared library",              // ELIBBAD
        81 => b".lib section in a.out corrupted",                   // ELIBSCN
        82 => b"Attempting to link in too many shared libraries",   // ELIBMAX
        83 => b"Cannot exec a shared library directly",             // ELIBEXEC
        84 => b"Invalid or incomplete multibyte or wide character", // EILSEQ
        85 => b"Interrupted system call should be restarted",       // ERESTART
        86 => b"Streams pipe error",                                // ESTRPIPE
        87 => b"Too many users",                                    // EUSERS
        88 => b"Socket operation on non-socket",                    // ENOTSOCK
        89 => b"Destination address required",                      // EDESTADDRREQ
        90 => b"Message too long",                                  // EMSGSIZE
        91 => b"Protocol wrong type for socket",                    // EPROTOTYPE
        92 => b"Protocol not available",                            // ENOPROTOOPT
        93 => b"Protocol not supported",                            // EPROTONOSUPPORT
        94 => b"Socket type not supported",                         // ESOCKTNOSUPPORT
        95 => b"Operation not supported",                           // ENOTSUP
        96 => b"Protocol family not supported",                     // EPFNOSUPPORT
        97 => b"Address family not supported by protocol",          // EAFNOSUPPORT
        98 => b"Address already in use",                            // EADDRINUSE
        99 => b"Cannot assign requested address",                   // EADDRNOTAVAIL
        100 => b"Network is down",                                  // ENETDOWN
        101 => b"Network is unreachable",                           // ENETUNREACH
        102 => b"Network dropped connection on reset",              // ENETRESET
        103 => b"Software caused connection abort",                 // ECONNABORTED
        104 => b"Connection reset by peer",                         // ECONNRESET
        105 => b"No buffer space available",                        // ENOBUFS
        106 => b"Transport endpoint is already connected",          // EISCONN
        107 => b"Transport endpoint is not connected",              // ENOTCONN
        108 => b"Cannot send after transport endpoint shutdown",    // ESHUTDOWN
        109 => b"Too many references: cannot splice",               // ETOOMANYREFS
        110 => b"Connection timed out",                             // ETIMEDOUT
        111 => b"Connection refused",                               // ECONNREFUSED
        112 => b"Host is down",                                     // EHOSTDOWN
        113 => b"No route to host",                                 // EHOSTUNREACH
        114 => b"Operation already in progress",                    // EALREADY
        115 => b"Operation now in progress",                        // EINPROGRESS
        116 => b"Stale file handle",                                // ESTALE
        117 => b"Structure needs cleaning",                         // EUCLEAN
        118 => b"Not a XENIX named type file",                      // ENOTNAM
        119 => b"No XENIX semaphores available",                    // ENAVAIL
        120 => b"Is a named type file",                             // EISNAM
        121 => b"Remote I/O error",                                 // EREMOTEIO
        122 => b"Disk quota exceeded",                              // EDQUOT
        123 => b"No medium found",                                  // ENOMEDIUM
        124 => b"Wrong medium type",                                // EMEDIUMTYPE
        125 => b"Operation canceled",                               // ECANCELED
        126 => b"Required key not available",                       // ENOKEY
        127 => b"Key has expired",                                  // EKEYEXPIRED
        128 => b"Key has been revoked",                             // EKEYREVOKED
        129 => b"Key was rejected by service",                      // EKEYREJECTED
        130 => b"Owner died",                                       // EOWNERDEAD
        131 => b"State not recoverable",                            // ENOTRECOVERABLE
        132 => b"Operation not possible due to RF-kill",            // ERFKILL
        133 => b"Memory page has hardware error",                   //
        _ => b"Unknown error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glibc_wording() {
        assert_eq!(Errno::NOENT.message(), b"No such file or directory");
        assert_eq!(Errno::NOSPC.message(), b"No space left on device");
        assert_eq!(Errno::BADF.message(), b"Bad file descriptor");
        assert_eq!(Errno(9999).message(), b"Unknown error");
    }
}
