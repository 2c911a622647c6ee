"""The checks of a test script counted: one PASS/FAIL line per check, then a closing
"N passed, N failed" and the exit status (1 on any failure). Shared by windows-smoke.py and
windows-seats.py, which import it from their own folder."""
import sys


class Tally:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print(f"{'PASS' if ok else 'FAIL'} {what}", flush=True)
        return ok

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
