use crate::harness::*;

fn line(n: &str, factors: &str) -> String {
    format!("{n}:{factors}\n")
}

#[test]
fn factors_operands() {
    ucmd("factor")
        .args(&["9", "7", "  +7", "05", "0", "1", "4294967292"])
        .run()
        .success()
        .stdout_is("9: 3 3\n7: 7\n7: 7\n5: 5\n0:\n1:\n4294967292: 2 2 3 3 7 11 31 151 331\n");
    // GNU's factor.pl cases.
    let cases = [
        ("4294967293", " 9241 464773"),
        ("4294966194", " 2 3 3 3 3 3 3 3 53 97 191"),
        ("465658903", " 15259 30517"),
        ("17754345703", " 94219 188437"),
        ("158909489063877810457", " 3401347 3861211 12099721"),
        ("222087527029934481871", " 15601 26449 111427 4830277"),
        (
            "12847291069740315094892340035",
            " 5 4073 18899 522591721 63874247821",
        ),
        ("18446744073709551615", " 3 5 17 257 641 65537 6700417"),
        ("18446744073709551617", " 274177 67280421310721"),
        ("18446744073709551557", " 18446744073709551557"),
        (
            "170141183460469231731687303715884105727",
            " 170141183460469231731687303715884105727",
        ),
    ];
    for (n, f) in cases {
        ucmd("factor").arg(n).run().success().stdout_is(line(n, f));
    }
}

#[test]
fn numbers_beyond_128_bits() {
    let two128 = "340282366920938463463374607431768211456";
    ucmd("factor")
        .arg(two128)
        .run()
        .success()
        .stdout_is(line(two128, &" 2".repeat(128)));
    ucmd("factor")
        .arg("+170141183460469231731687303715884105729")
        .run()
        .success()
        .stdout_is(
            "170141183460469231731687303715884105729: 3 56713727820156410577229101238628035243\n",
        );
    ucmd("factor")
        .arg("0000365376505288812033844090247803312793346305134223639107")
        .run()
        .success()
        .stdout_is("365376505288812033844090247803312793346305134223639107: 1000003 2147483647 170141183460469231731687303715884105727\n");
}

#[test]
fn reads_standard_input() {
    ucmd("factor")
        .stdin("  +12\t+\n 0 1\n\n6")
        .run()
        .code_is(1)
        .stdout_is("12: 2 2 3\n0:\n1:\n6: 2 3\n")
        .stderr_is("factor: '+' is not a valid positive integer\n");
    // A NUL ends a token's text.
    ucmd("factor")
        .stdin(&b"5\0x 6"[..])
        .run()
        .success()
        .stdout_is("5: 5\n6: 2 3\n");
    ucmd("factor").stdin("").run().success().stdout_is("");
}

#[test]
fn bad_numbers_and_options() {
    ucmd("factor")
        .args(&["a", "4", "", "-", "5 ", "+ 5", "0x10", "--", "-1"])
        .run()
        .code_is(1)
        .stdout_is("4: 2 2\n")
        .stderr_is(
            "factor: 'a' is not a valid positive integer\n\
             factor: '' is not a valid positive integer\n\
             factor: '-' is not a valid positive integer\n\
             factor: '5 ' is not a valid positive integer\n\
             factor: '+ 5' is not a valid positive integer\n\
             factor: '0x10' is not a valid positive integer\n\
             factor: '-1' is not a valid positive integer\n",
        );
    ucmd("factor")
        .arg("-1")
        .run()
        .code_is(1)
        .stderr_is("factor: invalid option -- '1'\nTry 'factor --help' for more information.\n");
    ucmd("factor")
        .arg("-h")
        .run()
        .code_is(1)
        .stderr_is("factor: invalid option -- 'h'\nTry 'factor --help' for more information.\n");
    ucmd("factor")
        .args(&["---debug", "10"])
        .run()
        .success()
        .stdout_is("10: 2 5\n");
}

#[test]
fn big_lines_overtake_buffered_small_ones() {
    // GNU writes numbers from 2^127 on through stdio at once, the others
    // through its own buffer of whole lines, 512 bytes at most a write.
    let big = "340282366920938463463374607431768211458";
    ucmd("factor")
        .args(&["6", big, "10"])
        .run()
        .success()
        .stdout_is(format!(
            "{big}: 2 3 56713727820156410577229101238628035243\n6: 2 3\n10: 2 5\n"
        ));
    let mut input: String = (1000..1100).map(|n| format!("{n}\n")).collect();
    input.push_str(big);
    let out = ucmd("factor").stdin(&input).run().success();
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    // Whole 512-byte chunks went out before it; the rest follows it.
    let pos = text.find(big).unwrap();
    assert!(pos > 0 && text[..pos].ends_with('\n'), "{pos}");
    assert!(text.len() - pos > 100 && pos % 512 > 400, "{pos}");
    assert!(text.ends_with("1099: 7 157\n"));
    if have_gnu("factor") {
        assert_eq!(out.stdout, gnu("factor").stdin(&input).run().stdout);
    }
}

#[test]
fn write_errors() {
    ucmd("factor")
        .arg("5")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("factor: write error: No space left on device\n");
    // GNU's buffer dies at its first failed write (endless input ends),
    // and its atexit flush of the same lines fails again.
    ucmd("factor")
        .stdin("4\n".repeat(10000))
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("factor: write error: No space left on device\n".repeat(2));
}

fn differential(input: &str) {
    let ours = ucmd("factor").stdin(input).run();
    let theirs = gnu("factor").stdin(input).run();
    assert_eq!(ours.stdout, theirs.stdout, "input {input:?}");
    assert_eq!(ours.code, theirs.code);
}

#[test]
fn same_as_gnu() {
    if !have_gnu("factor") {
        return;
    }
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut input = String::new();
    for _ in 0..300 {
        let bits = next() % 100 + 1;
        let v = (next() as u128) << 64 | next() as u128;
        input.push_str(&format!("{}\n", v >> (128 - bits)));
    }
    for e in [
        "2 3 4 5 1 0 65537 4294967295 4294967296 4294967297",
        "18446744073709551614 18446744073709551615 18446744073709551616",
        "18446744073709551617 18446744073709551557 9223372036854775807",
        "170141183460469231731687303715884105727 170141183460469231731687303715884105728",
        "1000006000009 18446743979220271189 25030009 25020009",
    ] {
        input.push_str(e);
        input.push('\n');
    }
    differential(&input);
    // Products of two primes of about 20 to 50 bits, and a square.
    let mut semi = String::new();
    for k in 0..40u64 {
        let a = (next() >> (44 - k % 24)) | 1;
        let b = next() >> (14 + k % 30) | 1;
        semi.push_str(&format!("{}\n", a as u128 * b as u128));
    }
    differential(&semi);
    let seq: String = (1..=20000).map(|n| format!("{n}\n")).collect();
    differential(&seq);
}

/// Beyond 128 bits (GNU's GMP path): Fermat and Mersenne numbers and
/// others that trial division and rho split in milliseconds, products of
/// a 28- to 40-bit prime and a 100- to 130-bit one, with GNU's leading
/// zeros and `+`.
#[test]
fn big_numbers_same_as_gnu() {
    let two = |e: u32, d: i32| {
        let mut v = vec![1u32];
        for _ in 0..e {
            let mut carry = 0;
            for x in v.iter_mut() {
                let t = *x * 2 + carry;
                *x = t % 1_000_000_000;
                carry = t / 1_000_000_000;
            }
            if carry > 0 {
                v.push(carry);
            }
        }
        // 2^e + d, for d from -1 to 1: 2^e ends in 2, 4, 6 or 8.
        v[0] = (v[0] as i32 + d) as u32;
        let mut s = v.last().unwrap().to_string();
        for x in v.iter().rev().skip(1) {
            s.push_str(&format!("{x:09}"));
        }
        s
    };
    let mut input = String::new();
    for (e, d) in [
        (129, -1),
        (130, 1),
        (130, -1),
        (160, 1),
        (192, -1),
        (200, 1),
        (224, -1),
    ] {
        input.push_str(&format!("{}\n", two(e, d)));
    }
    input.push_str(&format!("{} +00{}\n", two(128, 0), two(130, 1)));
    input.push_str(&format!("0000{}\n{}0\n", two(129, -1), two(200, 1)));
    input.push_str(&format!("1{}1 1{}1\n", "0".repeat(39), "0".repeat(59)));
    for n in [
        "487518969999026553547521122679338750983",
        "422697593006282115391502442621532848719",
        "636628964882888606598595648344321616103",
        "2776226379732605798501404287930224108608457",
        "16774436548848860771627377017968284914772402019",
        "14210717424459618753500133862526111893461336613",
        "20895958311271058167121337258574461883989470369",
        "53678608442896115945259083457590965830931",
        "42175830177198473064591802054091435776427",
        "287842939999637331468450218017708484361430450289",
        "159917329344388033915584454424209672614995344229",
        "249293581903231193028118519947560331911935134899",
        "6567064867305781612212708961692251681631143",
        "5873172169095995695597477273394655511150129",
    ] {
        input.push_str(n);
        input.push('\n');
    }
    let out = ucmd("factor").stdin(&input).run().success();
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(text.starts_with(
        "680564733841876926926749214863536422911: 7 431 9719 2099863 11053036065049294753459639\n"
    ));
    assert!(
        text.contains("\n340282366920938463463374607431768211456: 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2")
    );
    assert!(text.contains(
        "\n53678608442896115945259083457590965830931: 67390653983 796528973534477176840355273357\n"
    ));
    if have_gnu("factor") {
        differential(&input);
    }
    // Big primes, which GNU proves prime (slowly) by factoring n - 1.
    let m521 = two(521, -1);
    let m607 = two(607, -1);
    ucmd("factor")
        .args(&[&m521, &m607])
        .run()
        .success()
        .stdout_is(format!("{m521}: {m521}\n{m607}: {m607}\n"));
}

/// GNU's lbuf_flush dies at a write error past its first 4 KiB, leaving
/// the lines in its buffer, and its atexit twin fails on them again: two
/// reports with errno. Below 4 KiB only the final flush fails.
#[test]
fn write_errors_reported_as_gnu_reports_them() {
    let e = "factor: write error: No space left on device\n";
    let numbers = |n: u32| (1..=n).map(|i| format!("{i}\n")).collect::<String>();
    for (n, want) in [(10, e.to_string()), (1000, e.repeat(2))] {
        let ours = ucmd("factor")
            .stdin(numbers(n))
            .stdout_to(Out::Full)
            .run()
            .code_is(1)
            .stderr_is(&want);
        if have_gnu("factor") {
            ours.same_as(&gnu("factor").stdin(numbers(n)).stdout_to(Out::Full).run());
        }
    }
}
