#!/usr/bin/env python3
"""Lists the C++ functions in core/ and app/ longer than a limit; exits 1 if any is not allowed.

  scripts/long-functions.py [--limit N] [--root DIR] [--all]

A function is a brace block whose head (the text since the previous `;`, `{` or `}` at namespace
or class scope) has a parameter list; its length is the lines from the head's first line to the
closing brace. Comments, string and character literals (raw strings too) are blanked first, so a
brace in a literal does not count. A lambda counts as part of the function that holds it.

ALLOWED names the functions that are tables (one entry per line, nothing to split): a long list
of codes or a schema is easier to read whole. Everything else over the limit is a function to
split into named stages (as targeting::Resolve is: one function per stage, the entry point a list
of calls). tests/CMakeLists.txt runs this as the `long_functions` test (label unit).
"""
import argparse
import os
import re
import sys

LIMIT = 150
# file:function of the tables. A table is data with a line per entry, not control flow.
ALLOWED = {
    "core/doc/codes.cpp:Codes",
}

SCOPE_WORDS = re.compile(r"\b(namespace|class|struct|union|enum)\b")


def blank(text):
    """Replaces comments and literals by spaces, keeping newlines (so line numbers hold)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            k = text.find("(", i + 2)
            delim = text[i + 2:k]
            j = text.find(")" + delim + '"', k)
            j = n if j < 0 else j + len(delim) + 2
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:j]))
            i = j
        elif c in "\"'":
            # A digit separator (1'000) is not a character literal.
            if c == "'" and re.search(r"\b\d[\w']*$", text[max(0, i - 40):i]):
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * max(0, j - i - 2) + (c if j - i >= 2 else ""))
            i = j
        elif c == "#" and (i == 0 or text[i - 1] == "\n" or text[:i].rstrip(" \t").endswith("\n")):
            # A preprocessor line (with its continuations) is not code.
            j = i
            while True:
                k = text.find("\n", j)
                if k < 0:
                    k = n
                    break
                if text[k - 1] != "\\":
                    break
                j = k + 1
            out.append(re.sub(r"[^\n]", " ", text[i:k]))
            i = k
        else:
            out.append(c)
            i += 1
    return "".join(out)


def function_name(head):
    """The qualified name before the parameter list of a function head, or None."""
    depth = 0
    # The parameter list is the first top-level (...) not inside a template argument list.
    for m in re.finditer(r"[()]", head):
        if m.group(0) == "(":
            if depth == 0:
                before = head[:m.start()].rstrip()
                nm = re.search(r"((?:[A-Za-z_]\w*\s*(?:<[^<>;{}]*>)?\s*::\s*)*~?[A-Za-z_]\w*"
                               r"(?:\s*operator\s*\S+)?)$", before)
                if nm:
                    name = re.sub(r"\s+", "", nm.group(1))
                    if name in ("if", "for", "while", "switch", "catch", "return", "sizeof", "decltype"):
                        return None
                    return name
                if before.endswith("operator()"[:-2]) or before.endswith("]"):
                    return "(lambda)"
                return None
            depth += 1
        else:
            depth -= 1
    return None


def functions(text):
    """Yields (name, first_line, last_line) of each function body at namespace or class scope."""
    code = blank(text)
    scopes = []  # True: a function body (its contents are not scanned for functions)
    head_start = 0
    func_start = None
    depth_in_func = 0
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if func_start is not None:
            if c == "{":
                depth_in_func += 1
            elif c == "}":
                depth_in_func -= 1
                if depth_in_func == 0:
                    name, line0 = func_start
                    yield name, line0, code.count("\n", 0, i) + 1
                    func_start = None
                    head_start = i + 1
            i += 1
            continue
        if c == ";":
            head_start = i + 1
        elif c == "}":
            if scopes:
                scopes.pop()
            head_start = i + 1
        elif c == "{":
            head = code[head_start:i]
            stripped = head.strip()
            name = None
            if ")" in head and not SCOPE_WORDS.match(stripped) and not re.match(r"^(template\s*<.*>\s*)?(class|struct)\b", stripped):
                # A constructor's brace initialiser (`: a_{x} {`) is inside the head: skip it.
                last = head.rstrip()
                if re.search(r"\)\s*:", head) and re.search(r"[\w>]$", last) and \
                        not re.search(r"\)\s*(const|override|final|noexcept|mutable)?\s*$", last):
                    j, d = i, 0
                    while j < n:
                        if code[j] == "{":
                            d += 1
                        elif code[j] == "}":
                            d -= 1
                            if d == 0:
                                break
                        j += 1
                    i = j + 1
                    continue
                name = function_name(head)
            if name and "=" not in head.split("(")[0].replace("==", "").replace("operator=", ""):
                first = head_start + (len(head) - len(head.lstrip()))
                func_start = (name, code.count("\n", 0, first) + 1)
                depth_in_func = 1
            elif name:  # `auto f = [](...) {` at namespace scope: a function by another spelling
                first = head_start + (len(head) - len(head.lstrip()))
                lhs = re.search(r"([A-Za-z_]\w*)\s*=", head)
                func_start = (lhs.group(1) if lhs else name, code.count("\n", 0, first) + 1)
                depth_in_func = 1
            else:
                scopes.append(False)
            head_start = i + 1
        i += 1


def self_test():
    """The checker's own cases: it finds a long function, and a brace in a literal, a comment, a
    constructor's brace initialiser or a lambda does not start or end one."""
    body = "\n".join(["  x += 1;"] * 160)
    src = (
        "namespace a {\n"
        "struct S { S(); int f() const { return 1; } int x_; };\n"
        "S::S() : x_{2} {\n" + body + "\n}\n"
        "// void Commented() {\n"
        "int Long(int x) {\n  const char* s = \"}{\";\n  char c = '}';\n  auto r = R\"x(})x\";\n"
        "  auto l = [](int y) { return y; };\n" + body + "\n  return x;\n}\n"
        "int Short() { return 1'000; }\n"
        "}  // namespace a\n")
    got = [(n, b - a + 1) for n, a, b in functions(src)]
    want = [("f", 1), ("S::S", 162), ("Long", 167), ("Short", 1)]
    if got != want:
        print(f"self test: got {got}, want {want}")
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--limit", type=int, default=LIMIT)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--all", action="store_true", help="list every function over the limit, allowed too")
    ap.add_argument("dirs", nargs="*", default=["core", "app"])
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    root = os.path.abspath(args.root)
    bad, seen_allowed = [], set()
    for d in args.dirs:
        for dirpath, _, files in os.walk(os.path.join(root, d)):
            for f in sorted(files):
                if not f.endswith((".cpp", ".h", ".cc", ".hpp")):
                    continue
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as fh:
                    text = fh.read()
                for name, a, b in functions(text):
                    length = b - a + 1
                    if length <= args.limit:
                        continue
                    short = name.split("::")[-1]
                    key = f"{rel}:{short}"
                    allowed = key in ALLOWED
                    if allowed:
                        seen_allowed.add(key)
                    if allowed and not args.all:
                        continue
                    bad.append((length, rel, a, name, allowed))
    for length, rel, a, name, allowed in sorted(bad, reverse=True):
        note = " (a table: allowed)" if allowed else f": over {args.limit} lines; split it into named stages"
        print(f"{rel}:{a}: {name} is {length} lines{note}")
    if args.all:
        return 0
    # An allowance for a function that is no longer long is stale: remove it from ALLOWED.
    for key in sorted(ALLOWED - seen_allowed):
        print(f"{key}: allowed as a table but not over {args.limit} lines (or gone): remove it from ALLOWED")
    return 1 if bad or ALLOWED - seen_allowed else 0


if __name__ == "__main__":
    sys.exit(main())
