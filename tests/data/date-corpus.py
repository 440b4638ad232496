#!/usr/bin/env python3
"""Generate tests/data/date-corpus.txt: date strings for `date -f`.

    python3 tests/data/date-corpus.py > tests/data/date-corpus.txt

The corpus drives the differential test `date_strings_as_gnu` in
tests/date.rs, which reads it with corebox's date and with GNU date
(coreutils 9.1) in several zones and wants the same stdout, stderr and
exit status.  It walks every rule of gnulib's parse-datetime.y, the
grammar of `date -d`, valid and invalid:

  - the lexer: signed and unsigned numbers (a sign may be followed by
    blanks, a lone sign is skipped), decimal numbers with '.' or ',',
    numbers too large, words (upper/lower case, periods, the 19-byte
    word buffer), (nested) comments, blanks, stray punctuation, bytes
    that are not ASCII;
  - spec: '@' seconds (signed, fractional, huge) or items;
  - items: ISO 8601 date-times (with 'T' and zone offsets), times of day
    (h, h:m, h:m:s[.frac], with am/pm or zone offsets), local zones (the
    abbreviations of the zone in force, optionally 'dst'), zones (the
    table, military letters, 'T', with offsets, relative items or 'dst'),
    dates (m/d, m/d/y, y/m/d, y-m-d, d-month-y, month-d-y, month d[, y],
    d month [y]), days (with ',' and ordinals), relative items (units,
    ordinals, numbers, 'ago'/'hence', decimal seconds, day shifts), plain
    numbers (hhmm, yyyymmdd, the year), hybrids (number + signed unit);
  - what is checked after parsing: items seen twice, out-of-range
    fields, invalid hours, month/day combinations, overflows, times that
    do not exist or exist twice at DST changes;
  - TZ="..." prefixes, valid and not.

Output is deterministic (fixed seed, no clock); strings relative to the
current time are fine (the test retries across a second boundary).
Lines are bytes: a few are not UTF-8 on purpose.
"""

import random
import sys

out = []
seen = set()


def add(*lines):
    for line in lines:
        if isinstance(line, str):
            line = line.encode("latin-1")
        assert b"\n" not in line and b"\0" not in line, line
        if line not in seen:
            seen.add(line)
            out.append(line)


# ---------------------------------------------------------------------------
# spec: '@' seconds

add("@0", "@1", "@-1", "@1.5", "@-1.5", "@+5", "@ 5", "@ -5", "@- 5", "@+ 5",
    "@1e5", "@", "@@1", "@1 2", "@1.5.5", "@1..5", "@1.", "@.5", "@5.", "@-.5",
    "@9223372036854775807", "@-9223372036854775808",
    "@9223372036854775808", "@-9223372036854775809",
    "@99999999999999999999", "@1.0000000001", "@-0.0000000001",
    "@-0.9999999999", "@1,5", "@-1,5", "@0.000000001", "@-0.000000001", "@-0",
    "@+0", "@00000000001", "@1 (comment)", "(c) @1", " @1", "\t@1\t",
    "@(c)1", "@1)", "@1 utc", "@1 day", "@1 ago", "@1 +1", "@1 @2", "x@1",
    "1@1", "@now", "@T", "@ten", "@0x10",
    "@-9223372036854775808.5", "@-9223372036854775807.5",
    "@9223372036854775807.999999999", "@67768036191676799",
    "@67768036191676800", "@-67768040609740800", "@-67768040609740801",
    "@1234567890.123456789123", "@-1234567890.987654321",
    "@1.1234567899", "@-1.1234567891", "@-1.000000001", "@-1.0000000001",
    "@-1.0000000000", "@253402300799", "@253402300800", "@-62135596800",
    "@-62135596801", "@2147483647", "@2147483648", "@-2147483648",
    "@-2147483649", "@4294967296", "@1700000000", "@1700000000.5 ",
    "@ +1.5", "@+1.5", "@- 1.5")

# ---------------------------------------------------------------------------
# iso_8601_date: YYYY-MM-DD for many years, and invalid fields

for y in ["2020", "1999", "1970", "1969", "2038", "00", "68", "69", "99", "0",
          "5", "020", "0020", "10000", "2147485547", "2147485548",
          "-2147481748", "9999", "1582", "1", "100", "1900", "0000", "292277026596", "9223372036854775807"]:
    add(f"{y}-01-15", f"{y}-06-30 12:00", f"{y}-02-29")

for y in ["2020", "2019", "2021"]:
    for md in ["01-01", "12-31", "02-28", "02-29", "02-30", "13-01",
               "00-10", "04-31", "4-5", "1-1", "012-001", "06-00", "06-32"]:
        add(f"{y}-{md}" + (" 00:00" if y == "2021" else ""))

add("20-06-15", "2020-6-15", "+2020-06-15", "-2020-06-15", "2020-06",
    "2020-167", "2020-W24", "2020-W24-1", "2020 -06 -15", "2020 - 06 - 15",
    "2020-06--15", "2020-06-+15", "2020-06-15-01", "2020-99999999999-01",
    "2020-01-99999999999", "2020-9223372036854775808-01",
    "2020-06-15 2020-06-16")

# ---------------------------------------------------------------------------
# iso_8601_datetime: date 'T' time, with zone offsets

for tm in ["10:00", "10:00:00", "10:00:00.5", "10:00:00,25", "10", "10Z",
           "10:00Z", "10:00:00Z", "10:00+01", "10:00-0130", "10:00+05:30",
           "10+02", "10-0700", "10:00:00-07:00", "24:00", "23:59:60",
           "10:60", "10:00pm", "10:00 pm", " 10:00", "", "1:2:3",
           "10:00+2400", "10:00+2401", "10:00-24:00", "10:00+99",
           "10:00+1:30", "10:00:00.123456789123", "10:00+05:30:00",
           "10:00 +05", "10:00 EST", "10:00Z+1", "10:00:00+0530",
           "10:00:00.5+05:30", "25:00", "10:00:00.999999999Z", "10:00 1 hour",
           "10:00:00 ago", "10:00:00 dst", "10:00 cest", "00:00",
           "10:00:00-00:30", "10:00+00:00"]:
    for d in ["2020-06-15", "2020-01-15"]:
        add(f"{d}T{tm}")

add("2020-06-15 10:00:00 +0000", "2020-06-15 10:00:00 -0000",
    "2020-06-15T10:00:00.000Z", "2020-06-15t10:00", "20200615T1000",
    "2020-06-15T10:00:00Z 1 day", "2020-06-15T10:00:00Z ago",
    "2020-06-15 T 10:00", "2020-06-15 T10:00", "T10:00", "T 10:00",
    "2020-06-15TT10:00", "2020-06-15T10:00T", "2020-06-15T10:00:00Z Z",
    "1999-12-31T23:59:59-12:00", "1999-12-31T23:59:59+14:00",
    "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z",
    "2038-01-19T03:14:07Z", "2038-01-19T03:14:08Z",
    "2020-06-15T10:00:00.000000001Z", "2020-06-15T10:00:00,999999999-01",
    "2020-06-15T10:30:00 +05:30 1 day ago")

# ---------------------------------------------------------------------------
# number: a lone unsigned number (hhmm, hh), alone and after a date

for n in ["0", "00", "1", "9", "12", "23", "24", "99", "100", "0000", "0930",
          "930", "2359", "2400", "1260", "0060", "059", "000", "1200"]:
    add(n, f"jun 5 2020 {n}")

# ---------------------------------------------------------------------------
# time: h:m, h:m:s[.frac]

for t in ["00:00", "0:0", "23:59", "24:00", "12:60", "10:30:45", "10:30:60",
          "10:30:61", "10:30:59.999999999", "10:30:59.9999999999",
          "10:30:45,5", "1:2:3", "10:4294967296", "10:-5",
          "10:30:4294967296", "10:30:18446744073709551616",
          "0:00:00.000000001", "00:00:00", "24:00:00", "23:59:59.5",
          "10:30.5", "10:30:", "10:30:15:", "010:030:015", "-10:30",
          "+10:30", "10 : 30", "10: 30 : 45", "10:30:45 utc",
          "10:30:45.5 +0100", "1:2"]:
    add(t, f"jun 5 2020 {t}")

# ---------------------------------------------------------------------------
# time with a meridian: tUNUMBER tMERIDIAN, h:m am, h:m:s am

for h in ["0", "1", "11", "12", "13", "00", "012"]:
    for m in ["am", "pm", "a.m.", "p.m.", "P.M.", "a.m", " pm"]:
        add(f"{h}{m}", f"{h}:30{m}", f"{h}:30:15{m}", f"2020-06-15 {h}{m}")

add("10pm 10pm", "10 pm am", "pm", "am 10", "10:30 pm EST", "10:30pm -0500",
    "10:30:15.5pm", "10:30:15,25 am", "12:00:00 am", "12:59:59 pm",
    "12:00am 1 day", "10 a. m.", "10 a.m.m.", "10 A.M", "10 am.", "10 p",
    "10 p.", "10 pmm", "jun 5 2020 12am", "jun 5 2020 12pm", "noon", "midnight",
    "12 noon", "12 midnight", "10am tomorrow", "10pm yesterday",
    "11:59:60 pm", "10:30 pm utc", "10:30 pm +0100", "10:30+0100 pm")

# ---------------------------------------------------------------------------
# zone offsets after a time (iso_8601_time) and alone (hybrid/number)

for z in ["+0", "+1", "-1", "+01", "-01", "+5", "+0530", "-0530", "+05:30",
          "-05:30", "+24", "-24", "+25", "+2400", "+2401", "-2400", "+1440",
          "+0099", "+99", "-9", "+000", "+00:00", "-0:30", "+0:1440",
          "+0:1441", "+10:", "+9223372036854775807",
          "+99999999999999999:00", "+123456", "-12:45", "+14", "+1:60",
          "+24:00", "+24:01", "-23:59", "+00:1439"]:
    sp = " " + z
    add(f"10{z}", f"10:30{z}", f"10:30:15{z}", f"10:30{sp}",
        f"2020-06-15 10:00{sp}", f"1{sp}")

# ---------------------------------------------------------------------------
# more plain numbers: yyyymmdd (4 < digits), year (after a date), overflow

add("123", "1234", "12345", "123456", "1234567", "12345678", "20200615",
    "200615", "19991231", "20200230", "00000101", "99991231", "1231", "0101",
    "20200615 1030", "20200615 10", "20200615 1030 2021", "0615 2020",
    "12345678901234567890", "020200615", "2020061510", "202006151030",
    "99999999999999999", "9223372036854775807", "9223372036854775808",
    "20201315", "20200600", "10000101", "-20200615", "+20200615",
    "jun 5 10:00 2020", "jun 5 2020 10:00", "jun 5 1030 2020",
    "jun 5 10 2020", "jun 5 10:00 20", "jun 5 20", "jun 5 2", "6/5 2020",
    "6/5 10:00 2020", "6/5 1 day 2020", "6/5 10", "2020-06-05 2021",
    "jun 5 10:00 2020 2021", "jun 5 1 day 2020", "jun 5 now 2020",
    "jun 5 2020 1030 2021", "jun 5 10:00 099", "jun 5 10:00 0099",
    "jun 5 10:00 20200615", "jun 5 tomorrow 10", "jun 5 10:00 00",
    "10:00 2020", "10:00 jun 5 2020", "fri 2020", "2020 jun 5",
    "1030 jun 5", "1 day 2020", "2020 1 day", "now 1030")

# ---------------------------------------------------------------------------
# date: m/d, m/d/y, yyyy/m/d (4 <= digits)

for d in ["6/15", "6/15/2020", "6/15/20", "6/15/69", "6/15/68", "6/15/0",
          "6/15/5", "6/15/005", "6/15/05", "6/15/99", "6/15/100",
          "6/15/1969", "2020/6/15", "2020/06/15", "0020/6/15", "020/6/15",
          "12/31/1999", "13/1/2020", "2/30/2020", "2/29/2021", "2/29/2020",
          "1/2/3", "001/2/3", "6/15/", "6/", "/6", "6//15", "6/15/2020/1",
          "6/15/-2020", "6/-15", "6/15 /2020", "6 / 15 / 2020",
          "99999999999/1/1", "1/99999999999/1", "0/15/2020", "6/0/2020",
          "6/15/2147485547", "6/15/2147485548", "06/15/2020",
          "6/15/9223372036854775807"]:
    add(d, f"{d} 10:00")

add("6/15/2020 6/16/2020", "6/15 2020-06-15", "6/15/2020,", "6.15.2020",
    "6-15-2020", "6/15/2020 10:00 pm", "6/15/2020 utc", "6/15/2020 1 day",
    "10:00 6/15/2020", "fri 6/15/2020")

# ---------------------------------------------------------------------------
# literal months: every name and abbreviation, with every date rule

months = ["jan", "january", "feb", "february", "mar", "march", "apr", "april",
          "may", "jun", "june", "jul", "july", "aug", "august", "sep", "sept",
          "september", "oct", "october", "nov", "november", "dec",
          "december", "Jan.", "sep.", "sept.", "JANUARY", "jAn", "janu",
          "decem", "may.", "june.", "ja"]
for m in months:
    add(f"{m} 5", f"5 {m}", f"{m} 5 2020", f"{m} 5, 2020", f"5 {m} 2020",
        f"5-{m}-2020", f"{m}-5-2020", m)

add("jan 5,2020", "jan 5 ,2020", "jan 5, 20", "jan 5, 2020 10:00",
    "5 jan 20", "5-jan-20", "jan-5-20", "5-jan+2020", "jan+5+2020", "jan-5",
    "jan -5 -2020 10:00", "31 jun", "jun 31", "29 feb 2021", "29 feb 2024",
    "feb 29", "jan 0", "jan 32", "5 jan -2020", "jan 5 2020 jan 6",
    "17-JUN-1992", "JUN-17-1992", "jun 17 92", "2020 jun 5", "2020-jun-05",
    "jun 2020", "jan 5 -9223372036854775808", "5 jan -9223372036854775808",
    "jan -9223372036854775808 -1", "jan 5 5", "jan 5 05", "jan 5 005",
    "5 jan 5", "5 jan 05", "5 jan 69", "5 jan 68", "jan 5, 69", "jan 5, 0",
    "jan 5, -2020", "jan, 5", "jan 5,", "jan 5 2020,", "5 jan, 2020",
    "5jan2020", "jan5", "5jan", "jan5 2020", "jan 05 2020",
    "jan 99999999999", "99999999999 jan", "jan 5 99999999999",
    "jan 5, 99999999999", "jan jan", "jan feb 5", "jun 5 2020 fri",
    "jan 1 0", "dec 31 -1", "jan 1 1", "jan 2147483647",
    "june 5 2020 10:00 utc", "5 june 2020 10:00:00 +0200",
    "5-jun-2020 10:00", "jun-5-2020 10:00", "5 jun 2020 1 day")

# ---------------------------------------------------------------------------
# day: every name and abbreviation, with ',' and ordinals

days = ["sun", "sunday", "mon", "monday", "tue", "tues", "tuesday", "wed",
        "wednes", "wednesday", "thu", "thur", "thurs", "thursday", "fri",
        "friday", "sat", "saturday", "Wed.", "SATURDAY", "satu", "fri.",
        "mon.day", "su"]
for d in days:
    add(d, f"{d},", f"{d}, 10:00", f"next {d}", f"last {d}")

for o in ["last", "this", "next", "first", "third", "fourth", "fifth", "sixth",
          "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
          "second", "0", "1", "2", "3", "13", "52", "-1", "+2",
          "9223372036854775807", "1317624576693539401", "Next"]:
    add(f"{o} fri", f"{o} sat 10:00", f"{o} mon 2020-06-15", f"{o} wed 1 day")

add("fri fri", "fri sat", "fri, jun 5 2020", "friday june 5 2020 10:00",
    "fri,,", ",fri", "fri 5", "fri jun 5", "fri 10pm", "next fri 1 week ago",
    "fri 2020", "this thursday", "last fri ago", "next", "last", "this",
    "third", "next next fri", "fri next", "fri ,", "mon, 15 jun 2020",
    "Mon, 15 Jun 2020 10:00:00 +0000", "Mon Jun 15 10:00:00 UTC 2020",
    "Mon Jun 15 10:00:00 2020", "Monday, June 15, 2020 10:00 AM",
    "mon 2020-06-16", "tue 2020-06-16", "sun 10:00 utc", "sun utc",
    "next sun utc", "2 sun ago", "fri 1 week", "fri -1 day", "fri tomorrow")

# ---------------------------------------------------------------------------
# rel: every unit, plural, with ordinals, numbers, signs, ago, hence

units = ["year", "years", "month", "months", "fortnight", "fortnights",
         "week", "weeks", "day", "days", "hour", "hours", "minute",
         "minutes", "min", "mins", "second", "seconds", "sec", "secs",
         "YEARS"]
for u in units:
    add(u, f"1 {u}", f"2 {u} ago", f"-3 {u}", f"+4 {u} hence", f"next {u}",
        f"last {u}", f"this {u}", f"third {u} ago",
        f"2020-06-15 10:00 1 {u}")

add("1.5 seconds", "1.5 sec ago", "-1.5 seconds", "+1.5 seconds",
    "1,5 seconds", "1.5 minutes", "1.5 days", ".5 sec", "0.000000001 sec",
    "-0.000000001 sec", "1.9 sec 1.9 sec", "1.9 sec 1.9 sec 1.9 sec",
    "-1.9 sec -1.9 sec -1.9 sec", "1.5 sec ago 1.5 sec ago 1.5 sec ago",
    "2.5 sec hence", "-0.5 sec", "-1.0000000001 sec", "1.0000000001 sec",
    "99999999999999999999.5 sec", "9223372036854775807.5 sec",
    "-9223372036854775808.5 sec", "1.5", "-1.5", "1.5 sec 10:00",
    "2020-06-15 10:00 0.5 sec", "2020-06-15 10:00 -0.5 sec ago",
    "tomorrow", "yesterday", "today", "now", "TODAY", "tomorrow ago",
    "now 1 day", "yesterday 10:00", "today 2020-06-15", "now now",
    "tomorrow tomorrow", "1 day 1 day", "1 day ago ago", "1 day hence ago",
    "1 day, 2 hours", "1 year 2 months 3 days 4 hours 5 minutes 6 seconds",
    "2 days ago 10:00", "-1 week", "- 1 week", "+ 1 week", "- - 1 week",
    "+-1 week", "1 - week", "week 1", "9223372036854775807 seconds",
    "9223372036854775807 hours", "9223372036854775807 minutes",
    "1317624576693539401 weeks", "1317624576693539402 weeks",
    "658812288346769701 fortnights", "9223372036854775807 days 1 day",
    "-9223372036854775808 days", "-9223372036854775808 days ago",
    "-9223372036854775808 seconds ago", "-9223372036854775808 years ago",
    "-9223372036854775808 sec", "9223372036854775808 sec",
    "9223372036854775807 years", "2147483647 years", "2147483648 years",
    "-2147483648 years", "2147483647 months", "2147483647 days",
    "-2147483648 days", "24855 days", "106751991167300 days",
    "106751991167301 days", "2562047788015215 hours",
    "153722867280912930 minutes", "2020-06-15 99999999 years",
    "2020-06-15 2147481748 years", "2020-06-15 2147481747 years",
    "2020-06-15 -2147483648 months", "2020-06-15 25769803764 months",
    "2020-06-15 1 month", "2020-01-31 1 month", "2020-02-29 1 year",
    "2020-03-31 -1 month", "2020-01-30 1 month", "2020-12-31 2 months",
    "2020-06-15 12:00 1 day", "2020-06-15 12:00 1 month",
    "2020-03-07 12:00 1 day", "2020-03-07 1 day", "2020-11-01 01:30 1 day",
    "2020-03-08 01:30 1 hour", "2020-03-08 01:30 60 minutes",
    "2020-06-15 1 day 2 days", "2020 -1 day", "20200615 -1 day",
    "20200615 +1 day", "20200615 1 day", "20200615 -1 day ago",
    "20200615 -1 fortnight", "20200615 +2 weeks", "20200615 -1 month",
    "20200615 +1 year", "20200615 -90 min", "20200615 +30 sec",
    "1030 +1 hour", "1030 -1 hour", "10 +1 hour", "10 -1 hour 2020-06-15",
    "1 +1 day", "1 day +1", "2020-06-15 +1", "now -1 day", "+1 day -1",
    "1 sec 1", "1 second second", "secondd", "minu", "hourss", "hr", "yr",
    "wk", "mo", "5 h", "5 m", "5 d", "5 hrs", "5 yrs", "years ago",
    "ago", "hence", "ago 1 day", "1 ago", "1 day agoo", "3 days hence",
    "0 days", "0 days ago", "-0 days", "this day ago", "this week",
    "next week fri", "last month 15", "1 month 2020-01-31",
    "2020-01-31 +1 month -1 day", "2020-01-31 10:00 1 month ago",
    "2019-02-28 1 year", "2020-02-29 -4 years", "2020-02-29 4 years",
    "1 year ago 2020-02-29", "2020-06-15 12:00 -1 hour -1 minute -1 second",
    "2020-06-15 00:00 -1 sec", "1969-12-31 23:59:59 utc 1 sec",
    "1970-01-01 utc -1 sec")

# ---------------------------------------------------------------------------
# zone: universal, table, military letters, with periods, unknown words

zones = ["utc", "UTC", "gmt", "ut", "z", "Z", "wet", "west", "bst", "art",
         "brt", "brst", "nst", "ndt", "ast", "adt", "clt", "clst", "est",
         "edt", "cst", "cdt", "mst", "mdt", "pst", "pdt", "akst", "akdt",
         "hst", "hast", "hadt", "sst", "wat", "cet", "cest", "met", "mez",
         "mest", "mesz", "eet", "eest", "cat", "sast", "eat", "msk", "msd",
         "ist", "sgt", "kst", "jst", "gst", "nzst", "nzdt", "u.t.c.",
         "e.s.t.", "E.S.T..............", "E.S.T...............X", "abc",
         "pdtx", "a", "b", "i", "j", "k", "m", "n", "q", "t", "u", "y", "T",
         "J", "A.", "utc.", "CEST.", "aest", "aedt", "e.d.t",
         "UTC.................", "UTC...................X"]
for z in zones:
    add(z, f"2020-06-15 10:00 {z}", f"2020-01-15 10:00 {z}", f"10:00 {z} dst",
        f"{z} 2020-06-15")
for z in ["c", "d", "e", "f", "g", "h", "l", "o", "p", "r", "s", "v", "w",
          "x", "acst", "awst", "brt.", "hkt", "wib", "pkt", "nzst.", "zz",
          "u.t"]:
    add(z, f"2020-06-15 10:00 {z}")

for z in ["utc", "est", "cet", "z", "t", "a", "aest"]:
    add(f"{z}+1", f"{z}-1", f"{z}+0130", f"{z}+01:30", f"{z}-24",
        f"{z}+24:00", f"{z} +1 day", f"{z}-1 hour", f"{z}+1:", f"{z} dst",
        f"{z} dst dst", f"2020-06-15 10:00 {z}+5", f"{z}+5 1 day",
        f"{z}+9223372036854775807", f"{z}+9223372036854775807:00",
        f"{z}+1 9223372036854775807 days")

add("2020-06-15 10:00 utc est", "2020-06-15 10:00 -0500 est",
    "2020-06-15 10:00 est dst", "2020-06-15 10:00 dst", "dst", "est5edt",
    "10:00 t", "2020-06-15 t", "2020-06-15 z", "2020-06-15 10:00 +05 +06",
    "10:00 UTC+1", "10:00 GMT-3", "2020-06-15 24:00 utc",
    "1969-12-31 23:59:59 utc", "1969-12-31 19:00 -0500",
    "1970-01-01 00:00 +0100", "10:00 utc+14:00", "10:00 utc-14:00",
    "10:00 est+24", "10:00 est-24", "10:00 west+1", "10:00 cest-1",
    "10:00 dst utc", "10:00 utc dst 1 day", "10:00 t-1 day",
    "10:00 t+1 week", "2020-06-15 t-1 hour", "10:00 z-1 hour",
    "10:00 utc -1 day", "10:00 utc -0100", "10:00 utc - 1 day",
    "jun 15 2020 10:00 aest", "jun 15 2020 10:00 aedt",
    "jan 15 2020 10:00 aest", "jan 15 2020 10:00 aedt",
    "2020-06-15 10:00 aest dst", "2020-06-15 10:00 cet dst",
    "2020-01-15 10:00 cest dst", "2020-06-15 10:00 cest 1 day",
    "2020-06-15 aest", "aest 1 day", "aedt tomorrow", "cet tomorrow",
    "-03", "10:00 -03", "2020-06-15 10:00 -03 dst", "2020-06-15 10:00 -02")

# ---------------------------------------------------------------------------
# lexer corners: comments, blanks, punctuation, unknown words, bytes

add("(comment) 2020-06-15", "2020-06-15 (comment)", "2020-(x)06-15",
    "((nested)) 10:00", "(a(b)c) 10:00", "(unterminated 10:00",
    "10:00 (unterminated", ")", "10:00 )", "()", "( )", "(", "((",
    "(()", "10:00 (a) (b) (c)", "10(x):(y)00", "jan(x)5", "1(x)day",
    "", " ", "\t", "  \t 10:00 \t ", "10:00\x0b", "\x0c10:00", "10:00\r",
    "\r", "10:00\t2020-06-15", "2020-06-15,", ",", ":", "::", "/", ".", "..",
    "-", "+", "--", "+-", "- -", "-- 5 days", "jan 5;", "10:00;", "#", "!",
    "?", "10?", "5 days!", "2020-06-15 x", "x", "foo bar", "foo 10",
    "10 foo", "xyz 2020-06-15", "2020-06-15 xyz", "the 5th of june",
    "a.m.", "p.m", "aa.mm", ".pm", "pm.", "jan..", "jan.5", "j.a.n", "1e5",
    "1st", "2nd", "3rd", "4th", "5 (days)", "5 days (ago)", "5 (x) days",
    "1 day(s)", "10:00:00:00", "10::00", "10:00:", ":10", "10-", "10 -",
    "-10", "+10", "- 10", "10 - 5", "10-5-3", "10 -5 -3", "2020 - 06 - 15",
    "2020- 06- 15", "2020+06+15", "2020-06+15", "2020--06--15",
    "2020-06-15-", "2020-06-15 -", "2020-06-15 +", "2020-06-15 - -",
    "- 2020-06-15", "2020_06_15", "2020.06.15", "2020,06,15", "15.06.2020",
    "15.6", "15,6", "10.5", "10,5", "10.5 2020-06-15", "10.5pm", "1.2.3",
    "1.", "1,", ".1", ",1", "10 .5 sec", "@", "10:00 @1", "2020-06-15@10:00",
    "10:00 \"", "'10:00'", "\"10:00\"", "[10:00]", "{10:00}", "10%", "$",
    "&", "*", "=", "\\", "^", "`", "|", "~", "<", ">", "10:00<",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "wednesdaywednesdaywed",
    "januaryjanuaryjanua", "januaryjanuaryjanuaXYZ", "tomorrowwwwwwwwwwwww",
    "a" * 19, "a" * 20, "z" + "." * 18, "z" + "." * 18 + "y",
    "\xe9", "caf\xe9", "2020-06-15 \xe9", "(\xe9) 2020-06-15", "\xff",
    "10:00\xa0", "jan\xe95", "\xc3\xa9t\xc3\xa9", "10:00 \xe2\x80\x94",
    "\x01", "10:00\x1b", "\x7f", "jan\x7f5")

# ---------------------------------------------------------------------------
# TZ="..." prefixes: valid, invalid, unclosed, escapes, local zones

add('TZ="UTC0" 2020-06-15 10:00', 'TZ="UTC0"', 'TZ="UTC0"10:00',
    ' TZ="UTC0" 10:00', 'TZ="EST5EDT" 2020-06-15 10:00',
    'TZ="EST5EDT,M3.2.0,M11.1.0" 2020-03-08 02:30',
    'TZ="<+0530>-5:30" 2020-06-15 10:00',
    'TZ="CET-1CEST,M3.5.0,M10.5.0/3" 2020-06-15 10:00 CEST',
    'TZ="CET-1CEST,M3.5.0,M10.5.0/3" 2020-01-15 10:00 CEST',
    'TZ="UTC0" @0', 'TZ="UTC0" now', 'TZ="UTC0', 'TZ=UTC0 10:00',
    'tz="UTC0" 10:00', 'TZ="" 10:00', 'TZ="a\\"b" 10:00',
    'TZ="a\\\\b" 10:00', 'TZ="a\\b" 10:00', 'TZ="UTC0" TZ="EST5" 10:00',
    'TZ="XXX+05:30" 10:00', 'TZ="XXX-3" 2020-06-15 10:00 utc',
    'TZ="Europe/Paris" 2020-06-15 10:00',
    'TZ="America/New_York" 2020-03-08 02:30',
    'TZ="Asia/Kolkata" 2020-06-15 10:00 IST',
    'TZ="Europe/London" 2020-06-15 BST', 'TZ="UTC0" 2020-06-15 UTC',
    'TZ="PST8PDT" 10:00 PDT', 'TZ="PST8PDT" 10:00 PST',
    'TZ="JST-9" jst 10:00', 'TZ="EST5EDT" edt', 'TZ="UTC0"  ',
    'TZ="ABC3" 10:00 abc', 'TZ="abc3" 10:00 abc', 'TZ="ABC3" 10:00 ABC dst',
    'TZ="ABC3DEF" 2020-06-15 10:00 def', 'TZ="ABC3DEF" 2020-01-15 10:00 abc',
    'TZ="ABC-1ABC,M3.5.0,M10.5.0" 2020-06-15 10:00 abc',
    'TZ="ABC-1ABC,M3.5.0,M10.5.0" 2020-01-15 10:00 abc',
    'TZ="AEST-10AEDT,M10.1.0,M4.1.0/3" 2020-06-15 10:00 aedt',
    'TZ="AEST-10AEDT,M10.1.0,M4.1.0/3" 2020-10-04 02:30',
    'TZ="NZST-12NZDT,M9.5.0,M4.1.0/3" 2020-09-27 02:30',
    'TZ="<-03>3" 2020-06-15 10:00', 'TZ="IST-5:30" 2020-06-15 10:00',
    'TZ="XXX-14" 2020-06-15 10:00', 'TZ="XXX+12" 2020-06-15 10:00',
    'TZ="XXX-25" 2020-06-15 10:00', 'TZ="UTC+0" 10:00', 'TZ=":UTC" 10:00',
    'TZ=":Europe/Paris" 2020-06-15 10:00',
    'TZ="/usr/share/zoneinfo/Asia/Tokyo" 2020-06-15 10:00',
    'TZ="Asia/Tokyo" 2020-06-15 10:00', 'TZ="Etc/GMT+12" 2020-06-15 10:00',
    'TZ="Etc/GMT-14" 2020-06-15 10:00', 'TZ="Factory" 2020-06-15 10:00',
    'TZ="Nowhere/Land" 2020-06-15 10:00', 'TZ="Foo" 2020-06-15 10:00',
    'TZ="right/UTC" 2016-12-31 23:59:60', 'TZ="right/UTC" 2020-06-15 10:00',
    'TZ="right/UTC" 2017-01-01 00:00:00',
    'TZ="America/Sao_Paulo" 2018-11-04', 'TZ="America/Sao_Paulo" 2018-11-04 00:30',
    'TZ="Australia/Lord_Howe" 2020-10-04 02:15',
    'TZ="Pacific/Apia" 2011-12-30', 'TZ="Pacific/Apia" 2011-12-29 1 day',
    'TZ="Pacific/Kiritimati" 1995-01-01', 'TZ="Europe/Dublin" 2020-01-15 10:00',
    'TZ="Africa/Casablanca" 2020-05-01 10:00', 'TZ="Asia/Kathmandu" 10:00',
    'TZ="America/St_Johns" 2020-06-15 10:00 ndt',
    'TZ="UTC0" 2020-06-15 10:00 1 day ago', 'TZ="UTC0" fri',
    'TZ="EST5EDT" 2020-11-01 01:30', 'TZ="EST5EDT" 2020-11-01 01:30 est',
    'TZ="EST5EDT" 2020-11-01 01:30 edt', 'TZ="EST5EDT" 2020-11-01 01:30 dst',
    'TZ="EST5EDT" est dst', 'TZ="UTC0" (c) 10:00', '(c) TZ="UTC0" 10:00',
    '10:00 TZ="UTC0"', 'TZ="UTC0"TZ="EST5"', 'TZ=""', 'TZ="', 'TZ=',
    'TZ="\\', 'TZ="\\"', 'TZ="UTC0"\t@1', 'TZ="Europe/Berlin" 2020-03-29 02:30',
    'TZ="Europe/Berlin" 2020-10-25 02:30 cest',
    'TZ="Europe/Berlin" 2020-10-25 02:30 cet',
    'TZ="' + "X" * 60 + '-1' + "Y" * 60 + '" 2020-06-15 10:00',
    'TZ="' + "./" * 60 + 'Europe/Berlin" 2020-06-15 10:00',
    'TZ="Europe/../Europe/Berlin" 2020-06-15 10:00',
    'TZ="EST5EDT,M3.2.0,M11.1.0" 2020-03-08 02:30 edt',
    'TZ="EST5EDT,M3.2.0,M11.1.0" 2020-03-08 02:30 1 hour',
    'TZ="<+14>-14" 2020-06-15 10:00 aest', 'TZ="UTC0" aest',
    'TZ="Australia/Sydney" 2020-06-15 10:00 aest',
    'TZ="Australia/Sydney" 2020-06-15 10:00 aedt',
    'TZ="Australia/Sydney" 2020-01-15 10:00 aest')

# TZ strings as glibc's tzset reads them: a daylight zone without rules
# takes its changes from TZDIR/posixrules (and, past its last transition,
# that file's own footer rule); numbers are read with sscanf's %hu, which
# skips blanks and takes a sign; an 'M' rule that fails half-way keeps the
# fields read so far.
add('TZ="CET-1CEST" 2005-03-20 12:00', 'TZ="CET-1CEST" 2040-03-20 12:00',
    'TZ="CET-1CEST" 2020-06-15 12:00', 'TZ="XXX5YYY," 2005-03-20 12:00',
    'TZ="EST5EDT,M3" 2020-01-15 12:00', 'TZ="EST5EDT,M3.2.0,M11" 2020-12-15 12:00',
    'TZ="EST5EDT 4,M3.2.0,M11.1.0" 2020-01-15 12:00',
    'TZ="EST5EDT,M3.2.0/+3,M11.1.0" 2020-12-15 12:00',
    'TZ="CET- 1" 2020-06-15 12:00', 'TZ="EST5EDT;" 2020-06-15 12:00',
    'TZ="EST5EDT,J60,J300" 2020-06-15 12:00',
    'TZ="EST5EDT,60,300" 2020-12-15 12:00',
    'TZ="EST5EDT,M3.2.0/-1,M11.1.0/26" 2020-11-01 12:00',
    'TZ="EST5EDT,M3.2.0/167,M11.1.0" 2020-03-09 12:00')

# ---------------------------------------------------------------------------
# mktime: times that do not exist or exist twice at DST changes (in the
# zones the test runs in), and relative items across the changes

add("2020-03-08 02:30", "2020-03-08 02:00", "2020-03-08 03:00",
    "2020-03-08 01:59:59", "2020-11-01 01:30", "2020-11-01 01:30 edt",
    "2020-11-01 01:30 est", "2020-03-29 02:30", "2020-10-25 02:30",
    "2020-03-29 02:30 cest", "2020-03-08 02:30 -0500", "2020-03-08 02:30 est",
    "2020-03-08 02:30 edt", "2020-01-15 edt",
    "2020-03-29 02:00", "2020-03-29 03:00", "2020-03-29 02:59:59",
    "2020-10-25 02:30 cet", "2020-10-25 02:30 dst", "2020-10-25 03:00",
    "2020-03-29 02:30 1 hour", "2020-03-28 02:30 1 day",
    "2020-10-24 02:30 1 day", "2020-03-28 12:00 1 day",
    "2020-03-29 01:30 60 minutes", "2020-03-29 1 day", "2020-03-29",
    "2020-10-04 02:30", "2020-10-04 02:00", "2020-10-04 03:00",
    "2020-04-05 02:30", "2020-04-05 02:30 aest", "2020-04-05 02:30 aedt",
    "2020-04-05 03:00", "2020-10-03 02:30 1 day", "2020-10-04 02:30 aedt",
    "2018-11-04", "2018-11-04 00:00", "2018-11-04 00:30", "2018-11-04 01:00",
    "2018-11-03 1 day", "2018-11-03 12:00 1 day", "2018-11-04 1 hour",
    "2019-02-16 23:30", "2019-02-17 00:00", "2019-02-16 23:30 1 hour",
    "2019-02-16 23:30 -02", "2019-02-16 23:30 -03", "2018-11-04 -1 day",
    "1985-11-02", "1985-11-02 00:30", "2020-03-08 1 day", "2020-03-07 2 days",
    "2020-11-01", "2020-11-01 1 day", "2020-10-31 02:30 1 day",
    "2020-03-08 02:30 utc", "2020-03-29 02:30 utc", "1916-04-30 23:30",
    "1945-04-02 02:30", "1900-01-01", "1800-01-01 10:00", "1893-04-01",
    "0001-01-01 00:00 utc", "-0001-12-31 utc", "2038-01-19 03:14:08",
    "2106-02-07 06:28:16", "10000-01-01", "292277026596-12-04 15:30:07 utc",
    "292277026596-12-04 15:30:08 utc", "2147485547-12-31 23:59:59",
    "2147485547-12-31 23:59:59 +0100", "2147485547-12-31 23:59:59 -1200")

# ---------------------------------------------------------------------------
# combinations: date + time + zone + relative + day, seeded at random

pieces = ["1999-12-31", "5 jun 2019", "jun 5", "6/15/2020", "2020-06-15",
          "20200615", "10:30", "10:30:15.25", "3pm", "1530", "fri",
          "next mon", "last sun", "jan", "2021", "1 day", "3 hours",
          "-30 minutes", "2 weeks ago", "last month", "next year",
          "tomorrow", "now", "1.5 sec", "utc", "est", "cest", "z", "T",
          "+0200", "dst", "(note)", ",", "foo", "aest", "2020-06-15T10:00Z",
          "12am", "noon", "@1", "this fri", "yesterday", "6/15", "+5 days"]
rng = random.Random(20220415)
while len(out) < 3000:
    k = rng.randint(1, 4)
    add(" ".join(rng.choice(pieces) for _ in range(k)))

sys.stdout.buffer.write(b"".join(line + b"\n" for line in out))
