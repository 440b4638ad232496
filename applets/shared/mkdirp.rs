//! gnulib's mkdir-p: make_dir_parents, mkancesdirs and dirchownmod, for
//! mkdir -p and install -d/-D. Where GNU changes into each ancestor in
//! turn, this holds an O_PATH descriptor of it and creates the next one
//! relative to that, so the working directory never moves and a name
//! deeper than PATH_MAX works.

use super::context::{ignorable, Labels};
use super::diag::{prog_line, quote, quoteaf};
use sys::fs;
use sys::io::{error, Fd, File};
use sys::Errno;

/// How directories are made (gnulib's make_dir_parents arguments and the
/// make_ancestor and announce callbacks of mkdir and install).
pub struct DirMaker {
    /// Make missing ancestors too (mkdir -p; install -d always).
    pub parents: bool,
    pub verbose: bool,
    /// What `-v` says before the name: mkdir `created directory `,
    /// install `creating directory `.
    pub announce: &'static [u8],
    /// The mode of each operand, and the bits of it that matter.
    pub mode: u32,
    pub mode_bits: u32,
    /// The mode ancestors are made with, and the umasks in force while an
    /// ancestor and while an operand is made.
    pub ancestor_mode: u32,
    pub umask_ancestor: u32,
    pub umask_self: u32,
    /// install -o and -g.
    pub owner: Option<u32>,
    pub group: Option<u32>,
    /// mkdir: an existing directory is left as it is (install sets its
    /// owner and mode).
    pub preserve_existing: bool,
    /// `-Z`: directories get the types the file_contexts database gives.
    pub labels: Option<&'static Labels>,
}

pub fn at(f: &Option<File>) -> Fd {
    f.as_ref().map_or(Fd::CWD, |f| f.fd())
}

impl DirMaker {
    fn announce(&self, dir: &[u8]) {
        if self.verbose {
            prog_line(&[self.announce, &quoteaf(dir)]);
        }
    }

    /// mkancesdirs: makes the ancestors of `dir`, each relative to the
    /// one before. Returns the last ancestor (None: the working
    /// directory) and where the final component starts, or the error and
    /// where the ancestor it is about ends.
    pub fn ancestors(&self, dir: &[u8]) -> Result<(Option<File>, usize), (Errno, usize)> {
        let mut cur: Option<File> = None;
        let (mut sep, mut component, mut made) = (None, 0, false);
        for i in 0..dir.len() {
            let (ch, next) = (dir[i], dir.get(i + 1).copied());
            if next == Some(b'/') {
                if ch != b'/' {
                    sep = Some(i + 1);
                }
                continue;
            }
            let Some(s) = sep.filter(|_| ch == b'/' && next.is_some()) else {
                continue;
            };
            let comp = &dir[component..s];
            if comp != b"." {
                let mut make_err = None;
                if comp == b".." {
                    made = false;
                } else {
                    match self.make_ancestor(at(&cur), comp, &dir[..s]) {
                        Ok(()) => made = true,
                        Err(e) => make_err = Some(e),
                    }
                }
                match fs::open_path_dir_at(at(&cur), comp, !made) {
                    Ok(f) => cur = Some(f),
                    Err(Errno::NOENT) if make_err.is_some() => return Err((make_err.unwrap(), s)),
                    Err(e) => return Err((e, s)),
                }
            }
            component = i + 1;
        }
        Ok((cur, component))
    }

    /// defaultcon before `dir` is made, with GNU's message.
    fn default_context(&self, dir: &[u8]) {
        if let Some(l) = self.labels {
            if let Err(e) = l.default_for(dir, fs::S_IFDIR) {
                if !ignorable(e) {
                    let m = b"failed to set default creation context for ";
                    error(&[m, &quoteaf(dir)], Some(e));
                }
            }
        }
    }

    fn make_ancestor(&self, at: Fd, comp: &[u8], shown: &[u8]) -> Result<(), Errno> {
        self.default_context(shown);
        if self.umask_ancestor != self.umask_self {
            fs::set_umask(self.umask_ancestor);
        }
        let r = fs::mkdir_at(at, comp, self.ancestor_mode);
        if self.umask_ancestor != self.umask_self {
            fs::set_umask(self.umask_self);
        }
        r?;
        self.announce(shown);
        Ok(())
    }

    /// make_dir_parents for one operand, with GNU's messages; with `-Z`
    /// the context set before (no -p) or after (-p, when the parents
    /// were made with theirs) as GNU does.
    pub fn make(&self, dir: &[u8]) -> bool {
        if !self.parents {
            self.default_context(dir);
        }
        let ok = self.make_dir_parents(dir);
        if let Some(l) = self.labels.filter(|_| ok && self.parents) {
            if let Err(e) = l.restore(dir, false) {
                if !ignorable(e) {
                    error(&[b"failed to restore context for ", &quoteaf(dir)], Some(e));
                }
            }
        }
        ok
    }

    fn make_dir_parents(&self, dir: &[u8]) -> bool {
        let (parent, start) = if self.parents {
            match self.ancestors(dir) {
                Ok(p) => p,
                Err((e, end)) => return cannot_create(&dir[..end], e),
            }
        } else {
            (None, 0)
        };
        let (at, name) = (at(&parent), &dir[start..]);
        // Until owner and special bits are set, keep others out.
        let keep_owner = self.owner.is_none() && self.group.is_none();
        let keep_special = ((self.mode_bits & 0o6000) | (self.mode & 0o1000)) == 0;
        let mkdir_mode = if !keep_owner {
            self.mode & !0o077
        } else if !keep_special {
            self.mode & !0o022
        } else {
            self.mode
        };
        let made = fs::mkdir_at(at, name, mkdir_mode);
        let mut preserve = self.preserve_existing;
        if made.is_ok() {
            self.announce(dir);
            let umask_ok = self.mode & self.mode_bits & 0o777 == 0;
            preserve = keep_owner && keep_special && umask_ok;
        }
        if preserve {
            let Err(e) = made else { return true };
            if e != Errno::NOENT && self.parents {
                match fs::statat(at, name, true) {
                    Ok(st) if st.is_dir() => return true,
                    Err(se) if e == Errno::EXIST && se != Errno::NOENT && se != Errno::NOTDIR => {
                        error(&[b"cannot stat ", &quote(dir)], Some(se));
                        return false;
                    }
                    _ => {}
                }
            }
            return cannot_create(dir, e);
        }
        match self.chown_mod(at, name, made.is_ok()) {
            Ok(()) => true,
            Err(ce) => match made {
                Err(e) if !(e != Errno::NOENT && self.parents && ce != Errno::NOTDIR) => {
                    cannot_create(dir, e)
                }
                _ => {
                    let m: &[u8] = if keep_owner {
                        b"cannot change permissions of "
                    } else {
                        b"cannot change owner and permissions of "
                    };
                    error(&[m, &quote(dir)], Some(ce));
                    false
                }
            },
        }
    }

    /// dirchownmod: the owner, then the mode bits that matter, of the
    /// directory (`made`: just made here, so a symlink there is not it).
    fn chown_mod(&self, at: Fd, name: &[u8], made: bool) -> Result<(), Errno> {
        let st = fs::statat(at, name, !made)?;
        if !st.is_dir() {
            return Err(Errno::NOTDIR);
        }
        let mut indeterminate = 0;
        if self.owner.is_some_and(|u| u != st.uid) || self.group.is_some_and(|g| g != st.gid) {
            fs::chownat(at, name, self.owner, self.group, !made)?;
            if st.mode & 0o111 != 0 {
                indeterminate = st.mode & 0o6000;
            }
        }
        if ((st.mode ^ self.mode) | indeterminate) & self.mode_bits != 0 {
            fs::chmodat(at, name, self.mode | (st.mode & 0o7777 & !self.mode_bits))?;
        }
        Ok(())
    }
}

fn cannot_create(dir: &[u8], e: Errno) -> bool {
    error(&[b"cannot create directory ", &quote(dir)], Some(e));
    false
}
