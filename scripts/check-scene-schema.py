#!/usr/bin/env python3
"""Validates JSON files against the scene schema with the standard validator (python3-jsonschema).

usage: scripts/check-scene-schema.py SCHEMA FILE...

Prints one line per file: "FILE: ok" or "FILE: invalid: PATH: MESSAGE" for its first error (by path),
and exits 1 when any file is invalid, 2 when the schema itself is not a valid draft-07 schema, 3 when
the jsonschema package is missing (scripts/setup.sh installs it).
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("python3 cannot import jsonschema; run scripts/setup.sh (or: python3 -m pip install jsonschema)",
          file=sys.stderr)
    sys.exit(3)


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    try:
        jsonschema.Draft7Validator.check_schema(schema)
    except jsonschema.SchemaError as e:
        print(f"{argv[1]}: not a valid draft-07 schema: {e.message}", file=sys.stderr)
        return 2
    validator = jsonschema.Draft7Validator(schema)
    failed = 0
    for name in argv[2:]:
        try:
            with open(name, encoding="utf-8") as f:
                document = json.load(f)
        except (ValueError, UnicodeDecodeError) as e:
            failed += 1
            print(f"{name}: invalid: (root): not JSON: {e}")
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
        if errors:
            failed += 1
            e = errors[0]
            path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e.absolute_path) or "(root)"
            print(f"{name}: invalid: {path.lstrip('.')}: {e.message}")
        else:
            print(f"{name}: ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
