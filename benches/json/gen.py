"""Writes a JSON document of about SIZE megabytes (default 50) to stdout: an
array of records with strings (some with escapes and non-ASCII text),
integers, floats, booleans, nulls, nested objects and arrays. Deterministic."""
import json, random, sys

size = int(sys.argv[1]) if len(sys.argv) > 1 else 50
rnd = random.Random(42)
words = ["knight", "tour", "board", "square", "move", "warnsdorff", "é", "€", "tab\t", "quote\"", "line\n"]

def text():
    return " ".join(rnd.choice(words) for _ in range(rnd.randint(1, 8)))

def record(i):
    return {
        "id": i,
        "name": text(),
        "score": rnd.random() * 1000,
        "rank": rnd.randint(-10**6, 10**6),
        "big": rnd.randint(10**19, 10**21),
        "active": rnd.random() < 0.5,
        "note": None if rnd.random() < 0.3 else text(),
        "moves": [[rnd.randint(1, 8), rnd.randint(1, 8)] for _ in range(rnd.randint(0, 6))],
        "meta": {"board": rnd.choice([5, 6, 8]), "tags": [text() for _ in range(rnd.randint(0, 3))]},
    }

out = sys.stdout
out.write("[")
written, i = 1, 0
while written < size * 1_000_000:
    s = ("," if i else "") + json.dumps(record(i), ensure_ascii=rnd.random() < 0.5)
    out.write(s)
    written += len(s.encode())
    i += 1
out.write("]\n")
