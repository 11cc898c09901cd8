#!/usr/bin/python3
# Reads a JUnit XML file back with python3-junitparser (Debian's JUnit/xUnit XML library, the
# reader CI dashboards' converters use) and prints what it understood, one line per element:
#   suites TESTS FAILURES ERRORS
#   suite NAME TESTS FAILURES [property=value ...]
#   case CLASSNAME | NAME | pass            or   case CLASSNAME | NAME | failure TYPE | MESSAGE | TEXT
# tests/cli/test_cmd_test.cpp compares this summary, so the XML is checked by a real parser
# rather than as a string. Exit 1 when junitparser cannot read the file.
import sys

from junitparser import Failure, JUnitXml, TestSuite

def main(path):
    try:
        xml = JUnitXml.fromfile(path)
    except Exception as e:  # malformed XML or not JUnit
        print("unreadable:", e)
        return 1
    suites = [xml] if isinstance(xml, TestSuite) else list(xml)
    print("suites", xml.tests, xml.failures, xml.errors)
    for s in suites:
        props = " ".join(f"{p.name}={p.value}" for p in s.properties())
        print("suite", s.name, s.tests, s.failures, props)
        for c in s:
            if not c.result:
                print("case", c.classname, "|", c.name, "| pass")
            for r in c.result:
                if isinstance(r, Failure):
                    text = (r.text or "").replace("\n", "\\n")
                    print("case", c.classname, "|", c.name, "| failure", r.type, "|", r.message, "|", text)
    return 0

sys.exit(main(sys.argv[1]))
