#!/usr/bin/env python3
"""The mutation fuzzer of the `strata` command (standard library only).

Mutates the example scenes (Examples/*.json) and runs `strata render` on each mutant with
a time limit and a memory limit, counting crashes (a signal, "Fatal error"), hangs (the
time limit), memory exhaustion and unexpected exit statuses. Exit statuses 0 (rendered),
1 (refused with a message) and 2 (a usage error) are the expected outcomes.

  Fuzz/mutate.py --strata .build/release/strata [--count N] [--seed S] [--jobs J]
                 [--timeout SECONDS] [--memory MIB] [--out DIR] [--backend cpu|gpu|auto]
                 [--inputs GLOB]

--inputs chooses other files to mutate, relative to the repository: for the Lottie importer,
--inputs 'Tests/LottieCorpus/samples/**/*.json' (`strata render` recognises them as Lottie).

Mutations (one to three per mutant): delete a key, swap a value's type, put an extreme or
non-finite number (1e308, -1e308, 1e19, 3.1e9, 1e999, -0, 1e-320, 2^63), duplicate a
subtree (a layer repeated, a subtree nested into itself), a huge string or array, and
truncate the file's text. Crash and hang reproducers are kept in --out, with a summary
by signature (the first "Fatal error" line, or the signal). Exit status 1 when any mutant
crashed, hung, exhausted memory or exited otherwise.
"""
import argparse, copy, glob, json, os, random, re, resource, shutil, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTREMES = [1e308, -1e308, 1e19, -1e19, 3.1e9, 1e12, 1e18, 40000, -1, 0, -0.0, 1e-320, 2**63, 2**31, -(2**31) - 1, 0.5]
# Written into the text as is: JSON numbers that overflow to infinity or are very long.
TEXT_EXTREMES = ["1e999", "-1e999", "1" * 400, "0." + "0" * 400 + "1"]


def nodes(v, path=()):
    """Every (path, value) in a JSON tree."""
    yield path, v
    if isinstance(v, dict):
        for k, x in v.items():
            yield from nodes(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from nodes(x, path + (i,))


def get(v, path):
    for p in path:
        v = v[p]
    return v


def put(v, path, value):
    if not path:
        return value
    get(v, path[:-1])[path[-1]] = value
    return v


def mutate(doc, rng, markers):
    """One mutation of `doc` (in place where possible); returns the new document."""
    all_nodes = list(nodes(doc))
    path, value = rng.choice(all_nodes)
    kind = rng.randrange(8)
    if kind == 0 and path:  # delete a key or element
        parent = get(doc, path[:-1])
        del parent[path[-1]]
        return doc
    if kind == 1:  # swap the type
        return put(doc, path, rng.choice([None, True, "x", "", [], {}, 0, [0, 0], {"a": 1}, "#FFF", [1, 2, 3, 4]]))
    if kind in (2, 3):  # an extreme number, somewhere numbers are
        numbers = [p for p, x in all_nodes if isinstance(x, (int, float)) and not isinstance(x, bool) and p]
        if not numbers:
            return doc
        p = rng.choice(numbers)
        if rng.random() < 0.25:
            marker = "__X%d__" % len(markers)
            markers[marker] = rng.choice(TEXT_EXTREMES)
            return put(doc, p, marker)
        return put(doc, p, rng.choice(EXTREMES) * rng.choice([1, 1, -1]))
    if kind == 4 and path:  # duplicate a subtree
        parent = get(doc, path[:-1])
        if isinstance(parent, list):
            for _ in range(rng.choice([1, 2, 10, 100])):
                parent.insert(path[-1], copy.deepcopy(value))
        elif isinstance(value, dict):
            inner = copy.deepcopy(value)
            value.setdefault("sublayers", []).append(inner)
        return doc
    if kind == 5 and isinstance(value, dict):  # a key from elsewhere, with an extreme value
        keys = sorted({p[-1] for p, _ in all_nodes if p and isinstance(p[-1], str)})
        value[rng.choice(keys)] = rng.choice(EXTREMES + [None, "infinity", [1e308, 1e308], [-1, -1, -1, -1]])
        return doc
    if kind == 6:  # a huge string or array
        return put(doc, path, rng.choice(["A" * 100000, [0] * 100000, "\u0000" * 10, "\U0001F600" * 5000]))
    # Animation values that reach the renderer by another route than the file's own.
    layers = [x for _, x in all_nodes if isinstance(x, dict) and ("frame" in x or "bounds" in x)]
    if layers:
        layer = rng.choice(layers)
        key = rng.choice(["shadowRadius", "bounds.size.width", "opacity", "cornerRadius", "position", "contentsRect",
                          "transform.scale", "borderWidth", "shadowOffset"])
        to = rng.choice(EXTREMES + [[1e308, 1e308], [0, 0, -5, -5], [0, 0, 1e12, 1e12]])
        layer.setdefault("animations", {})["m%d" % rng.randrange(100)] = {
            "type": rng.choice(["basic", "spring"]), "keyPath": key, "toValue": to, "duration": rng.choice([1, 1e-9, 1e308]),
            "repeatCount": rng.choice([1, "infinity", 1e308]), "cumulative": rng.random() < 0.3}
    return doc


def make(text, rng):
    """A mutant's bytes from an example's text."""
    markers = {}
    doc = json.loads(text)
    for _ in range(rng.choice([1, 1, 2, 3])):
        try:
            doc = mutate(doc, rng, markers)
        except (KeyError, IndexError, TypeError):
            pass
    out = json.dumps(doc)
    for m, v in markers.items():
        out = out.replace('"%s"' % m, v)
    if rng.random() < 0.08:  # truncation
        out = out[: rng.randrange(max(1, len(out)))]
    return out.encode()


def run(args, index, data, work):
    scene = os.path.join(work, "m%06d.json" % index)
    out = os.path.join(work, "m%06d.png" % index)
    with open(scene, "wb") as f:
        f.write(data)
    limit = args.memory * 1024 * 1024

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    cmd = [args.strata, "render", scene, "-o", out, "--backend", args.backend]
    rng = random.Random(index)
    if rng.random() < 0.3:
        cmd += ["--time", str(rng.choice([0.5, 1, 2.5, 10, 1e6]))]
    start = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=args.timeout, preexec_fn=limits, cwd=work)
        rc, err = p.returncode, p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        rc, err = "hang", (e.stderr or b"").decode(errors="replace")
    elapsed = time.time() - start
    for f in (out,):
        if os.path.exists(f):
            os.remove(f)
    if rc in (0, 1, 2) and "Fatal error" not in err:
        os.remove(scene)
        return index, "ok", rc, "", elapsed
    if rc == "hang":
        cls = "hang"
        sig = "hang (over %g s)" % args.timeout
    elif "Fatal error" in err or (isinstance(rc, int) and rc < 0) or rc in (132, 133, 134, 139):
        cls = "crash"
        m = re.search(r"(Fatal error[^\n]*)", err)
        sig = m.group(1)[:160] if m else "signal %s" % (-rc if isinstance(rc, int) and rc < 0 else rc)
        # The Swift backtracer's first frame in the project's sources: where it trapped.
        failure = re.search(r"Swift runtime failure: ([^*\n]+?) \*\*\*", err)
        if failure:
            sig = failure.group(1)[:100]
        at = re.search(r" at /\S*?/(Sources/\S+?\.swift:\d+)", err)
        if at:
            sig += " at " + at.group(1)
        if re.search(r"out of memory|Cannot allocate|std::bad_alloc|failed to allocate", err):
            cls, sig = "memory", "memory: " + sig
    else:
        cls, sig = "exit", "exit %s: %s" % (rc, err.strip().splitlines()[-1][:120] if err.strip() else "")
    return index, cls, rc, sig, elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--strata", default=os.path.join(ROOT, ".build/release/strata"))
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--memory", type=int, default=4096, help="address-space limit per run, MiB")
    ap.add_argument("--backend", default="cpu")
    ap.add_argument("--out", default=os.path.join(ROOT, ".build/mutants"))
    ap.add_argument("--inputs", default="Examples/*.json", help="files to mutate (a glob relative to the repository)")
    args = ap.parse_args()
    args.strata = os.path.abspath(args.strata)  # mutants run in a directory of their own
    examples = sorted(glob.glob(os.path.join(ROOT, args.inputs), recursive=True))
    if not examples:
        sys.exit("mutate.py: no files match --inputs %s" % args.inputs)
    texts = [open(f).read() for f in examples]
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="strata-mutants-")
    for d in os.listdir(os.path.join(ROOT, "Examples")):  # images and tile pyramids, as the examples name them
        if os.path.isdir(os.path.join(ROOT, "Examples", d)):
            os.symlink(os.path.join(ROOT, "Examples", d), os.path.join(work, d))
    rng = random.Random(args.seed)
    mutants = [make(rng.choice(texts), random.Random(rng.random())) for _ in range(args.count)]
    counts, signatures, slowest = {}, {}, 0.0
    start = time.time()
    with ThreadPoolExecutor(args.jobs) as pool:
        for index, cls, rc, sig, elapsed in pool.map(lambda a: run(args, a[0], a[1], work), enumerate(mutants)):
            key = cls if cls != "ok" else "exit %d" % rc
            counts[key] = counts.get(key, 0) + 1
            slowest = max(slowest, elapsed)
            done = sum(counts.values())
            if done % 250 == 0:
                print("  %d done: %s" % (done, ", ".join("%s %d" % kv for kv in sorted(counts.items()))), file=sys.stderr, flush=True)
            if cls != "ok":
                kept = os.path.join(args.out, "m%06d.json" % index)
                shutil.move(os.path.join(work, "m%06d.json" % index), kept)
                signatures.setdefault((cls, sig), []).append(kept)
    shutil.rmtree(work, ignore_errors=True)
    print("%d mutants of %d examples (seed %d) in %d s, slowest %.1f s: %s" % (
        args.count, len(examples), args.seed, time.time() - start, slowest,
        ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    for (cls, sig), files in sorted(signatures.items(), key=lambda kv: -len(kv[1])):
        print("  %-6s %4d  %s  (e.g. %s)" % (cls, len(files), sig, files[0]))
    return 1 if signatures else 0


if __name__ == "__main__":
    sys.exit(main())
