#!/usr/bin/env python3
"""Records compare_lottie.py's figures for pairs of pictures from Tests/LottieCorpus, so that
StrataTesting's SnapshotPrecision can be checked against the independent Python rule without
Python in the test run.

    /tmp/venv/bin/python Tests/StrataTestingTests/Fixtures/make_snapshot_precision_figures.py

Pairs, for every sample of the manifest: each snapshot against itself shifted right by 1 and
by 2 pixels (transparent fill), and each snapshot against the next snapshot of the sample
(same size). Writes Fixtures/SnapshotPrecision/figures.json. Needs numpy and pillow.
"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.normpath(os.path.join(HERE, '..', '..', 'LottieCorpus'))
sys.path.insert(0, CORPUS)
import compare_lottie  # noqa: E402


def shifted(context, k):
    out = np.zeros_like(context)
    out[:, k:] = context[:, :-k]
    return out


def figures(kind, reference, other, ref_png, other_png, precision):
    r = compare_lottie.compare(reference, other, precision, compare_lottie.DEFAULT_PERCEPTUAL_PRECISION)
    failing = int(round(r['perceptual_failing_pixel_fraction'] * reference.shape[0] * reference.shape[1]))
    # The exact count, not the float32 fraction: recompute it as the script does.
    de = compare_lottie.delta_e94(compare_lottie.to_lab(reference), compare_lottie.to_lab(other))
    failing = int((de > np.float32(r['perceptual_deltaE94_threshold'])).sum())
    return dict(kind=kind, reference=ref_png, other=other_png, precision=precision,
                failing_pixels=failing,
                failing_fraction=r['perceptual_failing_pixel_fraction'],
                differing_byte_fraction=r['exact_differing_byte_fraction'],
                max_delta_e=r['max_deltaE94'], passed=bool(r['passed']))


def main():
    manifest = json.load(open(os.path.join(CORPUS, 'manifest.json'), encoding='utf-8'))
    out = []
    for sample in manifest['samples']:
        snaps = [s['png'] for s in sample['snapshots']]
        precision = sample.get('precision', compare_lottie.DEFAULT_PRECISION)
        loaded = [compare_lottie.load_context_bytes(os.path.join(CORPUS, p)) for p in snaps]
        for png, ctx in zip(snaps, loaded):
            for k in (1, 2):
                out.append(figures(f'shift{k}', ctx, shifted(ctx, k), png, png, precision))
        for (a, ca), (b, cb) in zip(zip(snaps, loaded), zip(snaps[1:], loaded[1:])):
            if ca.shape == cb.shape:
                out.append(figures('next', ca, cb, a, b, precision))
    path = os.path.join(HERE, 'SnapshotPrecision', 'figures.json')
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(out, f, indent=0)
        f.write('\n')
    print(f'{len(out)} pairs, {sum(p["passed"] for p in out)} pass -> {path}')


if __name__ == '__main__':
    main()
