use crate::harness::*;

fn count(o: Output) -> u64 {
    o.success().stdout_str().trim().parse().unwrap()
}

#[test]
fn counts_and_overrides() {
    let n = count(ucmd("nproc").run());
    assert!(n >= 1);
    let all = count(ucmd("nproc").arg("--all").run());
    assert!(all >= n);
    assert_eq!(count(ucmd("nproc").env("OMP_NUM_THREADS", "7").run()), 7);
    assert_eq!(count(ucmd("nproc").env("OMP_NUM_THREADS", " 5,2").run()), 5);
    assert_eq!(
        count(
            ucmd("nproc")
                .env("OMP_NUM_THREADS", "7")
                .env("OMP_THREAD_LIMIT", "3")
                .run()
        ),
        3
    );
    assert_eq!(count(ucmd("nproc").env("OMP_NUM_THREADS", "x").run()), n);
    assert_eq!(count(ucmd("nproc").env("OMP_NUM_THREADS", "0").run()), n);
    assert_eq!(count(ucmd("nproc").env("OMP_THREAD_LIMIT", "1").run()), 1);
    assert_eq!(
        count(ucmd("nproc").env("OMP_NUM_THREADS", "7").arg("--all").run()),
        all
    );
    assert_eq!(
        count(
            ucmd("nproc")
                .env("OMP_NUM_THREADS", "7")
                .arg("--ignore=2")
                .run()
        ),
        5
    );
    assert_eq!(count(ucmd("nproc").args(&["--ignore", "100000"]).run()), 1);
    assert_eq!(count(ucmd("nproc").args(&["--ign=0"]).run()), n);
    if have_gnu("nproc") {
        let gnu_n = gnu("nproc").run().stdout_str();
        ucmd("nproc").run().stdout_is(&gnu_n);
        let gnu_all = gnu("nproc").arg("--all").run().stdout_str();
        ucmd("nproc").arg("--all").run().stdout_is(&gnu_all);
    }
}

#[test]
fn errors() {
    ucmd("nproc")
        .arg("--ignore=x")
        .run()
        .code_is(1)
        .stderr_is("nproc: invalid number: 'x'\n");
    ucmd("nproc")
        .arg("--ignore=-1")
        .run()
        .code_is(1)
        .stderr_is("nproc: invalid number: '-1'\n");
    ucmd("nproc").arg("--ignore=99999999999999999999").run().code_is(1).stderr_is("nproc: invalid number: '99999999999999999999': Value too large for defined data type\n");
    ucmd("nproc").arg("--ignore").run().code_is(1).stderr_is(
        "nproc: option '--ignore' requires an argument\nTry 'nproc --help' for more information.\n",
    );
    ucmd("nproc")
        .arg("a")
        .run()
        .code_is(1)
        .stderr_is("nproc: extra operand 'a'\nTry 'nproc --help' for more information.\n");
    ucmd("nproc")
        .stdout_to(Out::Full)
        .run()
        .code_is(1)
        .stderr_is("nproc: write error: No space left on device\n");
}
