//! A GNU getopt_long-compatible command-line parser over byte strings.
//!
//! Short option clusters (`-abc`, `-n5`, `-n 5`), long options (`--name`,
//! `--name=value`, `--name value`), optional arguments (`--color[=WHEN]`,
//! `-xARG` only attached), unambiguous abbreviation of long names, argument
//! permutation (operands may come anywhere) unless POSIXLY_CORRECT is set
//! or the applet asks to stop at the first operand, `--` to end options, and
//! glibc's exact error messages.

use alloc::vec::Vec;

/// Whether an option takes an argument.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HasArg {
    No,
    Required,
    /// Only as `--name=ARG` or `-xARG`.
    Optional,
}

/// One option of an applet's table, 8 bytes (a table of every applet's
/// options is in the binary). `key` is the short letter, or a private-use
/// character for long-only options (both below U+10000); `short` is 0
/// when there is no short form. The long name is `len` bytes at `at` in
/// the table's names (see [`Parser::new`]); `len` is 0 when there is no
/// long form.
#[derive(Clone, Copy, Debug)]
pub struct OptDef {
    pub at: u16,
    pub len: u8,
    pub short: u8,
    pub arg: HasArg,
    pub key: u16,
}

impl OptDef {
    /// The option's key as the parser returns it.
    #[cfg_attr(corebox_opt, optimize(size))]
    fn key(&self) -> char {
        char::from_u32(self.key as u32).unwrap_or('\0')
    }
}

/// A recognized option and its argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opt<'a> {
    pub key: char,
    pub arg: Option<&'a [u8]>,
}

/// A command-line error, rendered by [`OptError::message`] as glibc does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptError {
    Invalid(u8),
    Unrecognized(Vec<u8>),
    Ambiguous(Vec<u8>, Vec<&'static str>),
    MissingShort(u8),
    MissingLong(&'static str),
    NoArgAllowed(&'static str),
}

impl OptError {
    /// The message without the program name prefix and newline.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn message(&self) -> Vec<u8> {
        let mut m = Vec::new();
        match self {
            OptError::Invalid(c) => {
                m.extend_from_slice(b"invalid option -- '");
                m.push(*c);
                m.push(b'\'');
            }
            OptError::Unrecognized(a) => {
                m.extend_from_slice(b"unrecognized option '");
                m.extend_from_slice(a);
                m.push(b'\'');
            }
            OptError::Ambiguous(a, names) => {
                m.extend_from_slice(b"option '");
                m.extend_from_slice(a);
                m.extend_from_slice(b"' is ambiguous; possibilities:");
                for n in names {
                    m.extend_from_slice(b" '--");
                    m.extend_from_slice(n.as_bytes());
                    m.push(b'\'');
                }
            }
            OptError::MissingShort(c) => {
                m.extend_from_slice(b"option requires an argument -- '");
                m.push(*c);
                m.push(b'\'');
            }
            OptError::MissingLong(n) => {
                m.extend_from_slice(b"option '--");
                m.extend_from_slice(n.as_bytes());
                m.extend_from_slice(b"' requires an argument");
            }
            OptError::NoArgAllowed(n) => {
                m.extend_from_slice(b"option '--");
                m.extend_from_slice(n.as_bytes());
                m.extend_from_slice(b"' doesn't allow an argument");
            }
        }
        m
    }
}

/// The key of an operand returned in place by a parser in
/// [`Parser::in_order`] mode (getopt's `-` optstring, which returns 1).
pub const OPERAND: char = '\u{1}';

/// Iterates over the options of `args` (which excludes argv[0]); operands
/// are collected in [`Parser::operands`], in order.
pub struct Parser<'a> {
    defs: &'a [OptDef],
    /// The long names of `defs`, one after another.
    names: &'static str,
    args: &'a [&'a [u8]],
    next: usize,
    /// Position inside a short-option cluster, 0 when not in one.
    cluster: usize,
    /// Stop at the first operand (POSIXLY_CORRECT, or a `+` optstring).
    stop_at_operand: bool,
    /// Return operands in place as [`OPERAND`] options.
    in_order: bool,
    done: bool,
    pub operands: Vec<&'a [u8]>,
}

impl<'a> Parser<'a> {
    /// A parser of `args` against the options `defs`, whose long names
    /// are slices of `names`.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn new(
        defs: &'a [OptDef],
        names: &'static str,
        args: &'a [&'a [u8]],
        stop_at_operand: bool,
    ) -> Self {
        Parser {
            defs,
            names,
            args,
            next: 0,
            cluster: 0,
            stop_at_operand,
            in_order: false,
            done: false,
            operands: Vec::new(),
        }
    }

    /// getopt's RETURN_IN_ORDER (a `-` optstring): operands before `--`
    /// come back in place as [`OPERAND`] options, whatever POSIXLY_CORRECT
    /// says; those after `--` go to [`Parser::operands`].
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn in_order(mut self) -> Self {
        self.in_order = true;
        self.stop_at_operand = false;
        self
    }

    /// The arguments not looked at yet (after an option or operand).
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn rest(&self) -> &'a [&'a [u8]] {
        &self.args[self.next.min(self.args.len())..]
    }

    /// Takes the next argument away unparsed (sort's `+POS1 -POS2`, where
    /// `-POS2` belongs to the operand before it).
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn skip_arg(&mut self) {
        if self.cluster == 0 && self.next < self.args.len() {
            self.next += 1;
        }
    }

    /// Everything after the options: the operands, including those after `--`.
    #[cfg_attr(corebox_opt, optimize(size))]
    pub fn into_operands(mut self) -> Vec<&'a [u8]> {
        if !self.done {
            for r in self.by_ref() {
                if r.is_err() {
                    break;
                }
            }
        }
        self.operands
    }

    /// The long name of `d` ("" when it has none).
    #[cfg_attr(corebox_opt, optimize(size))]
    fn long_name(&self, d: &OptDef) -> &'static str {
        self.names
            .get(d.at as usize..d.at as usize + d.len as usize)
            .unwrap_or("")
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn rest_are_operands(&mut self) {
        self.operands.extend_from_slice(&self.args[self.next..]);
        self.next = self.args.len();
        self.done = true;
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn short(&mut self) -> Result<Opt<'a>, OptError> {
        let arg = self.args[self.next];
        let c = arg[self.cluster];
        self.cluster += 1;
        let at_end = self.cluster >= arg.len();
        let def = self.defs.iter().find(|d| d.short == c && c != 0);
        let finish = |p: &mut Self| {
            p.cluster = 0;
            p.next += 1;
        };
        let Some(d) = def else {
            if at_end {
                finish(self);
            }
            return Err(OptError::Invalid(c));
        };
        match d.arg {
            HasArg::No => {
                if at_end {
                    finish(self);
                }
                Ok(Opt {
                    key: d.key(),
                    arg: None,
                })
            }
            HasArg::Optional => {
                let v = (!at_end).then(|| &arg[self.cluster..]);
                finish(self);
                Ok(Opt {
                    key: d.key(),
                    arg: v,
                })
            }
            HasArg::Required => {
                if !at_end {
                    let v = &arg[self.cluster..];
                    finish(self);
                    return Ok(Opt {
                        key: d.key(),
                        arg: Some(v),
                    });
                }
                finish(self);
                match self.args.get(self.next) {
                    Some(v) => {
                        self.next += 1;
                        Ok(Opt {
                            key: d.key(),
                            arg: Some(v),
                        })
                    }
                    None => Err(OptError::MissingShort(c)),
                }
            }
        }
    }

    #[cfg_attr(corebox_opt, optimize(size))]
    fn long(&mut self) -> Result<Opt<'a>, OptError> {
        let whole = self.args[self.next];
        self.next += 1;
        let body = &whole[2..];
        let (name, value) = match body.iter().position(|&b| b == b'=') {
            Some(e) => (&body[..e], Some(&body[e + 1..])),
            None => (body, None),
        };
        let exact = self
            .defs
            .iter()
            .find(|d| d.len > 0 && self.long_name(d).as_bytes() == name);
        let d = match exact {
            Some(d) => d,
            None => {
                let mut found: Option<&OptDef> = None;
                let mut ambiguous: Vec<&'static str> = Vec::new();
                for d in self
                    .defs
                    .iter()
                    .filter(|d| d.len > 0 && self.long_name(d).as_bytes().starts_with(name))
                {
                    match found {
                        None => found = Some(d),
                        Some(f) if f.key != d.key || f.arg != d.arg => {
                            if ambiguous.is_empty() {
                                ambiguous.push(self.long_name(f));
                            }
                            ambiguous.push(self.long_name(d));
                        }
                        Some(_) => {}
                    }
                }
                if !ambiguous.is_empty() {
                    return Err(OptError::Ambiguous(whole.into(), ambiguous));
                }
                match found {
                    Some(d) => d,
                    None => return Err(OptError::Unrecognized(whole.into())),
                }
            }
        };
        match (d.arg, value) {
            (HasArg::No, Some(_)) => Err(OptError::NoArgAllowed(self.long_name(d))),
            (HasArg::No, None) | (HasArg::Optional, _) => Ok(Opt {
                key: d.key(),
                arg: value,
            }),
            (HasArg::Required, Some(v)) => Ok(Opt {
                key: d.key(),
                arg: Some(v),
            }),
            (HasArg::Required, None) => match self.args.get(self.next) {
                Some(v) => {
                    self.next += 1;
                    Ok(Opt {
                        key: d.key(),
                        arg: Some(v),
                    })
                }
                None => Err(OptError::MissingLong(self.long_name(d))),
            },
        }
    }
}

impl<'a> Iterator for Parser<'a> {
    type Item = Result<Opt<'a>, OptError>;

    #[cfg_attr(corebox_opt, optimize(size))]
    fn next(&mut self) -> Option<Self::Item> {
        if self.cluster > 0 {
            return Some(self.short());
        }
        loop {
            if self.done {
                return None;
            }
            let Some(&arg) = self.args.get(self.next) else {
                self.done = true;
                return None;
            };
            if arg == b"--" {
                self.next += 1;
                self.rest_are_operands();
                return None;
            }
            if arg.len() > 2 && arg.starts_with(b"--") {
                return Some(self.long());
            }
            if arg.len() > 1 && arg[0] == b'-' {
                self.cluster = 1;
                return Some(self.short());
            }
            if self.stop_at_operand {
                self.rest_are_operands();
                return None;
            }
            self.next += 1;
            if self.in_order {
                return Some(Ok(Opt {
                    key: OPERAND,
                    arg: Some(arg),
                }));
            }
            self.operands.push(arg);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    const RETRY: char = '\u{e000}';
    const NAMES: &str = "linesverbosequietsilentretrycolorcolourhelpversion";

    /// The test table: (short, long, arg, key), the long names as they
    /// come in NAMES.
    fn defs() -> &'static [OptDef] {
        let table: [(u8, &str, HasArg, char); 9] = [
            (b'n', "lines", HasArg::Required, 'n'),
            (b'v', "verbose", HasArg::No, 'v'),
            (b'q', "quiet", HasArg::No, 'q'),
            (0, "silent", HasArg::No, 'q'),
            (0, "retry", HasArg::No, RETRY),
            (b'c', "color", HasArg::Optional, 'c'),
            (0, "colour", HasArg::Optional, 'c'),
            (0, "help", HasArg::No, '\u{e001}'),
            (0, "version", HasArg::No, '\u{e002}'),
        ];
        let mut at = 0;
        let defs: Vec<OptDef> = table
            .iter()
            .map(|&(short, long, arg, key)| {
                assert_eq!(&NAMES[at..at + long.len()], long);
                at += long.len();
                OptDef {
                    at: (at - long.len()) as u16,
                    len: long.len() as u8,
                    short,
                    arg,
                    key: key as u16,
                }
            })
            .collect();
        defs.leak()
    }

    type Parsed = Vec<Result<(char, Option<Vec<u8>>), Vec<u8>>>;

    fn run(args: &[&[u8]], posix: bool) -> (Parsed, Vec<Vec<u8>>) {
        let mut p = Parser::new(defs(), NAMES, args, posix);
        let mut out = vec![];
        for r in p.by_ref() {
            out.push(
                r.map(|o| (o.key, o.arg.map(Vec::from)))
                    .map_err(|e| e.message()),
            );
        }
        (out, p.operands.iter().map(|o| o.to_vec()).collect())
    }

    #[test]
    fn clusters_and_arguments() {
        let (o, ops) = run(
            &[
                b"-vq",
                b"-n5",
                b"a",
                b"-n",
                b"7",
                b"--lines=3",
                b"--lines",
                b"4",
                b"b",
            ],
            false,
        );
        assert_eq!(
            o,
            vec![
                Ok(('v', None)),
                Ok(('q', None)),
                Ok(('n', Some(b"5".to_vec()))),
                Ok(('n', Some(b"7".to_vec()))),
                Ok(('n', Some(b"3".to_vec()))),
                Ok(('n', Some(b"4".to_vec()))),
            ]
        );
        assert_eq!(ops, vec![b"a".to_vec(), b"b".to_vec()]);
    }

    #[test]
    fn dash_dash_and_single_dash() {
        let (o, ops) = run(&[b"-", b"--", b"-v", b"--retry"], false);
        assert!(o.is_empty());
        assert_eq!(
            ops,
            vec![b"-".to_vec(), b"-v".to_vec(), b"--retry".to_vec()]
        );
    }

    #[test]
    fn posix_stops_at_first_operand() {
        let (o, ops) = run(&[b"-v", b"x", b"-q"], true);
        assert_eq!(o, vec![Ok(('v', None))]);
        assert_eq!(ops, vec![b"x".to_vec(), b"-q".to_vec()]);
    }

    #[test]
    fn abbreviations() {
        let (o, _) = run(&[b"--verb", b"--ret", b"--col=x", b"--co", b"--s"], false);
        assert_eq!(
            o,
            vec![
                Ok(('v', None)),
                Ok((RETRY, None)),
                Ok(('c', Some(b"x".to_vec()))),
                Ok(('c', None)),
                Ok(('q', None))
            ]
        );
        let (o, _) = run(&[b"--ver"], false);
        assert_eq!(
            o,
            vec![Err(
                b"option '--ver' is ambiguous; possibilities: '--verbose' '--version'".to_vec()
            )]
        );
    }

    #[test]
    fn errors_are_glibc_words() {
        let msgs: Vec<Vec<u8>> = [&b"-k"[..], b"--foo=bar", b"--retry=1", b"--lines", b"-n"]
            .iter()
            .map(|a| run(&[a], false).0.pop().unwrap().unwrap_err())
            .collect();
        assert_eq!(msgs[0], b"invalid option -- 'k'");
        assert_eq!(msgs[1], b"unrecognized option '--foo=bar'");
        assert_eq!(msgs[2], b"option '--retry' doesn't allow an argument");
        assert_eq!(msgs[3], b"option '--lines' requires an argument");
        assert_eq!(msgs[4], b"option requires an argument -- 'n'");
    }

    #[test]
    fn optional_short_argument_only_attached() {
        let (o, ops) = run(&[b"-cfoo", b"-c", b"bar"], false);
        assert_eq!(o, vec![Ok(('c', Some(b"foo".to_vec()))), Ok(('c', None))]);
        assert_eq!(ops, vec![b"bar".to_vec()]);
    }

    #[test]
    fn error_in_cluster_keeps_earlier_options() {
        let (o, _) = run(&[b"-vk"], false);
        assert_eq!(
            o,
            vec![Ok(('v', None)), Err(b"invalid option -- 'k'".to_vec())]
        );
    }

    #[test]
    fn in_order_returns_operands_in_place() {
        let args: &[&[u8]] = &[b"a", b"-v", b"-", b"+1", b"--", b"-q", b"b"];
        let mut p = Parser::new(defs(), NAMES, args, true).in_order();
        let mut seen = vec![];
        while let Some(r) = p.next() {
            let o = r.unwrap();
            seen.push((o.key, o.arg.map(Vec::from)));
            if seen.len() == 1 {
                assert_eq!(p.rest().len(), 6);
            }
        }
        assert_eq!(
            seen,
            vec![
                (OPERAND, Some(b"a".to_vec())),
                ('v', None),
                (OPERAND, Some(b"-".to_vec())),
                (OPERAND, Some(b"+1".to_vec())),
            ]
        );
        assert_eq!(p.operands, vec![&b"-q"[..], b"b"]);
    }
}
