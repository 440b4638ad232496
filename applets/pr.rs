// corebox applet
// name: pr
// usage: [OPTION]... [FILE]...
// option: --pages=FIRST_PAGE[:LAST_PAGE]
// option: --columns=COLUMN
// option: -a, --across
// option: -c, --show-control-chars
// option: -d, --double-space
// option: -D, --date-format=FORMAT
// option: -e[CHAR[WIDTH]], --expand-tabs[=CHAR[WIDTH]]
// option: -f, --form-feed
// option: -h, --header=HEADER
// option: -i[CHAR[WIDTH]], --output-tabs[=CHAR[WIDTH]]
// option: -J, --join-lines
// option: -l, --length=PAGE_LENGTH
// option: -m, --merge
// option: -n[SEP[DIGITS]], --number-lines[=SEP[DIGITS]]
// option: -N, --first-line-number=NUMBER
// option: -o, --indent=MARGIN
// option: -r, --no-file-warnings
// option: -s[CHAR], --separator[=CHAR]
// option: -S[STRING], --sep-string[=STRING]
// option: -t, --omit-header
// option: -T, --omit-pagination
// option: -v, --show-nonprinting
// option: -w, --width=PAGE_WIDTH
// option: -W, --page-width=PAGE_WIDTH
// option: -F
// option: -b
// option: -0
// option: -1
// option: -2
// option: -3
// option: -4
// option: -5
// option: -6
// option: -7
// option: -8
// option: -9
// help:
// Paginate or columnate FILE(s) for printing.
//
// With no FILE, or when FILE is -, read standard input.
//
// Mandatory arguments to long options are mandatory for short options too.
//   +FIRST_PAGE[:LAST_PAGE], --pages=FIRST_PAGE[:LAST_PAGE]
//                     begin [stop] printing with page FIRST_[LAST_]PAGE
//   -COLUMN, --columns=COLUMN
//                     output COLUMN columns and print columns down,
//                     unless -a is used. Balance number of lines in the
//                     columns on each page
//   -a, --across      print columns across rather than down, used together
//                     with -COLUMN
//   -c, --show-control-chars
//                     use hat notation (^G) and octal backslash notation
//   -d, --double-space
//                     double space the output
//   -D, --date-format=FORMAT
//                     use FORMAT for the header date
//   -e[CHAR[WIDTH]], --expand-tabs[=CHAR[WIDTH]]
//                     expand input CHARs (TABs) to tab WIDTH (8)
//   -F, -f, --form-feed
//                     use form feeds instead of newlines to separate pages
//                     (by a 3-line page header with -F or a 5-line header
//                     and trailer without -F)
//   -h, --header=HEADER
//                     use a centered HEADER instead of filename in page header,
//                     -h "" prints a blank line, don't use -h""
//   -i[CHAR[WIDTH]], --output-tabs[=CHAR[WIDTH]]
//                     replace spaces with CHARs (TABs) to tab WIDTH (8)
//   -J, --join-lines  merge full lines, turns off -W line truncation, no column
//                     alignment, --sep-string[=STRING] sets separators
//   -l, --length=PAGE_LENGTH
//                     set the page length to PAGE_LENGTH (66) lines
//                     (default number of lines of text 56, and with -F 63).
//                     implies -t if PAGE_LENGTH <= 10
//   -m, --merge       print all files in parallel, one in each column,
//                     truncate lines, but join lines of full length with -J
//   -n[SEP[DIGITS]], --number-lines[=SEP[DIGITS]]
//                     number lines, use DIGITS (5) digits, then SEP (TAB),
//                     default counting starts with 1st line of input file
//   -N, --first-line-number=NUMBER
//                     start counting with NUMBER at 1st line of first
//                     page printed (see +FIRST_PAGE)
//   -o, --indent=MARGIN
//                     offset each line with MARGIN (zero) spaces, do not
//                     affect -w or -W, MARGIN will be added to PAGE_WIDTH
//   -r, --no-file-warnings
//                     omit warning when a file cannot be opened
//   -s[CHAR], --separator[=CHAR]
//                     separate columns by a single character, default for CHAR
//                     is the <TAB> character without -w and 'no char' with -w.
//                     -s[CHAR] turns off line truncation of all 3 column
//                     options (-COLUMN|-a -COLUMN|-m) except -w is set
//   -S[STRING], --sep-string[=STRING]
//                     separate columns by STRING,
//                     without -S: Default separator <TAB> with -J and <space>
//                     otherwise (same as -S" "), no effect on column options
//   -t, --omit-header  omit page headers and trailers;
//                      implied if PAGE_LENGTH <= 10
//   -T, --omit-pagination
//                     omit page headers and trailers, eliminate any pagination
//                     by form feeds set in input files
//   -v, --show-nonprinting
//                     use octal backslash notation
//   -w, --width=PAGE_WIDTH
//                     set page width to PAGE_WIDTH (72) characters for
//                     multiple text-column output only, -s[char] turns off (72)
//   -W, --page-width=PAGE_WIDTH
//                     set page width to PAGE_WIDTH (72) characters always,
//                     truncate lines, except -J option is set, no interference
//                     with -S or -s
//       --help        display this help and exit
//       --version     output version information and exit

//! GNU pr.c, ported state for state: the columns of one file or of files
//! in parallel, stored and balanced for printing down, form feeds held
//! and kept, the same headers (the file's mtime in local time through
//! `-D`'s strftime format), widths, tabs and numbering, byte for byte.

use super::{opt, SPEC};
use crate::shared::cli::{usage_error, xstrtol_fatal, OPERAND};
use crate::shared::diag::{die, quote, quotef};
use alloc::vec::Vec;
use sys::io::{error, out, Fd, File};
use sys::Errno;

const EOF: i32 = -1;
const ANYWHERE: i32 = 0;
const LINES_PER_HEADER: i32 = 5;
const LINES_PER_FOOTER: i32 = 5;

#[derive(Clone, Copy, PartialEq)]
enum Status {
    Open,
    FfFound,
    OnHold,
    Closed,
}

/// A FILE stream: getc, ungetc, the error flag.
struct Reader {
    fd: Fd,
    file: Option<File>,
    buf: Vec<u8>,
    pos: usize,
    len: usize,
    back: Option<i32>,
    eof: bool,
    error: Option<Errno>,
}

impl Reader {
    fn new(fd: Fd, file: Option<File>) -> Reader {
        Reader {
            fd,
            file,
            buf: alloc::vec![0; 64 * 1024],
            pos: 0,
            len: 0,
            back: None,
            eof: false,
            error: None,
        }
    }

    fn getc(&mut self) -> i32 {
        if let Some(c) = self.back.take() {
            return c;
        }
        if self.pos == self.len {
            if self.eof || self.error.is_some() {
                return EOF;
            }
            match self.fd.read(&mut self.buf) {
                Ok(0) => {
                    self.eof = true;
                    return EOF;
                }
                Ok(n) => (self.pos, self.len) = (0, n),
                Err(e) => {
                    self.error = Some(e);
                    return EOF;
                }
            }
        }
        self.pos += 1;
        self.buf[self.pos - 1] as i32
    }

    fn ungetc(&mut self, c: i32) {
        if c != EOF {
            self.back = Some(c);
        }
    }
}

struct Column {
    /// Index of the column's stream in `Pr::inputs`.
    src: usize,
    name: &'static [u8],
    status: Status,
    /// store_char/print_stored instead of print_char/read_line.
    stores: bool,
    current_line: usize,
    lines_stored: i32,
    lines_to_print: i32,
    start_position: i32,
    numbered: bool,
    full_page_printed: bool,
}

#[derive(Default)]
struct Pr {
    columns_v: Vec<Column>,
    inputs: Vec<Reader>,
    buff: Vec<u8>,
    line_vector: Vec<usize>,
    end_vector: Vec<i32>,
    parallel_files: bool,
    align_empty_cols: bool,
    empty_line: bool,
    ff_only: bool,
    explicit_columns: bool,
    extremities: bool,
    keep_ff: bool,
    print_a_ff: bool,
    print_a_header: bool,
    use_form_feed: bool,
    have_read_stdin: bool,
    print_across_flag: bool,
    storing_columns: bool,
    balance_columns: bool,
    lines_per_page: i32,
    lines_per_body: i32,
    chars_per_line: i32,
    truncate_lines: bool,
    join_lines: bool,
    chars_per_column: i32,
    untabify_input: bool,
    input_tab_char: u8,
    chars_per_input_tab: i32,
    tabify_output: bool,
    output_tab_char: u8,
    chars_per_output_tab: i32,
    spaces_not_printed: i32,
    chars_per_margin: i32,
    output_position: i32,
    input_position: i32,
    failed_opens: bool,
    columns: i32,
    first_page_number: u64,
    last_page_number: u64,
    files_ready_to_read: i32,
    page_number: u64,
    line_number: i32,
    numbered_lines: bool,
    number_separator: u8,
    line_count: i32,
    skip_count: bool,
    start_line_num: i32,
    chars_per_number: i32,
    number_width: i32,
    use_esc_sequence: bool,
    use_cntrl_prefix: bool,
    double_space: bool,
    total_files: i32,
    ignore_failed_opens: bool,
    use_col_separator: bool,
    col_sep_string: &'static [u8],
    separators_not_printed: i32,
    padding_not_printed: i32,
    pad_vertically: bool,
    custom_header: Option<&'static [u8]>,
    date_format: Option<&'static [u8]>,
    tz: Option<logic::tz::Tz>,
    date_text: Vec<u8>,
    file_text: Vec<u8>,
    header_width_available: i32,
    clump_buff: Vec<u8>,
    last_line: bool,
    now: Option<(i64, i64)>,
    obuf: Vec<u8>,
}

fn isprint(c: u8) -> bool {
    (0x20..0x7f).contains(&c)
}

fn tab_width(c: i32, h: i32) -> i32 {
    c - h % c
}

fn width_of(s: &[u8]) -> i32 {
    logic::unicode::mbswidth(s, sys::env::utf8_locale()) as i32
}

#[cold]
fn integer_overflow() -> ! {
    die(&[b"integer overflow"], None)
}

impl Pr {
    fn putchar(&mut self, c: u8) {
        self.obuf.push(c);
        if self.obuf.len() >= 1 << 16 {
            self.flush();
        }
    }

    /// Our buffer of standard output into the process's (before any
    /// message, so that they come in order).
    fn flush(&mut self) {
        out().write(&self.obuf);
        self.obuf.clear();
    }

    fn col_sep_length(&self) -> i32 {
        self.col_sep_string.len() as i32
    }

    fn cols_ready_to_print(&self) -> u32 {
        let mut n = 0;
        for q in &self.columns_v[..self.columns as usize] {
            if q.status == Status::Open
                || q.status == Status::FfFound
                || (self.storing_columns && q.lines_stored > 0 && q.lines_to_print > 0)
            {
                n += 1;
            }
        }
        n
    }

    fn init_parameters(&mut self, number_of_files: usize) {
        let mut chars_used_by_number = 0;
        self.lines_per_body = self.lines_per_page - LINES_PER_HEADER - LINES_PER_FOOTER;
        if self.lines_per_body <= 0 {
            self.extremities = false;
            self.keep_ff = true;
        }
        if !self.extremities {
            self.lines_per_body = self.lines_per_page;
        }
        if self.double_space {
            self.lines_per_body /= 2;
        }
        if number_of_files == 0 {
            self.parallel_files = false;
        }
        if self.parallel_files {
            self.columns = number_of_files as i32;
        }
        if self.storing_columns {
            self.balance_columns = true;
        }
        if self.columns > 1 {
            if !self.use_col_separator {
                self.col_sep_string = if self.join_lines { b"\t" } else { b" " };
                self.use_col_separator = true;
            } else if !self.join_lines && self.col_sep_string == b"\t" {
                self.col_sep_string = b" ";
            }
            self.truncate_lines = true;
            if self.col_sep_string != b"\t" {
                self.untabify_input = true;
            }
            self.tabify_output = true;
        } else {
            self.storing_columns = false;
        }
        if self.join_lines {
            self.truncate_lines = false;
        }
        if self.numbered_lines {
            self.line_count = self.start_line_num;
            self.number_width = if self.number_separator == b'\t' {
                (self.chars_per_number).wrapping_add(tab_width(8, self.chars_per_number))
            } else {
                self.chars_per_number.wrapping_add(1)
            };
            if self.parallel_files {
                chars_used_by_number = self.number_width;
            }
        }
        let sep_chars = (self.columns - 1)
            .checked_mul(self.col_sep_length())
            .unwrap_or(i32::MAX);
        let useful = (self.chars_per_line.wrapping_sub(chars_used_by_number))
            .checked_sub(sep_chars)
            .unwrap_or(0);
        self.chars_per_column = useful / self.columns;
        if self.chars_per_column < 1 {
            self.flush();
            die(&[b"page width too narrow"], None);
        }
        self.clump_buff = alloc::vec![0; 8.max(self.chars_per_input_tab) as usize];
    }

    fn open_file(&mut self, name: &'static [u8]) -> Option<(usize, &'static [u8])> {
        let (r, shown): (Reader, &'static [u8]) = if name == b"-" {
            self.have_read_stdin = true;
            (Reader::new(Fd::STDIN, None), b"standard input")
        } else {
            match sys::fs::open(name, sys::fs::Open::Read) {
                Ok(f) => {
                    sys::fs::advise_sequential(f.fd());
                    (Reader::new(f.fd(), Some(f)), name)
                }
                Err(e) => {
                    self.failed_opens = true;
                    if !self.ignore_failed_opens {
                        self.flush();
                        error(&[&quotef(name)], Some(e));
                    }
                    return None;
                }
            }
        };
        self.inputs.push(r);
        self.total_files += 1;
        Some((self.inputs.len() - 1, shown))
    }

    fn new_column(src: usize, name: &'static [u8]) -> Column {
        Column {
            src,
            name,
            status: Status::Open,
            stores: false,
            current_line: 0,
            lines_stored: 0,
            lines_to_print: 0,
            start_position: 0,
            numbered: false,
            full_page_printed: false,
        }
    }

    fn init_fps(&mut self, files: &[&'static [u8]]) -> bool {
        self.total_files = 0;
        self.columns_v.clear();
        self.inputs.clear();
        if self.parallel_files {
            for &f in files {
                match self.open_file(f) {
                    Some((src, name)) => self.columns_v.push(Pr::new_column(src, name)),
                    None => self.columns -= 1,
                }
            }
            if self.columns == 0 {
                return false;
            }
            self.init_header(b"", None);
        } else {
            let (src, name) = if let Some(&f) = files.first() {
                let Some((src, name)) = self.open_file(f) else {
                    return false;
                };
                let fd = self.inputs[src].fd;
                self.init_header(f, Some(fd));
                (src, name)
            } else {
                let (src, name) = self.open_file(b"-").unwrap_or((0, b""));
                self.init_header(b"", None);
                (src, name)
            };
            for _ in 0..self.columns {
                self.columns_v.push(Pr::new_column(src, name));
            }
        }
        self.files_ready_to_read = self.total_files;
        true
    }

    fn init_funcs(&mut self) {
        let mut h = self.chars_per_margin;
        let mut h_next = if !self.truncate_lines {
            ANYWHERE
        } else if self.parallel_files && self.numbered_lines {
            h.wrapping_add(self.chars_per_column)
                .wrapping_add(self.number_width)
        } else {
            h.wrapping_add(self.chars_per_column)
        };
        h = h.wrapping_add(self.col_sep_length());
        let n = self.columns as usize;
        for i in 1..=n {
            let last = i == n;
            let stores = if last {
                self.storing_columns && self.balance_columns
            } else {
                self.storing_columns
            };
            let numbered = self.numbered_lines && (!self.parallel_files || i == 1);
            let p = &mut self.columns_v[i - 1];
            p.stores = stores;
            p.numbered = numbered;
            p.start_position = h;
            if last {
                break;
            }
            if !self.truncate_lines {
                h = ANYWHERE;
                h_next = ANYWHERE;
            } else {
                h = h_next.wrapping_add(self.col_sep_length());
                h_next = h.wrapping_add(self.chars_per_column);
            }
        }
    }

    fn close_file(&mut self, ci: usize) {
        if self.columns_v[ci].status == Status::Closed {
            return;
        }
        let src = self.columns_v[ci].src;
        let mut err = self.inputs[src].error;
        if let Some(f) = self.inputs[src].file.take() {
            if let Err(e) = f.close() {
                err = err.or(Some(e));
            }
        }
        if let Some(e) = err {
            self.flush();
            die(&[&quotef(self.columns_v[ci].name)], Some(e));
        }
        if !self.parallel_files {
            for q in &mut self.columns_v[..self.columns as usize] {
                q.status = Status::Closed;
                if q.lines_stored == 0 {
                    q.lines_to_print = 0;
                }
            }
        } else {
            let p = &mut self.columns_v[ci];
            p.status = Status::Closed;
            p.lines_to_print = 0;
        }
        self.files_ready_to_read -= 1;
    }

    fn hold_file(&mut self, ci: usize) {
        if !self.parallel_files {
            let s = if self.storing_columns {
                Status::FfFound
            } else {
                Status::OnHold
            };
            for q in &mut self.columns_v[..self.columns as usize] {
                q.status = s;
            }
        } else {
            self.columns_v[ci].status = Status::OnHold;
        }
        self.columns_v[ci].lines_to_print = 0;
        self.files_ready_to_read -= 1;
    }

    fn reset_status(&mut self) {
        for p in &mut self.columns_v[..self.columns as usize] {
            if p.status == Status::OnHold {
                p.status = Status::Open;
                self.files_ready_to_read += 1;
            }
        }
        if self.storing_columns {
            self.files_ready_to_read = (self.columns_v[0].status != Status::Closed) as i32;
        }
    }

    fn print_files(&mut self, files: &[&'static [u8]]) {
        self.init_parameters(files.len());
        if !self.init_fps(files) {
            return;
        }
        if self.storing_columns {
            self.init_store_cols();
        }
        if self.first_page_number > 1 {
            if !self.skip_to_page(self.first_page_number) {
                return;
            }
            self.page_number = self.first_page_number;
        } else {
            self.page_number = 1;
        }
        self.init_funcs();
        self.line_number = self.line_count;
        while self.print_page() {}
    }

    fn init_header(&mut self, filename: &'static [u8], fd: Option<Fd>) {
        let fd = if filename == b"-" { None } else { fd };
        let st = fd.and_then(|fd| sys::fs::fstat(fd).ok());
        let (secs, ns) = match st {
            Some(st) => (st.mtime, st.mtime_nsec as i64),
            None => *self.now.get_or_insert_with(|| {
                let (s, n) = sys::time::now();
                (s, n as i64)
            }),
        };
        let tz = self
            .tz
            .get_or_insert_with(|| crate::shared::clock::zone(sys::env::var(b"TZ")));
        let mut buf = Vec::new();
        match tz.localtime(secs) {
            Some(tm) => logic::strftime::strftime(
                &mut buf,
                self.date_format.unwrap_or_default(),
                &tm,
                secs,
                ns as u32,
            ),
            None => {
                if secs < 0 {
                    buf.push(b'-');
                }
                logic::digits::push_u64(&mut buf, secs.unsigned_abs());
                buf.push(b'.');
                let mut n = Vec::new();
                logic::digits::push_u64(&mut n, ns as u64);
                buf.resize(buf.len() + 9 - n.len(), b'0');
                buf.extend_from_slice(&n);
            }
        }
        self.date_text = buf;
        self.file_text = match self.custom_header {
            Some(h) => h.to_vec(),
            None if fd.is_none() => Vec::new(),
            None => filename.to_vec(),
        };
        self.header_width_available =
            self.chars_per_line - width_of(&self.date_text) - width_of(&self.file_text);
    }

    fn init_page(&mut self) {
        let n = self.columns as usize;
        if self.storing_columns {
            self.store_columns();
            for p in &mut self.columns_v[..n - 1] {
                p.lines_to_print = p.lines_stored;
            }
            let body = self.lines_per_body;
            let balance = self.balance_columns;
            let p = &mut self.columns_v[n - 1];
            p.lines_to_print = if balance {
                p.lines_stored
            } else if p.status == Status::Open {
                body
            } else {
                0
            };
        } else {
            let body = self.lines_per_body;
            for p in &mut self.columns_v[..n] {
                p.lines_to_print = if p.status == Status::Open { body } else { 0 };
            }
        }
    }

    fn align_column(&mut self, ci: usize) {
        self.padding_not_printed = self.columns_v[ci].start_position;
        if self.col_sep_length() < self.padding_not_printed {
            self.pad_across_to(self.padding_not_printed - self.col_sep_length());
            self.padding_not_printed = ANYWHERE;
        }
        if self.use_col_separator {
            self.print_sep_string();
        }
        if self.columns_v[ci].numbered {
            self.add_line_number(ci);
        }
    }

    /// One row of the page: each column's next line.
    fn print_row(&mut self, pv: &mut bool) -> bool {
        for j in 0..self.columns as usize {
            self.input_position = 0;
            let p = &self.columns_v[j];
            if p.lines_to_print > 0 || p.status == Status::FfFound {
                self.ff_only = false;
                self.padding_not_printed = p.start_position;
                let done = if p.stores {
                    self.print_stored(j)
                } else {
                    self.read_line(j)
                };
                if !done {
                    self.read_rest_of_line(j);
                }
                *pv |= self.pad_vertically;
                self.columns_v[j].lines_to_print -= 1;
                if self.columns_v[j].lines_to_print <= 0 && self.cols_ready_to_print() == 0 {
                    return false;
                }
                let st = self.columns_v[j].status;
                if self.parallel_files && st != Status::Open {
                    if self.empty_line {
                        self.align_empty_cols = true;
                    } else if st == Status::Closed || (st == Status::OnHold && self.ff_only) {
                        self.align_column(j);
                    }
                }
            } else if self.parallel_files {
                if self.empty_line {
                    self.align_empty_cols = true;
                } else {
                    self.align_column(j);
                }
            }
            if self.use_col_separator {
                self.separators_not_printed += 1;
            }
        }
        true
    }

    fn print_page(&mut self) -> bool {
        self.init_page();
        if self.cols_ready_to_print() == 0 {
            return false;
        }
        if self.extremities {
            self.print_a_header = true;
        }
        self.pad_vertically = false;
        let mut pv = false;
        let mut lines_left_on_page = self.lines_per_body;
        if self.double_space {
            lines_left_on_page *= 2;
        }
        while lines_left_on_page > 0 && self.cols_ready_to_print() > 0 {
            self.output_position = 0;
            self.spaces_not_printed = 0;
            self.separators_not_printed = 0;
            self.pad_vertically = false;
            self.align_empty_cols = false;
            self.empty_line = true;
            self.print_row(&mut pv);
            if self.pad_vertically {
                self.putchar(b'\n');
                lines_left_on_page -= 1;
            }
            if self.cols_ready_to_print() == 0 && !self.extremities {
                break;
            }
            if self.double_space && pv {
                self.putchar(b'\n');
                lines_left_on_page -= 1;
            }
        }
        if lines_left_on_page == 0 {
            for p in &mut self.columns_v[..self.columns as usize] {
                if p.status == Status::Open {
                    p.full_page_printed = true;
                }
            }
        }
        self.pad_vertically = pv;
        if self.pad_vertically && self.extremities {
            self.pad_down(lines_left_on_page + LINES_PER_FOOTER);
        } else if self.keep_ff && self.print_a_ff {
            self.putchar(b'\x0c');
            self.print_a_ff = false;
        }
        self.page_number = self.page_number.wrapping_add(1);
        if self.last_page_number < self.page_number {
            return false;
        }
        self.reset_status();
        true
    }

    fn init_store_cols(&mut self) {
        self.flush();
        let total_lines = self
            .lines_per_body
            .checked_mul(self.columns)
            .unwrap_or_else(|| integer_overflow());
        let cpc1 = self
            .chars_per_column
            .checked_add(1)
            .unwrap_or_else(|| integer_overflow());
        if total_lines.checked_add(1).is_none() || total_lines.checked_mul(cpc1).is_none() {
            integer_overflow();
        }
        self.line_vector = alloc::vec![0; total_lines as usize + 1];
        self.end_vector = alloc::vec![0; total_lines as usize];
        self.buff = Vec::new();
    }

    fn store_columns(&mut self) {
        let mut line = 0usize;
        self.buff.clear();
        let mut buff_start = 0usize;
        let last_col = if self.balance_columns {
            self.columns
        } else {
            self.columns - 1
        } as usize;
        for p in &mut self.columns_v[..last_col] {
            p.lines_stored = 0;
        }
        let mut i = 0;
        while i < last_col && self.files_ready_to_read != 0 {
            self.columns_v[i].current_line = line;
            let mut j = self.lines_per_body;
            while j != 0 && self.files_ready_to_read != 0 {
                if self.columns_v[i].status == Status::Open {
                    self.input_position = 0;
                    if !self.read_line(i) {
                        self.read_rest_of_line(i);
                    }
                    if self.columns_v[i].status == Status::Open || buff_start != self.buff.len() {
                        self.columns_v[i].lines_stored += 1;
                        self.line_vector[line] = buff_start;
                        self.end_vector[line] = self.input_position;
                        line += 1;
                        buff_start = self.buff.len();
                    }
                }
                j -= 1;
            }
            i += 1;
        }
        self.line_vector[line] = buff_start;
        if self.balance_columns {
            self.balance(line as i32);
        }
    }

    fn balance(&mut self, total_stored: i32) {
        let mut first_line = 0;
        let columns = self.columns;
        for (i, p) in self.columns_v[..columns as usize].iter_mut().enumerate() {
            let mut lines = total_stored / columns;
            if (i as i32) < total_stored % columns {
                lines += 1;
            }
            p.lines_stored = lines;
            p.current_line = first_line;
            first_line += lines as usize;
        }
    }

    fn char_func(&mut self, ci: usize, c: u8) {
        if self.columns_v[ci].stores {
            self.buff.push(c);
        } else {
            self.print_char(c);
        }
    }

    fn add_line_number(&mut self, ci: usize) {
        let mut s = Vec::new();
        let n = self.line_number;
        if n < 0 {
            s.push(b'-');
        }
        logic::digits::push_u64(&mut s, n.unsigned_abs() as u64);
        let width = self.chars_per_number as usize;
        let mut padded = alloc::vec![b' '; width.saturating_sub(s.len())];
        padded.extend_from_slice(&s);
        self.line_number = self.line_number.wrapping_add(1);
        let start = padded.len() - width;
        for &c in &padded[start..] {
            self.char_func(ci, c);
        }
        if self.columns > 1 {
            if self.number_separator == b'\t' {
                for _ in 0..self.number_width - self.chars_per_number {
                    self.char_func(ci, b' ');
                }
            } else {
                self.char_func(ci, self.number_separator);
            }
        } else {
            self.char_func(ci, self.number_separator);
            if self.number_separator == b'\t' {
                self.output_position += tab_width(self.chars_per_output_tab, self.output_position);
            }
        }
        if self.truncate_lines && !self.parallel_files {
            self.input_position += self.number_width;
        }
    }

    fn pad_across_to(&mut self, position: i32) {
        if self.tabify_output {
            self.spaces_not_printed = position - self.output_position;
        } else {
            let mut h = self.output_position;
            while {
                h += 1;
                h <= position
            } {
                self.putchar(b' ');
            }
            self.output_position = position;
        }
    }

    fn pad_down(&mut self, lines: i32) {
        if self.use_form_feed {
            self.putchar(b'\x0c');
        } else {
            for _ in 0..lines.max(0) {
                self.putchar(b'\n');
            }
        }
    }

    fn getc(&mut self, ci: usize) -> i32 {
        let src = self.columns_v[ci].src;
        self.inputs[src].getc()
    }

    fn ungetc(&mut self, ci: usize, c: i32) {
        let src = self.columns_v[ci].src;
        self.inputs[src].ungetc(c);
    }

    fn read_rest_of_line(&mut self, ci: usize) {
        loop {
            let c = self.getc(ci);
            if c == b'\n' as i32 {
                break;
            }
            if c == 0x0c {
                let c = self.getc(ci);
                if c != b'\n' as i32 {
                    self.ungetc(ci, c);
                }
                if self.keep_ff {
                    self.print_a_ff = true;
                }
                self.hold_file(ci);
                break;
            } else if c == EOF {
                self.close_file(ci);
                break;
            }
        }
    }

    fn skip_read(&mut self, ci: usize, column_number: usize) {
        let mut single_ff = false;
        let mut c = self.getc(ci);
        if c == 0x0c && self.columns_v[ci].full_page_printed {
            c = self.getc(ci);
            if c == b'\n' as i32 {
                c = self.getc(ci);
            }
        }
        self.columns_v[ci].full_page_printed = false;
        if c == 0x0c {
            single_ff = true;
        }
        if self.last_line {
            self.columns_v[ci].full_page_printed = true;
        }
        while c != b'\n' as i32 {
            if c == 0x0c {
                if self.last_line {
                    if !self.parallel_files {
                        for q in &mut self.columns_v[..self.columns as usize] {
                            q.full_page_printed = false;
                        }
                    } else {
                        self.columns_v[ci].full_page_printed = false;
                    }
                }
                let c = self.getc(ci);
                if c != b'\n' as i32 {
                    self.ungetc(ci, c);
                }
                self.hold_file(ci);
                break;
            } else if c == EOF {
                self.close_file(ci);
                break;
            }
            c = self.getc(ci);
        }
        if self.skip_count && (!self.parallel_files || column_number == 1) && !single_ff {
            self.line_count = self.line_count.wrapping_add(1);
        }
    }

    fn print_white_space(&mut self) {
        let mut h_old = self.output_position;
        let goal = h_old + self.spaces_not_printed;
        while goal - h_old > 1 {
            let h_new = h_old + tab_width(self.chars_per_output_tab, h_old);
            if h_new > goal {
                break;
            }
            self.putchar(self.output_tab_char);
            h_old = h_new;
        }
        while {
            h_old += 1;
            h_old <= goal
        } {
            self.putchar(b' ');
        }
        self.output_position = goal;
        self.spaces_not_printed = 0;
    }

    fn print_sep_string(&mut self) {
        let s = self.col_sep_string;
        let mut l = 0;
        if self.separators_not_printed <= 0 {
            if self.spaces_not_printed > 0 {
                self.print_white_space();
            }
            return;
        }
        while self.separators_not_printed > 0 {
            // As GNU's: the string is used up by the first separator.
            while l < s.len() {
                if s[l] == b' ' {
                    self.spaces_not_printed += 1;
                } else {
                    if self.spaces_not_printed > 0 {
                        self.print_white_space();
                    }
                    self.putchar(s[l]);
                    self.output_position += 1;
                }
                l += 1;
            }
            if self.spaces_not_printed > 0 {
                self.print_white_space();
            }
            self.separators_not_printed -= 1;
        }
    }

    fn print_char(&mut self, c: u8) {
        if self.tabify_output {
            if c == b' ' {
                self.spaces_not_printed += 1;
                return;
            } else if self.spaces_not_printed > 0 {
                self.print_white_space();
            }
            if !isprint(c) {
                if c == 8 {
                    self.output_position -= 1;
                }
            } else {
                self.output_position += 1;
            }
        }
        self.putchar(c);
    }

    fn skip_to_page(&mut self, page: u64) -> bool {
        let mut n = 1u64;
        while n < page {
            for _ in 1..self.lines_per_body {
                for j in 0..self.columns as usize {
                    if self.columns_v[j].status == Status::Open {
                        self.skip_read(j, j + 1);
                    }
                }
            }
            self.last_line = true;
            for j in 0..self.columns as usize {
                if self.columns_v[j].status == Status::Open {
                    self.skip_read(j, j + 1);
                }
            }
            if self.storing_columns {
                for p in &mut self.columns_v[..self.columns as usize] {
                    if p.status != Status::Closed {
                        p.status = Status::OnHold;
                    }
                }
            }
            self.reset_status();
            self.last_line = false;
            if self.files_ready_to_read < 1 {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                logic::digits::push_u64(&mut a, page);
                logic::digits::push_u64(&mut b, n);
                let m: &[&[u8]] = &[b"starting page number ", &a, b" exceeds page count ", &b];
                self.flush();
                error(m, None);
                break;
            }
            n += 1;
        }
        self.files_ready_to_read > 0
    }

    fn print_header(&mut self) {
        self.output_position = 0;
        self.pad_across_to(self.chars_per_margin);
        self.print_white_space();
        if self.page_number == 0 {
            self.flush();
            die(&[b"page number overflow"], None);
        }
        let mut page_text = b"Page ".to_vec();
        logic::digits::push_u64(&mut page_text, self.page_number);
        let available = (self.header_width_available - width_of(&page_text)).max(0);
        let lhs = available >> 1;
        let rhs = available - lhs;
        let mut line = b"\n\n".to_vec();
        line.resize(line.len() + self.chars_per_margin as usize, b' ');
        line.extend_from_slice(&self.date_text);
        line.resize(line.len() + lhs.max(1) as usize, b' ');
        line.extend_from_slice(&self.file_text);
        line.resize(line.len() + rhs.max(1) as usize, b' ');
        line.extend_from_slice(&page_text);
        line.extend_from_slice(b"\n\n\n");
        self.obuf.extend_from_slice(&line);
        self.print_a_header = false;
        self.output_position = 0;
    }

    /// What read_line does once it knows the line has something: the
    /// header, padding and separators before the line's first clump.
    fn line_lead(&mut self, ci: usize) {
        self.pad_vertically = true;
        if self.print_a_header && !self.storing_columns {
            self.print_header();
        }
        if self.parallel_files && self.align_empty_cols {
            let k = self.separators_not_printed;
            self.separators_not_printed = 0;
            for j in 0..k.max(0) as usize {
                self.align_column(j);
                self.separators_not_printed += 1;
            }
            self.padding_not_printed = self.columns_v[ci].start_position;
            self.spaces_not_printed = if self.truncate_lines {
                self.chars_per_column
            } else {
                0
            };
            self.align_empty_cols = false;
        }
        if self.col_sep_length() < self.padding_not_printed {
            self.pad_across_to(self.padding_not_printed - self.col_sep_length());
            self.padding_not_printed = ANYWHERE;
        }
        if self.use_col_separator {
            self.print_sep_string();
        }
    }

    /// A form feed in a line: the rest of the file waits for the next page.
    fn form_feed(&mut self, ci: usize) {
        let c = self.getc(ci);
        if c != b'\n' as i32 {
            self.ungetc(ci, c);
        }
    }

    fn read_line(&mut self, ci: usize) -> bool {
        let mut c = self.getc(ci);
        let mut last_input_position = self.input_position;
        if c == 0x0c && self.columns_v[ci].full_page_printed {
            c = self.getc(ci);
            if c == b'\n' as i32 {
                c = self.getc(ci);
            }
        }
        self.columns_v[ci].full_page_printed = false;
        let mut chars = 0;
        match c {
            0x0c => {
                self.form_feed(ci);
                self.ff_only = true;
                if self.print_a_header && !self.storing_columns {
                    self.pad_vertically = true;
                    self.print_header();
                } else if self.keep_ff {
                    self.print_a_ff = true;
                }
                self.hold_file(ci);
                return true;
            }
            EOF => {
                self.close_file(ci);
                return true;
            }
            10 => {}
            _ => chars = self.char_to_clump(c as u8),
        }
        if self.truncate_lines && self.input_position > self.chars_per_column {
            self.input_position = last_input_position;
            return false;
        }
        if !self.columns_v[ci].stores {
            self.line_lead(ci);
        }
        if self.columns_v[ci].numbered {
            self.add_line_number(ci);
        }
        self.empty_line = false;
        if c == b'\n' as i32 {
            return true;
        }
        self.print_clump(ci, chars);
        loop {
            let c = self.getc(ci);
            match c {
                10 => return true,
                0x0c => {
                    self.form_feed(ci);
                    if self.keep_ff {
                        self.print_a_ff = true;
                    }
                    self.hold_file(ci);
                    return true;
                }
                EOF => {
                    self.close_file(ci);
                    return true;
                }
                _ => {}
            }
            last_input_position = self.input_position;
            let chars = self.char_to_clump(c as u8);
            if self.truncate_lines && self.input_position > self.chars_per_column {
                self.input_position = last_input_position;
                return false;
            }
            self.print_clump(ci, chars);
        }
    }

    fn print_clump(&mut self, ci: usize, n: usize) {
        for k in 0..n {
            let c = self.clump_buff[k];
            self.char_func(ci, c);
        }
    }

    fn print_stored(&mut self, ci: usize) -> bool {
        let line = self.columns_v[ci].current_line;
        self.columns_v[ci].current_line += 1;
        let (first, last) = (self.line_vector[line], self.line_vector[line + 1]);
        self.pad_vertically = true;
        if self.print_a_header {
            self.print_header();
        }
        if self.columns_v[ci].status == Status::FfFound {
            for q in &mut self.columns_v[..self.columns as usize] {
                q.status = Status::OnHold;
            }
            if self.columns_v[0].lines_to_print <= 0 {
                if !self.extremities {
                    self.pad_vertically = false;
                }
                return true;
            }
        }
        if self.col_sep_length() < self.padding_not_printed {
            self.pad_across_to(self.padding_not_printed - self.col_sep_length());
            self.padding_not_printed = ANYWHERE;
        }
        if self.use_col_separator {
            self.print_sep_string();
        }
        for k in first..last {
            let c = self.buff[k];
            self.print_char(c);
        }
        if self.spaces_not_printed == 0 {
            let p = &self.columns_v[ci];
            self.output_position = p.start_position + self.end_vector[line];
            if p.start_position - self.col_sep_length() == self.chars_per_margin {
                self.output_position -= self.col_sep_length();
            }
        }
        true
    }

    /// The clump `c` prints as, in `clump_buff`: its length; the input
    /// position advanced by its width.
    fn char_to_clump(&mut self, c: u8) -> usize {
        let s = &mut self.clump_buff;
        let chars_per_c = if c == self.input_tab_char {
            self.chars_per_input_tab
        } else {
            8
        };
        let (width, chars): (i32, usize);
        let octal = |s: &mut [u8]| {
            s[0] = b'\\';
            s[1] = b'0' + (c >> 6);
            s[2] = b'0' + ((c >> 3) & 7);
            s[3] = b'0' + (c & 7);
        };
        if c == self.input_tab_char || c == b'\t' {
            width = tab_width(chars_per_c, self.input_position);
            if self.untabify_input {
                if s.len() < width as usize {
                    s.resize(width as usize, b' ');
                }
                s[..width as usize].fill(b' ');
                chars = width as usize;
            } else {
                s[0] = c;
                chars = 1;
            }
        } else if !isprint(c) {
            if self.use_esc_sequence {
                (width, chars) = (4, 4);
                octal(s);
            } else if self.use_cntrl_prefix {
                if c < 0o200 {
                    (width, chars) = (2, 2);
                    s[0] = b'^';
                    s[1] = c ^ 0o100;
                } else {
                    (width, chars) = (4, 4);
                    octal(s);
                }
            } else if c == 8 {
                (width, chars) = (-1, 1);
                s[0] = c;
            } else {
                (width, chars) = (0, 1);
                s[0] = c;
            }
        } else {
            (width, chars) = (1, 1);
            s[0] = c;
        }
        if width < 0 && self.input_position == 0 {
            self.input_position = 0;
            return 0;
        } else if width < 0 && self.input_position <= -width {
            self.input_position = 0;
        } else {
            self.input_position += width;
        }
        chars
    }
}

/// first_last_page: `FIRST[:LAST]` into the page range; false when it is
/// none (a `+` operand is then a file name).
fn first_last_page(pr: &mut Pr, option: &[u8], pages: &[u8]) -> bool {
    use logic::num::SizeError as E;
    let (first, end, err) = logic::num::xstrtoumax(pages, b"");
    match err {
        // An overflow before the bad suffix is fatal (gnulib's
        // LONGINT_INVALID_SUFFIX_CHAR_WITH_OVERFLOW).
        Some(E::InvalidSuffix)
            if logic::num::xstrtoumax(&pages[..end], b"").2 == Some(E::Overflow) =>
        {
            xstrtol_fatal(option, pages, E::InvalidSuffix)
        }
        None | Some(E::InvalidSuffix) => {}
        Some(e) => xstrtol_fatal(option, pages, e),
    }
    if end == 0 || first == 0 {
        return false;
    }
    let mut last = u64::MAX;
    let mut rest = &pages[end..];
    if let Some(r) = rest.strip_prefix(b":") {
        let (l, e2, err) = logic::num::xstrtoumax(r, b"");
        if let Some(e) = err {
            xstrtol_fatal(option, pages, e);
        }
        if e2 == 0 || l < first {
            return false;
        }
        (last, rest) = (l, &r[e2..]);
    }
    if !rest.is_empty() {
        return false;
    }
    (pr.first_page_number, pr.last_page_number) = (first, last);
    true
}

/// getoptarg: `-eCHAR[WIDTH]`, `-iCHAR[WIDTH]`, `-nSEP[DIGITS]`.
fn getoptarg(arg: &[u8], switch: u8, character: &mut u8, number: &mut i32) {
    let mut arg = arg;
    if !arg.first().is_some_and(u8::is_ascii_digit) {
        *character = arg.first().copied().unwrap_or(0);
        arg = arg.get(1..).unwrap_or_default();
    }
    if arg.is_empty() {
        return;
    }
    match logic::num::parse_i64(arg) {
        Ok(n) if n > 0 && n <= i32::MAX as i64 => *number = n as i32,
        r => {
            let big =
                r.is_ok_and(|n| n > i32::MAX as i64) || r == Err(logic::num::SizeError::Overflow);
            let m: &[&[u8]] = &[
                b"'-",
                &[switch],
                b"' extra characters or invalid number in the argument: ",
                &quote(arg),
            ];
            error(m, big.then_some(Errno::OVERFLOW));
            crate::shared::cli::try_help(&SPEC)
        }
    }
}

fn getoptnum(arg: &[u8], min: i64, err: &[u8]) -> i32 {
    crate::shared::cli::int_or_die(arg, min, i32::MAX as i64, err) as i32
}

/// The flags GNU turns into others for compatibility (old -s and -w).
struct Old {
    options: bool,
    w: bool,
    s: bool,
}

#[cfg_attr(corebox_opt, optimize(size), inline(never))]
fn parse(pr: &mut Pr, args: &'static [&'static [u8]]) -> Vec<&'static [u8]> {
    let mut files = Vec::new();
    let mut old = Old {
        options: false,
        w: false,
        s: false,
    };
    let mut digits: Vec<u8> = Vec::new();
    let mut n_digits = 0;
    let mut opts = crate::shared::cli::parse_in_order(&SPEC, &args[1..]);
    while let Some(o) = opts.next() {
        let arg = o.arg.unwrap_or_default();
        if let d @ '0'..='9' = o.key {
            digits.truncate(n_digits);
            digits.push(d as u8);
            n_digits += 1;
            continue;
        }
        n_digits = 0;
        option(pr, &mut old, &mut digits, &mut files, o.key, o.arg, arg);
    }
    files.extend(opts.operands());
    if !digits.is_empty() {
        pr.columns = getoptnum(&digits, 1, b"invalid number of columns");
        pr.explicit_columns = true;
    }
    if pr.parallel_files && pr.explicit_columns {
        die(
            &[b"cannot specify number of columns when printing in parallel"],
            None,
        );
    }
    if pr.parallel_files && pr.print_across_flag {
        die(
            &[b"cannot specify both printing across and printing in parallel"],
            None,
        );
    }
    old_options(pr, &old);
    files
}

fn option(
    pr: &mut Pr,
    old: &mut Old,
    digits: &mut Vec<u8>,
    files: &mut Vec<&'static [u8]>,
    key: char,
    optarg: Option<&'static [u8]>,
    arg: &'static [u8],
) {
    match key {
        OPERAND => {
            let page = pr.first_page_number == 0
                && arg.first() == Some(&b'+')
                && first_last_page(pr, b"+", &arg[1..]);
            if !page {
                files.push(arg);
            }
        }
        opt::PAGES => {
            if !first_last_page(pr, b"--pages", arg) {
                die(&[b"invalid page range ", &quote(arg)], None);
            }
        }
        opt::COLUMNS => {
            pr.columns = getoptnum(arg, 1, b"invalid number of columns");
            pr.explicit_columns = true;
            digits.clear();
        }
        'a' => (pr.print_across_flag, pr.storing_columns) = (true, false),
        'b' => pr.balance_columns = true,
        'c' => pr.use_cntrl_prefix = true,
        'd' => pr.double_space = true,
        'D' => pr.date_format = Some(arg),
        'f' | 'F' => pr.use_form_feed = true,
        'h' => pr.custom_header = Some(arg),
        'J' => pr.join_lines = true,
        'm' => (pr.parallel_files, pr.storing_columns) = (true, false),
        'r' => pr.ignore_failed_opens = true,
        's' => {
            (old.options, old.s) = (true, true);
            if !pr.use_col_separator && optarg.is_some() {
                pr.col_sep_string = arg;
            }
        }
        'S' => {
            old.s = false;
            pr.col_sep_string = optarg.unwrap_or(b"");
            pr.use_col_separator = true;
        }
        't' => (pr.extremities, pr.keep_ff) = (false, true),
        'T' => (pr.extremities, pr.keep_ff) = (false, false),
        'v' => pr.use_esc_sequence = true,
        'e' | 'i' | 'l' | 'n' | 'N' | 'o' | 'w' | 'W' => number_option(pr, old, key, optarg, arg),
        _ => usage_error(&SPEC, &[]),
    }
}

/// The options that take numbers (and -e, -i, -n their characters).
fn number_option(pr: &mut Pr, old: &mut Old, key: char, optarg: Option<&[u8]>, arg: &[u8]) {
    match key {
        'e' => {
            if optarg.is_some() {
                getoptarg(
                    arg,
                    b'e',
                    &mut pr.input_tab_char,
                    &mut pr.chars_per_input_tab,
                );
            }
            pr.untabify_input = true;
        }
        'i' => {
            if optarg.is_some() {
                getoptarg(
                    arg,
                    b'i',
                    &mut pr.output_tab_char,
                    &mut pr.chars_per_output_tab,
                );
            }
            pr.tabify_output = true;
        }
        'l' => pr.lines_per_page = getoptnum(arg, 1, b"'-l PAGE_LENGTH' invalid number of lines"),
        'n' => {
            pr.numbered_lines = true;
            if optarg.is_some() {
                getoptarg(
                    arg,
                    b'n',
                    &mut pr.number_separator,
                    &mut pr.chars_per_number,
                );
            }
        }
        'N' => {
            pr.skip_count = false;
            let m = b"'-N NUMBER' invalid starting line number";
            pr.start_line_num = getoptnum(arg, i32::MIN as i64, m);
        }
        'o' => pr.chars_per_margin = getoptnum(arg, 0, b"'-o MARGIN' invalid line offset"),
        'w' => {
            (old.options, old.w) = (true, true);
            let n = getoptnum(arg, 1, b"'-w PAGE_WIDTH' invalid number of characters");
            if !pr.truncate_lines {
                pr.chars_per_line = n;
            }
        }
        'W' => {
            old.w = false;
            pr.truncate_lines = true;
            let m = b"'-W PAGE_WIDTH' invalid number of characters";
            pr.chars_per_line = getoptnum(arg, 1, m);
        }
        _ => {}
    }
}

/// The old -s and -w, translated as GNU does for other pr programs.
fn old_options(pr: &mut Pr, old: &Old) {
    if !old.options {
        return;
    }
    let columns = pr.parallel_files || pr.explicit_columns;
    if old.w {
        if columns {
            pr.truncate_lines = true;
            if old.s {
                pr.use_col_separator = true;
            }
        } else {
            pr.join_lines = true;
        }
    } else if !pr.use_col_separator && old.s && columns {
        if !pr.truncate_lines {
            pr.join_lines = true;
            if !pr.col_sep_string.is_empty() {
                pr.use_col_separator = true;
            }
        } else {
            pr.use_col_separator = true;
        }
    }
}

pub fn main(args: &'static [&'static [u8]]) -> i32 {
    let mut pr = Pr {
        extremities: true,
        storing_columns: true,
        lines_per_page: 66,
        chars_per_line: 72,
        input_tab_char: b'\t',
        chars_per_input_tab: 8,
        output_tab_char: b'\t',
        chars_per_output_tab: 8,
        columns: 1,
        last_page_number: u64::MAX,
        number_separator: b'\t',
        line_count: 1,
        skip_count: true,
        start_line_num: 1,
        chars_per_number: 5,
        col_sep_string: b"",
        ..Default::default()
    };
    let files = parse(&mut pr, args);
    if pr.date_format.is_none() {
        pr.date_format = Some(
            if sys::env::posixly_correct() && !sys::env::hard_locale(b"LC_TIME") {
                b"%b %e %H:%M %Y"
            } else {
                b"%Y-%m-%d %H:%M"
            },
        );
    }
    if pr.first_page_number == 0 {
        pr.first_page_number = 1;
    }
    if files.is_empty() {
        pr.print_files(&[]);
    } else if pr.parallel_files {
        pr.print_files(&files);
    } else {
        for f in &files {
            pr.print_files(core::slice::from_ref(f));
        }
    }
    pr.flush();
    if pr.have_read_stdin {
        if let Err(e) = sys::io::close_stdin() {
            die(&[b"standard input"], Some(e));
        }
    }
    pr.failed_opens as i32
}
