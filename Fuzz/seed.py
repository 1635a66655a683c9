#!/usr/bin/env python3
"""Seeds Fuzz/seeds/<target>/ from the repository's own inputs (standard library only).

scene: Examples/*.json, every JSON block in README.md and docs/*.md, the layers in the
scene tests;
png: the test PNGs under 8 KB; svgpath: path strings in the tests, sources, examples and
docs; text: strings in several scripts, each behind the 6 control bytes fuzz-text reads;
lottie: the Lottie samples under 16 KB (Tests/LottieCorpus/samples) and a few small
hand-written animations.
Scripts/fuzz.sh merges these into Fuzz/corpus/<target> (libFuzzer -merge=1), which is what
is committed; the seeds themselves are not.
"""
import glob, hashlib, json, os, re, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "Fuzz", "seeds")


def put(target, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)


def files(*patterns):
    for p in patterns:
        yield from sorted(glob.glob(os.path.join(root, p), recursive=True))


for f in files("Examples/*.json", "Examples/**/*.json"):
    put("scene", open(f, "rb").read())
docs = list(files("README.md", "docs/*.md"))
for f in docs:
    for block in re.findall(r"```json\n(.*?)```", open(f).read(), re.S):
        put("scene", block)

# Layer fragments in the scene tests' raw strings, each as the one layer of a small scene.
for f in files("Tests/StrataSceneTests/*.swift"):
    for block in re.findall(r'#"""\n(.*?)"""#', open(f).read(), re.S):
        b = block.strip()
        put("scene", b if b.startswith("{\"width") else '{"width": 64, "height": 48, "layers": [{%s}]}' % b)

for f in files("Tests/**/*.png", "Examples/**/*.png"):
    if os.path.getsize(f) < 8192:
        put("png", open(f, "rb").read())

paths = set()
for f in files("Tests/**/*.swift", "Sources/**/*.swift"):
    paths.update(re.findall(r'svgPathData: "([^"\\]{3,})"', open(f).read()))
for f in list(files("Examples/**/*.json")) + docs:
    paths.update(re.findall(r'"(?:path|shadowPath)": *"([^"\\]{3,})"', open(f).read()))
paths.update(["M0 0 A10 10 0 1 1 20 0 Z", "m1-2.5e3.5.5h1v1z", "M0,0 Q5,5 10,0 T20,0 S30,10 40,0"])
for p in paths:
    put("svgpath", p)

texts = [
    "Hello, world", "The quick brown fox jumps over the lazy dog", "שלום עולם hello", "مرحبا بالعالم 123",
    "日本語のテキストと English", "line one\nline two\n\nline four", "a\u00adb\u200bc\u2029d", "ﬁ ﬂ ﬀ", "tab\tand  spaces   ",
    "Supercalifragilisticexpialidocious" * 3, "e\u0301 a\u0308 \U0001F600\u200d\U0001F4BB", "",
]
for i, t in enumerate(texts):
    for header in ([60, 20, 11, i, 0, 3], [255, 255, 40, 64 + 5 * (i % 4), 0x10 | i, 200], [7, 3, 127, 0x80 | i, 9, 1]):
        put("text", bytes(header) + t.encode())
for f in files("Tests/LottieCorpus/samples/*.json"):
    if os.path.getsize(f) < 16384:
        put("lottie", open(f, "rb").read())
# Small documents that reach the importer's branches quickly: a shape layer with a
# keyframed rectangle, fill and trim; a precomp with time remapping; a masked solid.
put("lottie", '{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":64,"h":48,"layers":[{"ty":4,"ind":1,"ip":0,"op":30,"st":0,'
    '"ks":{"p":{"a":0,"k":[32,24]},"s":{"a":1,"k":[{"t":0,"s":[50,50],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":30,"s":[100,100]}]}},'
    '"shapes":[{"ty":"rc","s":{"a":0,"k":[20,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":3}},'
    '{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":50},"o":{"a":0,"k":0}}]}]}')
put("lottie", '{"v":"5.7.0","fr":24,"ip":0,"op":48,"w":40,"h":40,"assets":[{"id":"c","layers":[{"ty":1,"ind":1,"ip":0,"op":48,"sw":40,"sh":40,"sc":"#00ff00","ks":{}}]}],'
    '"layers":[{"ty":0,"ind":1,"refId":"c","w":40,"h":40,"ip":0,"op":48,"st":0,"tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":48,"s":[1]}]},"ks":{}}]}')
put("lottie", '{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":32,"h":32,"layers":[{"ty":1,"ind":1,"ip":0,"op":10,"sw":32,"sh":32,"sc":"#3366ff","ks":{},'
    '"hasMask":true,"masksProperties":[{"mode":"a","inv":false,"o":{"a":0,"k":100},"pt":{"a":0,"k":{"c":true,"v":[[0,0],[32,0],[16,32]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}]}]}')
print("seeded", {t: len(os.listdir(os.path.join(out, t))) for t in sorted(os.listdir(out))})

# libFuzzer dictionaries for the scene loader and the Lottie importer: every key and short
# string of their seeds.


def walk(v):
    if isinstance(v, dict):
        for k, x in v.items():
            words.add(k)
            walk(x)
    elif isinstance(v, list):
        for x in v:
            walk(x)
    elif isinstance(v, str) and len(v) < 24:
        words.add(v)


for target in ["scene", "lottie"]:
    words = set()
    for name in os.listdir(os.path.join(out, target)):
        try:
            walk(json.load(open(os.path.join(out, target, name))))
        except ValueError:
            pass
    with open(os.path.join(out, target + ".dict"), "w") as f:
        for w in sorted(words):
            if w.isprintable() and '"' not in w and "\\" not in w:
                f.write('"\\"%s\\""\n' % w)
        for token in ["1e308", "-1e308", "1e-320", "NaN", "Infinity", "-0", "[", "]", "{", "}", "null", "true", "false"]:
            f.write('"%s"\n' % token)
