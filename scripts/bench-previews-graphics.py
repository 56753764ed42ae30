#!/usr/bin/env python3
"""Decodes graphics-protocol previews (kitty APC, sixel DCS, iTerm2 OSC 1337) and scores them.

Usage: bench-previews-graphics.py OUTPUT_FILE SOURCE_IMAGE
Prints: width height psnr_db bytes
The reference is the source (orientation applied, transparency over black, by ImageMagick)
shrunk to the decoded size with a box filter that averages, with equal weight, the source
pixels whose centres fall inside each output pixel (Pillow's BOX, photogate's AreaAverage).
"""
import base64
import math
import re
import subprocess
import sys
import tempfile
import zlib

import numpy as np


def magick_rgb(args, data=None):
    """RGB pixels from ImageMagick: (height, width, 3) uint8."""
    size = subprocess.run(["convert", *args, "-format", "%w %h\n", "info:"], input=data,
                          capture_output=True, check=True).stdout.split()[:2]
    w, h = int(size[0]), int(size[1])
    raw = subprocess.run(["convert", *args, "-background", "black", "-alpha", "remove",
                          "-depth", "8", "rgb:-"], input=data, capture_output=True,
                         check=True).stdout
    return np.frombuffer(raw, np.uint8)[: w * h * 3].reshape(h, w, 3)


def decode_kitty(data):
    cmds = re.findall(rb"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\", data)
    keys, payload = {}, b""
    for k, p in cmds:
        for kv in k.split(b","):
            if b"=" in kv:
                a, b = kv.split(b"=", 1)
                keys.setdefault(a.decode(), b.decode())
        payload += base64.b64decode(p)  # chunks may be padded one by one
    raw = payload
    if keys.get("o") == "z":
        raw = zlib.decompress(raw)
    fmt = keys.get("f", "32")
    if fmt == "100":
        return magick_rgb(["png:-"], raw)
    w, h = int(keys["s"]), int(keys["v"])
    channels = 3 if fmt == "24" else 4
    px = np.frombuffer(raw, np.uint8)[: w * h * channels].reshape(h, w, channels)
    if channels == 4:
        a = px[:, :, 3:4].astype(np.float64) / 255
        return np.rint(px[:, :, :3] * a).astype(np.uint8)
    return px


def decode_sixel(data):
    start = data.index(b"\x1bP")
    end = data.index(b"\x1b\\", start) + 2
    with tempfile.NamedTemporaryFile(suffix=".six") as six, \
            tempfile.NamedTemporaryFile(suffix=".png") as png:
        six.write(data[start:end])
        six.flush()
        subprocess.run(["sixel2png", "-i", six.name, "-o", png.name], check=True)
        return magick_rgb([png.name])


def decode_iterm(data):
    m = re.search(rb"\x1b]1337;File=[^:]*:([^\x07\x1b]*)", data)
    return magick_rgb(["-"], base64.b64decode(m.group(1)))


def box_weights(n_in, n_out):
    m = np.zeros((n_out, n_in))
    scale = n_in / n_out
    for i in range(n_out):
        start, end = i * scale, (i + 1) * scale
        first = max(0, min(n_in - 1, math.floor(start - 0.5) + 1))
        last = max(0, min(n_in - 1, math.floor(end - 0.5)))
        if last < first:
            first = last = max(0, min(n_in - 1, math.floor((start + end) / 2)))
        m[i, first:last + 1] = 1 / (last - first + 1)
    return m


def reference(source, w, h):
    img = magick_rgb([source, "-auto-orient"]).astype(np.float64)
    wy, wx = box_weights(img.shape[0], h), box_weights(img.shape[1], w)
    rows = np.tensordot(wy, img, axes=(1, 0))  # (h, W, 3)
    out = np.stack([rows[:, :, c] @ wx.T for c in range(3)], axis=2)
    return np.clip(np.rint(out), 0, 255)


def main():
    out_path, source = sys.argv[1], sys.argv[2]
    data = open(out_path, "rb").read()
    if b"\x1b_G" in data:
        shown = decode_kitty(data)
    elif b"\x1bP" in data:
        shown = decode_sixel(data)
    elif b"\x1b]1337;" in data:
        shown = decode_iterm(data)
    else:
        print("0 0 - %d" % len(data))
        return
    h, w = shown.shape[:2]
    ref = reference(source, w, h)
    mse = np.mean((shown.astype(np.float64) - ref) ** 2)
    psnr = float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)
    print("%d %d %.2f %d" % (w, h, psnr, len(data)))


main()
