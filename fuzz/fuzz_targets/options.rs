//! The getopt_long-compatible option parser (logic::opt) over arguments
//! separated by NULs, against a table with every kind of option.
#![no_main]
use libfuzzer_sys::fuzz_target;
use logic::opt::{HasArg, OptDef, Parser};

const NAMES: &str = "linesverbosequietsilentretrycolorcolourhelpversionzero";

fn defs() -> Vec<OptDef> {
    let table: [(u8, &str, HasArg, char); 11] = [
        (b'n', "lines", HasArg::Required, 'n'),
        (b'v', "verbose", HasArg::No, 'v'),
        (b'q', "quiet", HasArg::No, 'q'),
        (0, "silent", HasArg::No, 'q'),
        (0, "retry", HasArg::No, '\u{e000}'),
        (b'c', "color", HasArg::Optional, 'c'),
        (0, "colour", HasArg::Optional, 'c'),
        (0, "help", HasArg::No, '\u{e001}'),
        (0, "version", HasArg::No, '\u{e002}'),
        (b'z', "zero", HasArg::No, 'z'),
        (b'0', "", HasArg::No, '0'),
    ];
    let mut at = 0;
    table
        .iter()
        .map(|&(short, long, arg, key)| {
            at += long.len();
            OptDef {
                at: (at - long.len()) as u16,
                len: long.len() as u8,
                short,
                arg,
                key: key as u16,
            }
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let (sel, data) = corebox_fuzz::selector(data);
    let args: Vec<&[u8]> = data.split(|&b| b == 0).collect();
    let defs = defs();
    let mut p = Parser::new(&defs, NAMES, &args, sel & 1 != 0);
    if sel & 2 != 0 {
        p = p.in_order();
    }
    for _ in 0..=args.len() * 2 + 2 {
        match p.next() {
            None => break,
            Some(Ok(o)) => {
                assert!(defs.iter().any(|d| d.key == o.key as u16) || o.key == logic::opt::OPERAND);
            }
            Some(Err(e)) => {
                let _ = e.message();
                break;
            }
        }
    }
    let _ = p.rest();
    let _ = p.into_operands();
});
