"""`queengames serve` started on a free port for a test, and stopped by SIGINT as a user stops it."""
import os
import re
import signal
import subprocess
import time


class Server:
    def __init__(self, *args):
        cli = os.environ["QG_CLI"]
        # --port 0: the server picks a free port and prints it.
        self.process = subprocess.Popen([cli, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"serve printed {line!r}; stderr: {self.process.stderr.read()}")
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}"

    def peak_rss(self):
        """VmHWM of the server, bytes."""
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
        return 0

    def stop(self):
        """SIGINT, as Ctrl-C; returns the seconds until the process ended and its status."""
        start = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        try:
            status = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        return time.monotonic() - start, status
