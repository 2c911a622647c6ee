#!/usr/bin/env python3
"""The three memory fixes of the 2015 official sample engine (no change of strategy).

    python3 fix.py SOURCE_DIR OUT_DIR

SOURCE_DIR holds the organisers' sample as they shipped it (folder DDZAI of the 2015 platform
archive: DdzAi.cpp and DdzV200.h, text in GBK, CRLF line ends), or a copy already fixed (this
project's workspace keeps one): each fix is applied where its original form is found and left
alone where its fixed form is. OUT_DIR gets both files with LF line ends and the fixes in
DdzV200.h, each marked by a `//patch:` comment. A file in neither form fails, naming the fix,
so a different release of the sample is never built half-fixed.

The fixes (README.md beside this folder says why each matters to a host):
 1. IsType9LinkThree: its stack array of ranks 3..A is one element short (`iTempArr[11]`, the
    ranks are 0..11), so a plane with aces read and wrote past its end: `iTempArr[12]`.
 2. InputMsg: `cin.getline` at the end of input left the last line in place and the engine
    answered it forever; it now exits when its input ends.
 3. GetInf: `INFO` has 7 fields (the time limit last) and the array holds 6; the 7th was
    written past its end: only the first 6 are stored.

The files are handled as bytes (GBK text is never decoded: every pattern is ASCII and anchored
on code, which GBK's two-byte characters cannot imitate at these places).
"""

import os
import re
import sys

# Each fix: (name, the function it lives in, original pattern, fixed pattern, replacement).
FIXES = [
    (
        "1 (IsType9LinkThree: iTempArr one element short)",
        rb"int\tIsType9LinkThree\(int iCs\[\]\)\n\{\n",
        rb"\tint iTempArr\[11\]",
        rb"//patch: was iTempArr\[11\]",
        b"\t//patch: was iTempArr[11]; ranks 3..A are 0..11, so a plane with A read/wrote one past "
        b"the end\n\tint iTempArr[12]",
    ),
    (
        "2 (InputMsg: exit at the end of input)",
        rb"void InputMsg\(struct Ddz \* pDdz\)[ \t]*\n\{\n",
        rb"\tcin\.getline\(pDdz->sCommandIn,80\);[^\n]*",
        rb"//patch: stdin closed \(EOF\)",
        b"\tif(!cin.getline(pDdz->sCommandIn,80))\t//patch: stdin closed (EOF) -> exit cleanly "
        b"instead of spinning\n\t\texit(0);",
    ),
    (
        "3 (GetInf: only the first 6 INFO fields stored)",
        rb"void GetInf\(struct Ddz \* pDdz\)[^\n]*\n\{\n",
        rb"\n(\t+)(iMessage\[iCount\] = iTemp;)",
        rb"//patch: INFO has 7 fields",
        rb"\n\1if(iCount < 6)\t//patch: INFO has 7 fields (time limit last); keep 6, do not write "
        rb"iMessage[6]\n\1\2",
    ),
]

# How far past a function's first line its fix may be found (the functions are short).
BODY_BYTES = 1500


def fix_header(text):
    for name, start, original, fixed, replacement in FIXES:
        head = re.search(start, text)
        if head is None:
            sys.exit("fix.py: fix %s: the function is not in DdzV200.h" % name)
        body = text[head.end():head.end() + BODY_BYTES]
        if re.search(fixed, body):
            continue
        found = re.search(original, body)
        if found is None:
            sys.exit("fix.py: fix %s: neither its original nor its fixed form is in DdzV200.h "
                     "(another release of the sample?): apply it by hand" % name)
        at = head.end() + found.start()
        patched = re.sub(original, replacement, text[at:at + len(found.group(0))], count=1)
        text = text[:at] + patched + text[at + len(found.group(0)):]
    return text


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: fix.py SOURCE_DIR OUT_DIR")
    source, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for name in ("DdzAi.cpp", "DdzV200.h"):
        path = os.path.join(source, name)
        if not os.path.isfile(path):
            sys.exit("fix.py: %s is missing (the folder DDZAI of the 2015 platform archive "
                     "holds DdzAi.cpp and DdzV200.h)" % path)
        with open(path, "rb") as f:
            text = f.read().replace(b"\r\n", b"\n")
        if name == "DdzV200.h":
            text = fix_header(text)
        with open(os.path.join(out, name), "wb") as f:
            f.write(text)


if __name__ == "__main__":
    main()
