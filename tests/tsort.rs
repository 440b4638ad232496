use crate::harness::*;

#[test]
fn orders_pairs() {
    ucmd("tsort")
        .stdin("a b\nb c\n")
        .run()
        .success()
        .stdout_is("a\nb\nc\n");
    // Items with no predecessors come in byte order, then their
    // successors as their counts reach zero.
    ucmd("tsort")
        .stdin("c d b d a b\n")
        .run()
        .success()
        .stdout_is("a\nc\nb\nd\n");
    // An item paired with itself is only present.
    ucmd("tsort")
        .stdin("x x\ty\ty")
        .run()
        .success()
        .stdout_is("x\ny\n");
    ucmd("tsort").stdin("").run().success().stdout_is("");
    // A NUL ends a token's name; the token runs on to a blank.
    ucmd("tsort")
        .stdin(&b"x\0y z\n"[..])
        .run()
        .success()
        .stdout_is("x\nz\n");
}

#[test]
fn loops_and_errors() {
    ucmd("tsort")
        .stdin("a b b c c a\n")
        .run()
        .code_is(1)
        .stdout_is("a\nb\nc\n")
        .stderr_is("tsort: -: input contains a loop:\ntsort: a\ntsort: b\ntsort: c\n");
    ucmd("tsort")
        .stdin("a b c")
        .run()
        .code_is(1)
        .stdout_is("")
        .stderr_is("tsort: -: input contains an odd number of tokens\n");
    ucmd("tsort")
        .args(&["nonexistent"])
        .run()
        .code_is(1)
        .stderr_is("tsort: nonexistent: No such file or directory\n");
    ucmd("tsort")
        .args(&["a", "b"])
        .run()
        .code_is(1)
        .stderr_is("tsort: extra operand 'b'\nTry 'tsort --help' for more information.\n");
    ucmd("tsort")
        .args(&["-x"])
        .run()
        .code_is(1)
        .stderr_is("tsort: invalid option -- 'x'\nTry 'tsort --help' for more information.\n");
    ucmd("tsort")
        .stdin("a b\n")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("tsort: write error: No space left on device\n");
}

/// Generated graphs (with and without cycles, repeated pairs, self
/// pairs) give GNU's output, loop reports and status.
#[test]
fn tsort_like_gnu() {
    let t = TempDir::new();
    let mut seed = 12345u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for case in 0..60 {
        let items = 2 + next(14);
        let pairs = 1 + next(3 * items);
        let mut s = String::new();
        for p in 0..pairs {
            let a = next(items);
            // Mostly forward edges; some cases get back edges (loops).
            let b = if case % 3 == 0 {
                next(items)
            } else {
                a + next(items - a)
            };
            s.push_str(&format!("n{a}{}n{b}", if p % 2 == 0 { " " } else { "\t" }));
            s.push(if p % 5 == 4 { '\n' } else { ' ' });
        }
        same_as_gnu("tsort", &[], Some(s.as_bytes()), None);
        t.write("in", s.as_bytes());
        same_as_gnu("tsort", &["in"], None, Some(t.path()));
    }
}
