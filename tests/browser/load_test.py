#!/usr/bin/env python3
"""Load on `queengames serve` over loopback: 16 clients each walk at random over the tiles of a table
(zooming in and out, panning) for a bounded time, then a burst of malformed requests. Fails on any
error response to a valid tile, any answer but 4xx to a malformed request, a crash, a peak resident
set beyond the cache cap (plus the process's own), or a stop slower than two seconds after SIGINT.
Prints p50/p99 latencies (cached and computed tiles), requests/s and the peak RSS
(docs/PERFORMANCE.md quotes the 60 s run: load_test.py --seconds 60)."""
import argparse
import http.client
import random
import socket
import sys
import threading
import time
import urllib.request

from atlas_server import Server

SIDE = 4096
CACHE = 384 << 20
# What the process holds beside the cap: its code, 48 threads' stacks, the engines' buffers.
OWN = 160 << 20
PHI = (1 + 5**0.5) / 2


class Walk:
    """A random walk over one table's tiles, kept inside its region and zoom range."""

    def __init__(self, rng, table, modes, side, zmin, zmax, start):
        self.rng, self.table, self.modes, self.side, self.zmin, self.zmax = rng, table, modes, side, zmin, zmax
        self.z, (cx, cy) = start[0], start[1:]
        span = self.span(self.z)
        self.x, self.y = cx // span, cy // span

    @staticmethod
    def span(z):
        """Cells a tile covers a side at zoom z."""
        return 256 >> z if z >= 0 else 256 << -z

    def clamp(self):
        last = (self.side - 1) // self.span(self.z)
        self.x, self.y = min(max(self.x, 0), last), min(max(self.y, 0), last)

    def step(self):
        r = self.rng.random()
        if r < 0.15 and self.z < self.zmax:
            self.z, self.x, self.y = self.z + 1, 2 * self.x + self.rng.randint(0, 1), 2 * self.y + self.rng.randint(0, 1)
        elif r < 0.3 and self.z > self.zmin:
            self.z, self.x, self.y = self.z - 1, self.x // 2, self.y // 2
        else:
            self.x += self.rng.choice((-1, 0, 1))
            self.y += self.rng.choice((-1, 0, 1))
        self.clamp()
        mode = self.rng.choice(self.modes)
        query = f"?mode={mode}" + ("&m=3" if mode == "mod" else "")
        return f"/tile/{self.table}/{self.z}/{self.x}/{self.y}.png{query}"


def walks(rng, i):
    far = 10**15
    kinds = [
        ("computed", ("grundy.wythoff", ["min", "max", "mean", "p", "mod"], SIDE, -4, 3, (0, 1024, 1024))),
        ("computed", ("palace.3", ["min", "max", "mean", "p", "mod"], SIDE, -4, 3, (0, 512, 512))),
        ("analytic", ("p.wythoff", ["p"], 1 << 60, -12, 2, (0, far, int(far * PHI)))),
        ("analytic", ("p.wythoff", ["p"], 1 << 60, -52, -30, (-40, 10**18 // 2, 10**18))),
    ]
    kind, args = kinds[i % len(kinds)]
    return kind, Walk(rng, *args)


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


MALFORMED = [
    "/tile/grundy.wythoff/0/0/0", "/tile/grundy.wythoff/abc/0/0.png", "/tile/grundy.wythoff/99/0/0.png",
    "/tile/grundy.wythoff/-99/0/0.png", "/tile/grundy.wythoff/0/-1/0.png",
    "/tile/grundy.wythoff/0/99999999999999999999999/0.png", "/tile/grundy.wythoff/0/100/0.png",
    "/tile/grundy.wythoff/0/0/0.png?mode=bogus", "/tile/grundy.wythoff/0/0/0.png?mode=mod&m=1",
    "/tile/p.wythoff/0/0/0.png?mode=min", "/tile/nosuch/0/0/0.png", "/tile/grundy.nosuchgame/0/0/0.png",
    "/tile/palace.0/0/0/0.png", "/tile/palace.99999999999/0/0/0.png", "/tile/grundy.wythoff/0/1e99/0.png",
    "/tile//0/0/0.png", "/tile/grundy.wythoff/0/0/0/0.png", "/cell/grundy.wythoff/5000/0", "/cell/grundy.wythoff/x/y",
    "/cell/grundy.wythoff/1", "/cell/p.wythoff/2000000000000000000/0", "/legend/grundy.nosuch", "/tables/%ff%fe",
    "/../../etc/passwd", "/tile/" + "9" * 7000 + "/0/0/0.png",
]


def raw(port, data):
    """A request written as bytes (what no HTTP client would send); the status line's code."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        reply = s.recv(4096).decode("latin-1")
    return int(reply.split()[1]) if reply.startswith("HTTP/") else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args()
    failures = []
    server = Server("--side", str(SIDE), "--cache", str(CACHE))
    try:
        # The computed tables' regions first, so that the walk times tiles, not engines.
        start = time.monotonic()
        for table in ("grundy.wythoff", "palace.3"):
            urllib.request.urlopen(f"{server.url}/legend/{table}?mode=min").read()
        regions = time.monotonic() - start

        samples = {}  # (kind, hit or miss) → latencies in ms
        errors, lock = [], threading.Lock()
        stop_at = time.monotonic() + args.seconds

        def client(i):
            rng = random.Random(i)
            kind, walk = walks(rng, i)
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            mine = {}
            while time.monotonic() < stop_at:
                path = walk.step()
                t0 = time.perf_counter()
                try:
                    conn.request("GET", path)
                    r = conn.getresponse()
                    body = r.read()
                except (OSError, http.client.HTTPException) as e:
                    with lock:
                        errors.append(f"{path}: {e!r}")
                    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                    continue
                ms = 1000 * (time.perf_counter() - t0)
                if r.status != 200 or not body.startswith(b"\x89PNG"):
                    with lock:
                        errors.append(f"{path}: {r.status} {body[:200]!r}")
                    continue
                mine.setdefault((kind, r.getheader("X-Atlas-Cache")), []).append(ms)
            with lock:
                for key, values in mine.items():
                    samples.setdefault(key, []).extend(values)

        t0 = time.monotonic()
        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - t0
        total = sum(len(v) for v in samples.values())
        print(f"{args.clients} clients for {elapsed:.1f} s: {total} tiles, {total / elapsed:.0f} requests/s "
              f"(the regions first: {regions:.2f} s)")
        for key in sorted(samples):
            v = samples[key]
            print(f"  {key[0]:8} {key[1]:4}: {len(v):6} tiles, p50 {percentile(v, 50):7.2f} ms, "
                  f"p99 {percentile(v, 99):7.2f} ms")
        failures += [f"valid tile failed: {e}" for e in errors[:20]]

        # The burst of malformed requests: each a 4xx, none a crash.
        for path in MALFORMED:
            try:
                urllib.request.urlopen(server.url + path).read()
                failures.append(f"{path}: 200 for a malformed request")
            except urllib.error.HTTPError as e:
                if not 400 <= e.code < 500:
                    failures.append(f"{path}: {e.code}")
        for data in (b"GARBAGE\r\n\r\n", b"GET /tile/grundy.wythoff/0/0/0.png HTTP/9.9\r\n\r\n",
                     b"GET /tile/%zz/0/0/0.png HTTP/1.1\r\n\r\n"):
            status = raw(server.port, data)
            if not 400 <= status < 500:
                failures.append(f"{data!r}: status {status}")
        with urllib.request.urlopen(server.url + "/tables") as r:
            if r.status != 200:
                failures.append("the server does not answer after the burst")
        print(f"{len(MALFORMED) + 3} malformed requests: 4xx each")
        rss = server.peak_rss()
        print(f"peak RSS {rss / 2**20:.0f} MiB (cache cap {CACHE >> 20} MiB)")
        if rss > CACHE + OWN:
            failures.append(f"peak RSS {rss >> 20} MiB beyond the cap {CACHE >> 20} MiB + {OWN >> 20} MiB")
    finally:
        seconds, status = server.stop()
    print(f"SIGINT: stopped in {seconds:.2f} s, status {status}")
    if status != 130 or seconds > 2:
        failures.append(f"stop after SIGINT: {seconds:.2f} s, status {status}")
    for f in failures:
        print("FAIL:", f)
    print(f"{1 if not failures else 0} passed, {1 if failures else 0} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
