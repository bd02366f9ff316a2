import time, zlib, sys
data = open(sys.argv[1], 'rb').read()
best = None
for _ in range(5):
    t = time.perf_counter()
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    n = 0
    for i in range(0, len(data), 1 << 16):
        n += len(d.decompress(data[i:i + (1 << 16)]))
    n += len(d.flush())
    dt = time.perf_counter() - t
    best = dt if best is None or dt < best else best
print(f"zlib inflate: {n} bytes out in {best:.3f} s (best of 5) = {n/best/1e6:.0f} MB/s, {n/82/best/1e6:.2f} M records/s at 82 bytes")
