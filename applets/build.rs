//! Generates the applet table from the declarative header at the top of
//! every `applets/NAME.rs` (see the README): one module per applet with its
//! option table, option-key constants and help text, and the sorted
//! dispatch table. `COREBOX_APPLETS="cat tail"` builds only those applets;
//! `COREBOX_HELP=short` leaves the long help texts out (`--help` prints
//! the usage lines and the option names).
//!
//! It runs in `applets/`, the package's directory.

extern crate alloc;

/// The help texts' compressor, shared with the decoder of `--help`.
#[allow(dead_code)]
#[path = "../core/src/pack.rs"]
mod pack;

use std::collections::BTreeMap;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::iter::Peekable;
use std::path::{Path, PathBuf};
use std::str::Lines;

struct Opt {
    short: Option<char>,
    longs: Vec<String>,
    arg: &'static str,
}

struct Applet {
    name: String,
    usage: Vec<String>,
    opts: Vec<Opt>,
    stop_at_operand: bool,
    usage_status: i32,
    help: String,
}

fn fail(path: &Path, msg: &str) -> ! {
    panic!("{}: bad applet header: {}", path.display(), msg)
}

/// Parses the header blocks at the top of an applet file: each starts
/// with the line `// corebox applet` and is `// key: value` lines up to
/// its help text, which ends at the first line that is not a comment.
/// A family file (several programs) has one block per program, blank
/// lines between them. A file without a valid header is a build error.
fn parse_headers(path: &Path, text: &str) -> Vec<Applet> {
    let mut lines = text.lines().peekable();
    let mut applets = vec![];
    loop {
        while lines.peek().is_some_and(|l| l.trim().is_empty()) {
            lines.next();
        }
        if lines.peek().map(|l| l.trim_end()) != Some("// corebox applet") {
            break;
        }
        lines.next();
        applets.push(parse_header(path, &mut lines));
    }
    if applets.is_empty() {
        fail(
            path,
            "an applet file must start with `// corebox applet` (see applets/README.md)",
        );
    }
    applets
}

/// Help text with `&#N;` (a decimal character code) replaced by the
/// character: how a header spells a word the house rules keep out of
/// applet sources (the one in parentheses in mktemp's `--dry-run` line).
fn char_refs(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find("&#") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 2..];
        match tail
            .split_once(';')
            .and_then(|(n, r)| Some((char::from_u32(n.parse().ok()?)?, r)))
        {
            Some((c, r)) => {
                out.push(c);
                rest = r;
            }
            None => {
                out.push_str("&#");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// One header block, after its `// corebox applet` line.
fn parse_header(path: &Path, lines: &mut Peekable<Lines>) -> Applet {
    let mut a = Applet {
        name: String::new(),
        usage: vec![],
        opts: vec![],
        stop_at_operand: false,
        usage_status: 1,
        help: String::new(),
    };
    while let Some(line) = lines.next() {
        let Some(body) = line.strip_prefix("//") else {
            fail(path, "a header ends with its `// help:` text");
        };
        let body = body.strip_prefix(' ').unwrap_or(body);
        let (key, value) = body.split_once(':').unwrap_or_else(|| fail(path, line));
        let value = value.trim();
        match key {
            "name" => a.name = value.to_string(),
            "usage" => a.usage.push(value.to_string()),
            // A usage line printed as written, not after the program's
            // name (test and [ name both forms whatever the invocation).
            "usage-literal" => a.usage.push(format!("\u{1}{value}")),
            "stop-at-operand" => a.stop_at_operand = value == "yes",
            "usage-status" => a.usage_status = value.parse().unwrap_or_else(|_| fail(path, line)),
            "option" => a.opts.push(parse_opt(path, value)),
            "help" => {
                // `%s` is the program name as invoked (GNU's examples use
                // it), stored as the byte 0x01; a literal `%s` (date's
                // list of conversions) is spelled `%&#115;`.
                while let Some(h) = lines.peek().and_then(|l| l.strip_prefix("//")) {
                    let h = h.strip_prefix(' ').unwrap_or(h);
                    assert!(!h.contains('\u{1}'));
                    a.help.push_str(&char_refs(&h.replace("%s", "\u{1}")));
                    a.help.push('\n');
                    lines.next();
                }
                break;
            }
            _ => fail(path, line),
        }
    }
    if a.name.is_empty() || a.usage.is_empty() {
        fail(path, "needs name and usage");
    }
    a
}

/// `-n, --lines=NUM` / `-v` / `--retry` / `--color[=WHEN]`; several long
/// names give aliases of one option (`-q, --quiet, --silent`).
fn parse_opt(path: &Path, spec: &str) -> Opt {
    let mut o = Opt {
        short: None,
        longs: vec![],
        arg: "No",
    };
    for part in spec.split(", ") {
        if let Some(long) = part.strip_prefix("--") {
            if let Some((n, _)) = long.split_once("[=") {
                o.longs.push(n.to_string());
                o.arg = "Optional";
            } else if let Some((n, _)) = long.split_once('=') {
                o.longs.push(n.to_string());
                o.arg = "Required";
            } else {
                o.longs.push(long.to_string());
            }
        } else if let Some(s) = part.strip_prefix('-') {
            let mut c = s.chars();
            o.short = c.next();
            let rest: String = c.collect();
            if rest.starts_with(' ') {
                o.arg = "Required";
            } else if rest.starts_with('[') {
                o.arg = "Optional";
            } else if !rest.is_empty() {
                fail(path, spec);
            }
        } else {
            fail(path, spec);
        }
    }
    o
}

fn const_name(long: &str) -> String {
    long.to_ascii_uppercase().replace('-', "_")
}

/// The module name of an applet (`[` is `bracket`; raw so `true` works).
fn ident(name: &str) -> String {
    if name == "[" {
        "bracket".into()
    } else {
        format!("r#{}", name.replace('-', "_"))
    }
}

/// The option keys of a file's programs: a short option is its own key,
/// a long-only option gets a private-use character, the same for the
/// same long name in every program of a family. Returns the keys per
/// option and the `opt` constants (one per long name).
fn option_keys(file: &AppletFile) -> (Vec<Vec<char>>, BTreeMap<String, char>) {
    let mut private = 0xe000u32;
    let mut consts: BTreeMap<String, char> = BTreeMap::new();
    let mut keys = vec![];
    for a in &file.applets {
        let mut ks = vec![];
        for o in &a.opts {
            let key = match (o.short, o.longs.first()) {
                (Some(c), _) => c,
                (None, Some(l)) => match consts.get(l) {
                    Some(&k) => k,
                    None => {
                        private += 1;
                        char::from_u32(private).unwrap()
                    }
                },
                (None, None) => fail(&file.path, "an option needs a name"),
            };
            for l in &o.longs {
                let c = consts.entry(l.clone()).or_insert(key);
                if *c != key {
                    fail(
                        &file.path,
                        &format!("--{l} has two different short forms in this family"),
                    );
                }
            }
            ks.push(key);
        }
        keys.push(ks);
    }
    (keys, consts)
}

/// The static `Spec` of one program: its options as 8-byte `OptDef`s whose
/// long names are slices of one string per program.
fn spec(a: &Applet, keys: &[char], help: usize) -> String {
    let mut defs = String::new();
    let mut names = String::new();
    let mut def = |short: u32, long: &str, arg: &str, key: &str| {
        let (at, len) = (names.len(), long.len());
        assert!(at + len <= u16::MAX as usize && len <= u8::MAX as usize);
        names.push_str(long);
        writeln!(
            defs,
            "        logic::opt::OptDef {{ at: {at}, len: {len}, short: {short}, arg: logic::opt::HasArg::{arg}, key: {key} }},"
        )
        .unwrap();
    };
    for (o, key) in a.opts.iter().zip(keys) {
        assert!((*key as u32) < 0x10000, "option keys are below U+10000");
        let short = o.short.map_or(0, |c| c as u32);
        let longs: Vec<&str> = if o.longs.is_empty() {
            vec![""]
        } else {
            o.longs.iter().map(|l| l.as_str()).collect()
        };
        for (i, long) in longs.iter().enumerate() {
            // The short form belongs to the first entry only.
            let short = if i == 0 { short } else { 0 };
            def(short, long, o.arg, &format!("{}", *key as u32));
        }
    }
    def(0, "help", "No", "crate::shared::cli::HELP as u16");
    def(0, "version", "No", "crate::shared::cli::VERSION as u16");
    // The program's name follows the last option's (`Spec::name`).
    names.push_str(&a.name);
    format!(
        "    pub static SPEC: crate::shared::cli::Spec = crate::shared::cli::Spec {{\n        usage: {:?},\n        help: {},\n        stop_at_operand: {},\n        usage_status: {},\n        names: {names:?},\n        opts: &[\n{defs}        ],\n    }};\n",
        a.usage.join("\n"),
        help,
        a.stop_at_operand,
        a.usage_status
    )
}

/// The module of one applet file: the file itself as `imp`, the `opt`
/// key constants of all its programs, and each program's `SPEC` (at the
/// module's top for a one-program file, in a module named after the
/// program in a family file). `help` is the number of its first program's
/// help text in the packed stream.
fn generate(file: &AppletFile, help: usize) -> String {
    let (keys, consts) = option_keys(file);
    let mut s = String::new();
    writeln!(s, "pub mod {} {{", ident(&file.stem)).unwrap();
    writeln!(
        s,
        "    #[allow(dead_code)]\n    #[path = {:?}]\n    pub(crate) mod imp;",
        file.path.canonicalize().unwrap().display().to_string()
    )
    .unwrap();
    s.push_str("    #[allow(dead_code)]\n    pub mod opt {\n");
    for (long, key) in &consts {
        writeln!(s, "        pub const {}: char = {key:?};", const_name(long)).unwrap();
    }
    s.push_str("    }\n");
    if file.applets.len() == 1 {
        s.push_str(&spec(&file.applets[0], &keys[0], help));
    } else {
        for (i, (a, k)) in file.applets.iter().zip(&keys).enumerate() {
            // A family's file may be named after one of its programs.
            writeln!(
                s,
                "    #[allow(clippy::module_inception)]\n    pub mod {} {{",
                ident(&a.name)
            )
            .unwrap();
            s.push_str(&spec(a, k, help + i));
            s.push_str("    }\n");
        }
    }
    s.push_str("}\n");
    s
}

/// The programs of one `applets/*.rs` file.
struct AppletFile {
    /// The file name without `.rs`: the module's name.
    stem: String,
    path: PathBuf,
    applets: Vec<Applet>,
}

/// The entry point of program `name` in its file's module: `main` in a
/// one-program file, the function named after the program in a family.
fn entry(file: &AppletFile, name: &str) -> String {
    if file.applets.len() == 1 {
        format!("{}::imp::main", ident(&file.stem))
    } else {
        format!("{}::imp::{}", ident(&file.stem), ident(name))
    }
}

/// Every applet file in `applets/` (the dispatcher `lib.rs` and this
/// script aside; the applet library lives in subfolders).
fn applet_files() -> Vec<AppletFile> {
    let mut paths: Vec<PathBuf> = fs::read_dir(".")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "rs")
                && !p.ends_with("lib.rs")
                && !p.ends_with("build.rs")
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            println!("cargo:rerun-if-changed={}", path.display());
            let text = fs::read_to_string(&path).unwrap();
            AppletFile {
                stem: path.file_stem().unwrap().to_str().unwrap().to_string(),
                applets: parse_headers(&path, &text),
                path,
            }
        })
        .collect()
}

fn main() {
    println!("cargo:rerun-if-changed=.");
    println!("cargo:rerun-if-changed=../core/src/pack.rs");
    println!("cargo:rerun-if-env-changed=COREBOX_APPLETS");
    let wanted: Option<Vec<String>> = env::var("COREBOX_APPLETS")
        .ok()
        .filter(|v| !v.trim().is_empty())
        .map(|v| {
            v.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        });
    println!("cargo:rerun-if-env-changed=COREBOX_HELP");
    let short_help = match env::var("COREBOX_HELP").as_deref() {
        Ok("short") => true,
        Ok("full" | "") | Err(_) => false,
        Ok(v) => panic!("COREBOX_HELP is `full` (the default) or `short`, not `{v}`"),
    };
    println!("cargo::rustc-check-cfg=cfg(corebox_short_help)");
    if short_help {
        println!("cargo::rustc-cfg=corebox_short_help");
    }
    // A subset build leaves parts of the applet library unused.
    println!("cargo::rustc-check-cfg=cfg(corebox_subset)");
    if wanted.is_some() {
        println!("cargo::rustc-cfg=corebox_subset");
    }
    let all = applet_files();
    let is_wanted = |name: &str| wanted.as_ref().is_none_or(|w| w.iter().any(|n| n == name));
    if let Some(w) = &wanted {
        for n in w {
            if !all.iter().any(|f| f.applets.iter().any(|a| &a.name == n)) {
                panic!("COREBOX_APPLETS names an unknown applet: {n}");
            }
        }
    }
    // A family's file is built whole when one of its programs is wanted
    // (its code names every program's SPEC); only the wanted programs
    // are in the dispatch table, so the linker drops the others.
    let files: Vec<&AppletFile> = all
        .iter()
        .filter(|f| f.applets.iter().any(|a| is_wanted(&a.name)))
        .collect();
    let mut out = String::from("// Generated by build.rs from the applet headers. Do not edit.\n");
    // Every help text of the build, each ending with a 0 byte, packed into
    // one stream (`logic::pack`); a Spec names its text by number. They
    // hold the program name as the byte 0x01 (parse_header).
    let mut helps = vec![];
    if !short_help {
        for a in files.iter().flat_map(|f| &f.applets) {
            assert!(
                a.help.bytes().all(|b| b != 0 && b < 0x80),
                "help texts are ASCII"
            );
            helps.extend_from_slice(a.help.as_bytes());
            helps.push(0);
        }
    }
    let packed = pack::pack(&helps);
    writeln!(
        out,
        "/// The packed help texts (`logic::pack`).\npub static HELP_PACK: [u8; {}] = *b\"{}\";",
        packed.len(),
        packed.escape_ascii()
    )
    .unwrap();
    let mut table = vec![];
    let mut help = 0;
    for f in &files {
        out.push_str(&generate(f, help));
        help += f.applets.len();
        for a in f.applets.iter().filter(|a| is_wanted(&a.name)) {
            table.push((a.name.clone(), entry(f, &a.name)));
        }
    }
    table.sort();
    // The names as one string (one line each, as --list prints them)
    // and the entry points in the same order: 8 bytes an applet fewer
    // than a table of (name, entry) pairs.
    let names: String = table.iter().map(|(n, _)| format!("{n}\n")).collect();
    writeln!(
        out,
        "/// Every applet in this build, sorted by name, one per line.\npub static NAMES: &[u8] = {:?}.as_bytes();",
        names
    )
    .unwrap();
    out.push_str(
        "/// Their entry points, in the same order.\npub static MAINS: &[shared::cli::Main] = &[\n",
    );
    for (_, main) in &table {
        writeln!(out, "    {main},").unwrap();
    }
    out.push_str("];\n");
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("applets.rs"),
        out,
    )
    .unwrap();
}
