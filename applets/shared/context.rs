//! `-Z` and `--context[=CTX]` of the programs that create files (mkdir,
//! mkfifo, mknod): GNU's handling with and without SELinux.

use super::diag::{die, quote};

/// What the options asked for.
#[derive(Default)]
pub struct Context {
    /// `--context=CTX` on an SELinux system: the context of new files.
    set: Option<&'static [u8]>,
}

impl Context {
    /// GNU's `case 'Z'`: `ctx` is `--context`'s argument (None for `-Z`).
    /// Without SELinux a CTX draws GNU's warning and is ignored.
    pub fn option(&mut self, ctx: Option<&'static [u8]>) {
        if sys::selinux::enabled() {
            if ctx.is_some() {
                self.set = ctx;
            }
        } else if ctx.is_some() {
            sys::io::error(
                &[b"warning: ignoring --context; it requires an SELinux/SMACK-enabled kernel"],
                None,
            );
        }
    }

    /// Makes CTX the context of the files created from now on
    /// (setfscreatecon), or dies as GNU does. With `-Z`, new files get
    /// the context the policy's type transitions give them: the kernel's
    /// default, which corebox does not refine with the file_contexts
    /// database that GNU consults through libselinux.
    pub fn apply(&self) {
        if let Some(c) = self.set {
            if let Err(e) = sys::selinux::set_fscreate(c) {
                die(
                    &[
                        b"failed to set default file creation context to ",
                        &quote(c),
                    ],
                    Some(e),
                );
            }
        }
    }
}
