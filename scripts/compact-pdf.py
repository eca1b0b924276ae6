#!/usr/bin/env python3
"""Packs a Chromium-printed PDF's dictionaries into compressed object streams (PDF 1.5+).

Chromium embeds the OpenType-CFF Noto CJK fonts as many small Type3 fonts whose dictionaries
(256-entry encodings, widths) dominate the file; in an object stream they compress to almost
nothing. Streams are copied unchanged. Standard library only. Usage: compact-pdf.py file.pdf
"""
import re
import sys
import zlib

OBJ = re.compile(rb'(\d+)\s+(\d+)\s+obj\b')
LENGTH = re.compile(rb'/Length\s+(\d+)(?!\s+\d+\s+R)')


def read_objects(data: bytes):
    objects = {}
    pos = 0
    while True:
        m = OBJ.search(data, pos)
        if not m:
            break
        num = int(m.group(1))
        start = m.end()
        stream_at = data.find(b'stream', start)
        end_at = data.find(b'endobj', start)
        if stream_at != -1 and stream_at < end_at:
            head = data[start:stream_at]
            length = LENGTH.search(head)
            if not length:
                raise SystemExit(f'object {num}: indirect /Length is not supported')
            body_start = stream_at + len(b'stream')
            if data[body_start:body_start + 2] == b'\r\n':
                body_start += 2
            elif data[body_start:body_start + 1] in (b'\n', b'\r'):
                body_start += 1
            body = data[body_start:body_start + int(length.group(1))]
            objects[num] = ('stream', head.strip(), body)
            pos = data.find(b'endobj', body_start + len(body)) + len(b'endobj')
        else:
            objects[num] = ('plain', data[start:end_at].strip(), None)
            pos = end_at + len(b'endobj')
    return objects


def trailer_refs(data: bytes) -> bytes:
    tail = data[data.rfind(b'trailer'):] if b'trailer' in data else data[-2048:]
    refs = []
    for key in (b'Root', b'Info'):
        m = re.search(rb'/' + key + rb'\s+(\d+\s+\d+\s+R)', tail)
        if m:
            refs.append(b'/' + key + b' ' + m.group(1))
    return b' '.join(refs)


def compact(path: str) -> None:
    data = open(path, 'rb').read()
    objects = read_objects(data)
    refs = trailer_refs(data)
    plain = [n for n, (kind, _, _) in sorted(objects.items()) if kind == 'plain']
    streams = [n for n, (kind, _, _) in sorted(objects.items()) if kind == 'stream']
    top = max(objects) + 1
    objstm_num, xref_num = top, top + 1

    out = bytearray(b'%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')
    offsets = {}
    for n in streams:
        _, head, body = objects[n]
        offsets[n] = len(out)
        out += b'%d 0 obj\n' % n + head + b'\nstream\n' + body + b'\nendstream\nendobj\n'

    index, bodies, at = [], [], 0
    for n in plain:
        body = objects[n][1] + b'\n'
        index.append(b'%d %d' % (n, at))
        bodies.append(body)
        at += len(body)
    header = b' '.join(index) + b'\n'
    packed = zlib.compress(header + b''.join(bodies), 9)
    offsets[objstm_num] = len(out)
    out += (
        b'%d 0 obj\n<</Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d>>\nstream\n'
        % (objstm_num, len(plain), len(header), len(packed))
        + packed
        + b'\nendstream\nendobj\n'
    )

    size = xref_num + 1
    offsets[xref_num] = len(out)
    rows = bytearray()
    in_stream = {n: i for i, n in enumerate(plain)}
    for n in range(size):
        if n in offsets:
            rows += bytes([1]) + offsets[n].to_bytes(4, 'big') + (0).to_bytes(2, 'big')
        elif n in in_stream:
            rows += bytes([2]) + objstm_num.to_bytes(4, 'big') + in_stream[n].to_bytes(2, 'big')
        else:
            rows += bytes([0]) + (0).to_bytes(4, 'big') + (65535 if n == 0 else 0).to_bytes(2, 'big')
    xref = zlib.compress(bytes(rows), 9)
    out += (
        b'%d 0 obj\n<</Type /XRef /Size %d /W [1 4 2] %s /Filter /FlateDecode /Length %d>>\nstream\n'
        % (xref_num, size, refs, len(xref))
        + xref
        + b'\nendstream\nendobj\n'
    )
    out += b'startxref\n%d\n%%%%EOF\n' % offsets[xref_num]
    open(path, 'wb').write(bytes(out))


if __name__ == '__main__':
    for name in sys.argv[1:]:
        compact(name)
