//! Generates the applet table from the declarative header at the top of
//! every `applets/NAME.rs` (see the README): one module per applet with its
//! option table, option-key constants and help text, and the sorted
//! dispatch table. `COREBOX_APPLETS="cat tail"` builds only those applets.
//!
//! For the host's `*-linux-gnu` target it also passes the link arguments
//! that make the binary the same static, libc-free executable as the musl
//! triples get from `.cargo/config.toml`.

use std::collections::BTreeMap;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

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
    path: String,
}

fn fail(path: &Path, msg: &str) -> ! {
    panic!("{}: bad applet header: {}", path.display(), msg)
}

/// Parses `// key: value` lines up to the first line that is not a comment.
fn parse_header(path: &Path, text: &str) -> Option<Applet> {
    let mut lines = text.lines().peekable();
    let mut a = Applet {
        name: String::new(),
        usage: vec![],
        opts: vec![],
        stop_at_operand: false,
        usage_status: 1,
        help: String::new(),
        path: path.canonicalize().unwrap().display().to_string(),
    };
    if lines.peek().map(|l| l.trim_end()) != Some("// corebox applet") {
        return None;
    }
    lines.next();
    while let Some(line) = lines.next() {
        let Some(body) = line.strip_prefix("//") else {
            break;
        };
        let body = body.strip_prefix(' ').unwrap_or(body);
        let (key, value) = body.split_once(':').unwrap_or_else(|| fail(path, line));
        let value = value.trim();
        match key {
            "name" => a.name = value.to_string(),
            "usage" => a.usage.push(value.to_string()),
            "stop-at-operand" => a.stop_at_operand = value == "yes",
            "usage-status" => a.usage_status = value.parse().unwrap_or_else(|_| fail(path, line)),
            "option" => a.opts.push(parse_opt(path, value)),
            "help" => {
                for l in lines.by_ref() {
                    let Some(h) = l.strip_prefix("//") else { break };
                    a.help.push_str(h.strip_prefix(' ').unwrap_or(h));
                    a.help.push('\n');
                }
                break;
            }
            _ => fail(path, line),
        }
    }
    if a.name.is_empty() || a.usage.is_empty() {
        fail(path, "needs name and usage");
    }
    Some(a)
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

fn generate(a: &Applet, packed: &[u8]) -> String {
    let mut s = String::new();
    let mut defs = String::new();
    let mut consts = String::new();
    let mut private = 0xe000u32;
    let mut keys: BTreeMap<String, char> = BTreeMap::new();
    for o in &a.opts {
        let key = match o.short {
            Some(c) => c,
            None => *keys.entry(o.longs[0].clone()).or_insert_with(|| {
                private += 1;
                char::from_u32(private).unwrap()
            }),
        };
        let short = o.short.map_or(0, |c| c as u32);
        let longs: Vec<&str> = if o.longs.is_empty() {
            vec![""]
        } else {
            o.longs.iter().map(|l| l.as_str()).collect()
        };
        for (i, long) in longs.iter().enumerate() {
            if !long.is_empty() {
                writeln!(
                    consts,
                    "        pub const {}: char = {:?};",
                    const_name(long),
                    key
                )
                .unwrap();
            }
            // The short form belongs to the first entry only.
            let short = if i == 0 { short } else { 0 };
            writeln!(
                defs,
                "        corebox_core::opt::OptDef {{ short: {short}, long: {long:?}, arg: corebox_core::opt::HasArg::{}, key: {key:?} }},",
                o.arg
            )
            .unwrap();
        }
    }
    for (long, key) in [("help", "sys::cli::HELP"), ("version", "sys::cli::VERSION")] {
        writeln!(
            defs,
            "        corebox_core::opt::OptDef {{ short: 0, long: {long:?}, arg: corebox_core::opt::HasArg::No, key: {key} }},"
        )
        .unwrap();
    }
    let ident = ident(&a.name);
    writeln!(s, "pub mod {ident} {{").unwrap();
    writeln!(
        s,
        "    #[path = {:?}]\n    mod imp;\n    pub use imp::main;",
        a.path
    )
    .unwrap();
    writeln!(
        s,
        "    #[allow(dead_code)]\n    pub mod opt {{\n{consts}    }}"
    )
    .unwrap();
    writeln!(
        s,
        "    pub static SPEC: sys::cli::Spec = sys::cli::Spec {{\n        name: {:?},\n        usage: &{:?},\n        help: b\"{}\",\n        pairs: &super::HELP_PAIRS,\n        stop_at_operand: {},\n        usage_status: {},\n        opts: &[\n{defs}        ],\n    }};",
        a.name, a.usage, packed.escape_ascii(), a.stop_at_operand, a.usage_status
    )
    .unwrap();
    writeln!(s, "}}").unwrap();
    s
}

/// Byte-pair compression of the help texts (all of the build's at once,
/// so they share one table): codes 0x80..=0xff each stand for the pair
/// of bytes (or codes) seen most often at that point, replaced left to
/// right. Help texts are ASCII, so the codes are free. Ties go to the
/// smallest pair: the output does not depend on hash order.
fn pair_compress(texts: &mut [Vec<u8>]) -> Vec<[u8; 2]> {
    for t in texts.iter() {
        assert!(t.iter().all(|&b| b < 0x80), "help texts must be ASCII");
    }
    let mut pairs = vec![];
    let mut count = vec![0u32; 1 << 16];
    for code in 0x80..=0xffu8 {
        count.iter_mut().for_each(|c| *c = 0);
        for t in texts.iter() {
            for w in t.windows(2) {
                count[(w[0] as usize) << 8 | w[1] as usize] += 1;
            }
        }
        let (best, &n) = count
            .iter()
            .enumerate()
            .max_by_key(|&(i, &c)| (c, std::cmp::Reverse(i)))
            .unwrap();
        if n < 3 {
            break;
        }
        let pair = [(best >> 8) as u8, best as u8];
        for t in texts.iter_mut() {
            let mut out = Vec::with_capacity(t.len());
            let mut i = 0;
            while i < t.len() {
                if t[i..].starts_with(&pair) {
                    out.push(code);
                    i += 2;
                } else {
                    out.push(t[i]);
                    i += 1;
                }
            }
            *t = out;
        }
        pairs.push(pair);
    }
    pairs
}

fn main() {
    println!("cargo:rerun-if-changed=applets");
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
    let mut applets = vec![];
    let mut entries: Vec<_> = fs::read_dir("applets")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).unwrap();
        if let Some(a) = parse_header(&path, &text) {
            if wanted.as_ref().is_none_or(|w| w.contains(&a.name)) {
                applets.push(a);
            }
        }
    }
    if let Some(w) = &wanted {
        for n in w {
            if !applets.iter().any(|a| &a.name == n) {
                panic!("COREBOX_APPLETS names an unknown applet: {n}");
            }
        }
    }
    applets.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = String::from("// Generated by build.rs from the applet headers. Do not edit.\n");
    // `%s` in a help text is the program name as invoked (GNU's examples
    // use it); it is stored as the byte 0x01.
    let mut helps: Vec<Vec<u8>> = applets
        .iter()
        .map(|a| {
            assert!(!a.help.contains('\u{1}'));
            a.help.replace("%s", "\u{1}").into_bytes()
        })
        .collect();
    let pairs = pair_compress(&mut helps);
    writeln!(
        out,
        "/// The byte pairs of the compressed help texts.\npub static HELP_PAIRS: [[u8; 2]; {}] = {:?};",
        pairs.len(),
        pairs
    )
    .unwrap();
    for (a, packed) in applets.iter().zip(&helps) {
        out.push_str(&generate(a, packed));
    }
    out.push_str("/// Every applet in this build, sorted by name.\npub static APPLETS: &[(&str, sys::cli::Main)] = &[\n");
    for a in &applets {
        writeln!(out, "    ({:?}, {}::main),", a.name, ident(&a.name)).unwrap();
    }
    out.push_str("];\n");
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("applets.rs"),
        out,
    )
    .unwrap();

    // The host triple has no settings in .cargo/config.toml (they would also
    // apply to build scripts and test harnesses there), so the binary gets
    // its libc-free static link from here.
    let target = env::var("TARGET").unwrap();
    if target.ends_with("-linux-gnu") {
        for arg in [
            "-nostartfiles",
            "-nostdlib",
            "-static",
            "-no-pie",
            "-Wl,--gc-sections",
            "-Wl,--build-id=none",
        ] {
            println!("cargo:rustc-link-arg-bins={arg}");
        }
    }
}
