#!/usr/bin/env python3
"""Where inlining costs bytes: every function inlined into others, with
the number of its inlined copies and their bytes, from the DWARF of a
release build with debug info (the code is the same as without it):

    source qemu/setup.sh
    CARGO_PROFILE_RELEASE_STRIP=false CARGO_PROFILE_RELEASE_DEBUG=limited \\
      RUSTC_BOOTSTRAP=1 cargo build --release --target x86_64-unknown-linux-musl \\
      --target-dir /tmp/dbg -Zbuild-std=core,alloc \\
      --config "$(release_rustflags x86_64-unknown-linux-musl)"
    python3 qemu/inlined.py /tmp/dbg/x86_64-unknown-linux-musl/release/corebox

Prints, largest first, what an out-of-line copy would save (all copies
but one), the bytes of all copies, the copies and the functions holding
them. `--into NAME` lists instead what is inlined into function NAME
(nested, with bytes). Needs pyelftools (`pip install pyelftools`).
"""

import collections
import sys

from elftools.elf.elffile import ELFFile

SCOPES = (
    "DW_TAG_namespace",
    "DW_TAG_subprogram",
    "DW_TAG_structure_type",
    "DW_TAG_enumeration_type",
    "DW_TAG_union_type",
)


def qualified(die):
    """The path of a function's definition: crate::module::Type::name."""
    parts = []
    while die is not None:
        if die.tag in SCOPES and "DW_AT_name" in die.attributes:
            parts.append(die.attributes["DW_AT_name"].value.decode(errors="replace"))
        die = die.get_parent()
    return "::".join(reversed(parts))


def origin(die):
    """The definition an inlined copy or a concrete function refers to."""
    for _ in range(8):
        for a in ("DW_AT_abstract_origin", "DW_AT_specification"):
            if a in die.attributes:
                die = die.get_DIE_from_attribute(a)
                break
        else:
            break
    return qualified(die)


def size(dwarf, die, cu):
    at = die.attributes
    if "DW_AT_low_pc" in at and "DW_AT_high_pc" in at:
        high = at["DW_AT_high_pc"]
        if high.form == "DW_FORM_addr":
            return high.value - at["DW_AT_low_pc"].value
        return high.value
    if "DW_AT_ranges" in at:
        ranges = dwarf.range_lists().get_range_list_at_offset(at["DW_AT_ranges"].value, cu=cu)
        return sum(r.end_offset - r.begin_offset for r in ranges if hasattr(r, "begin_offset"))
    return 0


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    dwarf = ELFFile(open(args[0], "rb")).get_dwarf_info()
    into = args[2] if len(args) > 2 and args[1] == "--into" else None
    total, copies = collections.Counter(), collections.Counter()
    holders = collections.defaultdict(set)

    def walk(die, cu, top, depth):
        for c in die.iter_children():
            if c.tag == "DW_TAG_inlined_subroutine":
                name, n = origin(c), size(dwarf, c, cu)
                if into is not None:
                    if n >= 40:
                        print("  " * depth, n, name)
                else:
                    total[name] += n
                    copies[name] += 1
                    holders[name].add(top)
                walk(c, cu, top, depth + 1)
            elif c.tag == "DW_TAG_subprogram" and into is None:
                walk(c, cu, origin(c), depth)
            elif c.tag != "DW_TAG_subprogram":
                walk(c, cu, top, depth)

    for cu in dwarf.iter_CUs():
        if into is None:
            walk(cu.get_top_DIE(), cu, "?", 0)
            continue
        for die in cu.iter_DIEs():
            if die.tag == "DW_TAG_subprogram" and "DW_AT_low_pc" in die.attributes:
                if origin(die) == into:
                    print(into, size(dwarf, die, cu))
                    walk(die, cu, into, 1)
    if into is None:
        rows = sorted(
            ((total[n] - total[n] // copies[n], total[n], copies[n], n) for n in total if copies[n] > 1),
            reverse=True,
        )
        for saved, all_bytes, n, name in rows[:80]:
            print(saved, all_bytes, n, len(holders[name]), name)


if __name__ == "__main__":
    main()
