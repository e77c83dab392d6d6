#!/usr/bin/env python3
"""Where one more example's instructions go, from two callgrind output files.

Reads the callgrind files of two whole runs of a probe, at N and at 2N examples
(Benchmarks/callgrind.sh PROFILE=1 writes them), and prints, per example (the
difference between the two runs divided by N, so that what a run does once
cancels out):

- the total, and the total without the dispatch workers' idle loop (the self
  instructions of the functions IDLE matches: a worker thread that finds no job
  waits on a semaphore with a timeout and reads the clock; how often that
  happens under valgrind changes from run to run, which is most of the swing
  of the async counts);
- how many times the functions CALLS matches were called (reference counting,
  allocation, locks, task-local bindings, task switches);
- the functions with the most self instructions, and with --inclusive REGEX
  the inclusive instructions of the functions whose name matches REGEX.

  callgrind_profile.py [--top K] [--inclusive REGEX] N small.out large.out

Names are demangled with `swift demangle --simplified` when it is on PATH.
Only the first event of the files (Ir, instructions) is read.
"""

import argparse
import re
import shutil
import subprocess
import sys
from collections import defaultdict

IDLE = re.compile(
    r"^(_dispatch_worker_thread|dispatch_time|_dispatch_time_nanoseconds_since_epoch|_dispatch_timeout"
    r"|_dispatch_sema4_timedwait|_dispatch_semaphore_wait_slow|clock_gettime.*|__clock_gettime.*"
    r"|sem_timedwait.*|__new_sem_wait_slow.*|do_futex_wait.*|__futex_abstimed_wait.*)$"
)

CALLS = [
    ("swift_retain", re.compile(r"^swift_(retain|nonatomic_retain)$")),
    ("swift_release", re.compile(r"^swift_(release|nonatomic_release)$")),
    ("swift_allocObject", re.compile(r"^swift_allocObject$")),
    ("malloc", re.compile(r"^(malloc|calloc|realloc)$")),
    ("free", re.compile(r"^free$")),
    ("pthread_mutex_lock", re.compile(r"^pthread_mutex_lock(@.*)?$")),
    ("swift_task_localValuePush", re.compile(r"^swift_task_localValuePush$")),
    ("swift_task_switch", re.compile(r"^swift_task_switch$")),
    ("swift_continuation_await (a task parked)", re.compile(r"^swift_continuation_await$")),
    ("_dispatch_root_queue_poke_slow (a dispatch worker woken)", re.compile(r"^_dispatch_root_queue_poke_slow$")),
    ("swift_beginAccess", re.compile(r"^swift_beginAccess$")),
]


def base(name):
    """A function's name without callgrind's recursion-level suffix ('2, '3…)."""
    return re.sub(r"'\d+$", "", name)


class Profile:
    def __init__(self, path):
        self.total = 0
        self.self_cost = defaultdict(int)  # function (with its 'N suffix) -> instructions
        self.call_cost = defaultdict(int)  # caller -> instructions of the calls it makes
        self.calls = defaultdict(int)  # callee -> times called
        names = {}
        positions = 1
        function = None
        callee = None
        pending_call = False
        with open(path, errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                if not line:
                    continue
                head = line[0]
                if head.isdigit() or head in "+-*":
                    fields = line.split()
                    cost = int(fields[positions]) if len(fields) > positions else 0
                    if pending_call:
                        self.call_cost[function] += cost
                        pending_call = False
                    else:
                        self.self_cost[function] += cost
                    continue
                key, _, value = line.partition("=")
                if key in ("fn", "cfn"):
                    match = re.match(r"^\((\d+)\)(?: (.*))?$", value)
                    if match:
                        if match.group(2) is not None:
                            names[match.group(1)] = match.group(2)
                        value = names.get(match.group(1), value)
                    if key == "fn":
                        function = value
                    else:
                        callee = value
                elif key == "calls":
                    self.calls[callee] += int(value.split()[0])
                    pending_call = True
                elif line.startswith("positions:"):
                    positions = len(line.split(":", 1)[1].split())
                elif line.startswith("summary:") or line.startswith("totals:"):
                    self.total = int(line.split(":", 1)[1].split()[0])

    def inclusive(self, name):
        return self.self_cost.get(name, 0) + self.call_cost.get(name, 0)


def demangle(names):
    """Readable names; an async function's partial functions (the code after each `await`) keep
    a mark, since `--simplified` alone gives them all the function's name."""
    swift = shutil.which("swift")
    if not swift or not names:
        return {n: n for n in names}
    text = "\n".join(names) + "\n"
    simple = subprocess.run([swift, "demangle", "--simplified"], input=text, capture_output=True, text=True)
    full = subprocess.run([swift, "demangle"], input=text, capture_output=True, text=True)
    simple_lines, full_lines = simple.stdout.split("\n"), full.stdout.split("\n")
    if simple.returncode != 0 or full.returncode != 0 or min(len(simple_lines), len(full_lines)) < len(names):
        return {n: n for n in names}
    readable = {}
    for name, short, long in zip(names, simple_lines, full_lines):
        part = re.match(r"^(?:\((\d+)\) )?(suspend resume|await resume) partial function for ", long)
        readable[name] = f"[{part.group(2)} {part.group(1) or ''}] {short}" if part else short
    return readable


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=int, help="examples of the smaller run (the larger has twice as many)")
    parser.add_argument("small")
    parser.add_argument("large")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--inclusive", metavar="REGEX")
    parser.add_argument("--width", type=int, default=110, help="characters of a name to print")
    args = parser.parse_args()
    small, large = Profile(args.small), Profile(args.large)
    n = args.n

    def per(a, b):
        return (b - a) / n

    idle_small = sum(c for f, c in small.self_cost.items() if IDLE.match(base(f)))
    idle_large = sum(c for f, c in large.self_cost.items() if IDLE.match(base(f)))
    print(f"| per example (marginal, {n}→{2 * n}) | instructions |")
    print("|---|---:|")
    # Whole instructions, rounded down as callgrind.sh and runtime.sh round theirs.
    print(f"| total | {(large.total - small.total) // n:,} |")
    idle_free = (large.total - idle_large) - (small.total - idle_small)
    print(f"| without the dispatch workers' idle loop | {idle_free // n:,} |")
    print()
    print("| calls per example | count |")
    print("|---|---:|")
    for label, pattern in CALLS:
        a = sum(c for f, c in small.calls.items() if pattern.match(base(f)))
        b = sum(c for f, c in large.calls.items() if pattern.match(base(f)))
        print(f"| {label} | {per(a, b):.2f} |")

    def merged(profile):
        out = defaultdict(int)
        for f, c in profile.self_cost.items():
            out[base(f)] += c
        return out

    self_small, self_large = merged(small), merged(large)
    rows = sorted(((per(self_small.get(f, 0), self_large.get(f, 0)), f) for f in set(self_small) | set(self_large)),
                  reverse=True)[: args.top]
    if args.inclusive:
        pattern = re.compile(args.inclusive)
        names = {f for f in set(small.self_cost) | set(large.self_cost) if f == base(f)}
        chosen = [f for f in names if pattern.search(f)]
        included = sorted(((per(small.inclusive(f), large.inclusive(f)), f) for f in chosen), reverse=True)[: args.top]
    else:
        included = []
    readable = demangle(sorted({f for _, f in rows} | {f for _, f in included}))
    if rows:
        print()
        print("| self instructions per example | function |")
        print("|---:|---|")
        for cost, f in rows:
            print(f"| {cost:,.0f} | {readable.get(f, f)[: args.width]} |")
    if included:
        print()
        print(f"| inclusive instructions per example | function matching {args.inclusive} |")
        print("|---:|---|")
        for cost, f in included:
            print(f"| {cost:,.0f} | {readable.get(f, f)[: args.width]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
