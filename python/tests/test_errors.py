# Library errors become ValueError / OverflowError / MemoryError with the CLI's messages, and
# Ctrl-C stops a long call with KeyboardInterrupt.
import importlib.util
import os
import signal
import threading
import time

import pytest

import queengames as qg


def cli_message(cli, *args):
    r = cli(*args, check=False)
    assert r.returncode == 2, r
    assert r.stderr.startswith("queengames: ")
    return r.stderr[len("queengames: "):].strip()


@pytest.mark.parametrize(
    "call, args, error",
    [
        (lambda: qg.bfile("A999999", 5), ("bfile", "A999999", 5), ValueError),
        (lambda: qg.bfile("A000201", 0), ("bfile", "A000201", 0), OverflowError),
        (lambda: qg.bfile("A000201", "12x"), ("bfile", "A000201", "12x"), ValueError),
        (lambda: qg.game("no-such-game"), ("game", "no-such-game", "--p-positions", 5), ValueError),
        (lambda: qg.game("wythoff").p_positions(2**41), ("game", "wythoff", "--p-positions", 2**41), OverflowError),
        (lambda: qg.game("wythoff").nth(2**62 + 1), ("game", "wythoff", "--nth", 2**62 + 1), OverflowError),
        (lambda: qg.spiral.nth(2**120), ("spiral", "nth", 2**120), OverflowError),
        (lambda: qg.spiral.nth("2^120"), ("spiral", "nth", "2^120"), OverflowError),
        (lambda: qg.word("a->ab,b->", 5), ("word", "a->ab,b->", "--length", 5), ValueError),
        (lambda: qg.check("exile.lemma3", bound=37), ("check", "exile.lemma3", "--bound", 37), OverflowError),
        (lambda: qg.check("no-such-claim"), ("check", "no-such-claim"), ValueError),
    ],
)
def test_errors_carry_the_cli_messages(cli, call, args, error):
    expected = cli_message(cli, *args)
    with pytest.raises(error) as info:
        call()
    # The CLI may append a pointer to its own help, "(see queengames bfile --list)": the
    # library's message, which names no CLI flag, is the CLI's message up to that hint.
    message = str(info.value)
    assert message and (expected == message or expected.startswith(message + " (")), (message, expected)


def test_a_huge_number_is_echoed_by_its_ends():
    # Issue 36 §5: the message held all 3011 digits of 2**10000.
    digits = str(2**10000)
    with pytest.raises(OverflowError) as info:
        qg.spiral.nth(2**10000)
    assert str(info.value) == (
        f"{digits[:20]}…{digits[-10:]} (3011 characters) is out of range: the supported range is "
        f"0..2^120 - 1 = {2**120 - 1}"
    )


def test_negative_and_non_integer_arguments():
    with pytest.raises(ValueError):
        qg.bfile("A000201", -1)
    with pytest.raises(TypeError):
        qg.bfile("A000201", 2.5)
    with pytest.raises(TypeError):
        qg.bfile("A000201", True)


def test_a_refused_allocation_is_a_memory_error():
    with pytest.raises(MemoryError, match=r"needs [0-9.]+ GiB, this machine has"):
        qg.infty_queens(2**62)


def test_ctrl_c_stops_a_long_call():
    # A sweep of 2·10^8 Wythoff P-positions takes seconds of CPU, far longer than the 0.3 s
    # before the signal; the library polls every 10-40 ms, so it stops within a fraction of a
    # second of work. What is asserted is the CPU time spent after the signal (what the code
    # controls), not the wall time, which a loaded machine stretches.
    signalled = []

    def interrupt():
        signalled.append(time.process_time())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            qg.game("wythoff").p_positions(2 * 10**8)
    finally:
        timer.cancel()
    assert signalled and time.process_time() - signalled[0] < 1
    # the module is usable afterwards
    assert qg.game("wythoff").p_positions(3).tolist() == [[0, 0], [1, 2], [3, 5]]


def cpu_seconds(pid):
    """CPU seconds a running process has used (utime + stime of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def process_state(pid):
    """The state letter of /proc/PID/stat (R running, S sleeping, T stopped …)."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


# Each long call, run in a child Python that is sent SIGINT once the call has started: the child
# must exit promptly with KeyboardInterrupt raised from inside the call (nothing half-built is
# returned: the statement after the call never runs).
LONG_CALLS = [
    "qg.game('wythoff').p_positions(10**8)",
    "qg.game('wythoff').grundy(2**13, 2**13, threads=1)",
    "qg.bfile('A000201', 3 * 10**8)",
    "qg.infty_queens(2 * 10**8)",
    "qg.word('tribonacci', 2**32)",
    "qg.boards.Board('spiral', 2**13).grundy('queen')",
    "qg.boards.quadrant_queens(10**7)",
    "qg.Dictionary({'0': '01', '1': '0'}, start='0|1').bits(2**32)",
    "qg.spiral.xymp_rows(2**100, 2**24)",
    "qg.check('exile.lemma3', bound=36)",
    "qg.blocking(3).palace_numbers(2**14, 2**14)",
    "qg.game('maharaja').is_p(10**9, 10**9)",
]


@pytest.mark.parametrize("call", LONG_CALLS)
def test_sigint_stops_a_child_with_keyboard_interrupt(call):
    import subprocess
    import sys

    code = f"import queengames as qg, sys\nprint('started', flush=True)\nresult = {call}\nprint('finished')\n"
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "started\n"
        # Well inside the call (each takes seconds of CPU): 0.3 s of its own work, however
        # long the machine's load makes that in wall time.
        start = cpu_seconds(child.pid)
        deadline = time.monotonic() + 60
        while cpu_seconds(child.pid) < start + 0.3 and time.monotonic() < deadline:
            time.sleep(0.01)
        # Stopped while its CPU time is read and the signal sent: on a loaded machine this process
        # may wait long for the CPU between the two, while the child works on (issue 36 §4).
        child.send_signal(signal.SIGSTOP)
        while process_state(child.pid) != "T" and time.monotonic() < deadline:
            time.sleep(0.001)
        before = cpu_seconds(child.pid)
        child.send_signal(signal.SIGINT)
        child.send_signal(signal.SIGCONT)
        out, err = child.stdout.read(), child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)  # the child's CPU time, which communicate() drops
        child.returncode = os.waitstatus_to_exitcode(status)
    finally:
        child.kill()
    # At most a second of work after the signal: what the polling controls (wall time on a
    # loaded machine is the scheduler's). The calls allocate as they compute and poll while they
    # fill, so no page is faulted in after the signal beyond a poll's worth (xymp_rows zeroed
    # 1 GiB first: 2.75 s of system time at a load of 3-7).
    assert usage.ru_utime + usage.ru_stime - before < 1, call
    assert "finished" not in out
    assert err.rstrip().endswith("KeyboardInterrupt"), err
    assert child.returncode != 0


# Every array-returning call hands numpy memory without a per-element copy: the array is either
# numpy's own buffer that the library wrote into (owndata) or a view of the library's vector
# kept alive by a capsule.
ARRAYS = [
    lambda: qg.bfile("A000201", 100),
    lambda: qg.word("tribonacci", 100),
    lambda: qg.game("wythoff").p_positions(100),
    lambda: qg.game("wythoff").p_positions(100, via="morphic"),
    lambda: qg.game("wythoff").grundy(10, 10),
    lambda: qg.blocking(2).palace_numbers(10, 10),
    lambda: qg.infty_queens(100),
    lambda: qg.InftyQueens().step(100),
    lambda: qg.spiral.queens(100),
    lambda: qg.spiral.xymp_rows(0, 100),
    lambda: qg.boards.Board("spiral", 9).grundy("queen"),
    lambda: qg.boards.Board("spiral", 9).grundy_brute_force("queen"),
    lambda: qg.boards.Board("spiral", 9).greedy("queen"),
    lambda: qg.boards.Board("spiral", 9).coordinates(),
    lambda: qg.boards.window_table("quadrant", "queen", 10, 10),
    lambda: qg.boards.quadrant_queens(100),
    lambda: qg.Dictionary({"0": "01", "1": "0"}, start="0|1").bits(100),
]


@pytest.mark.parametrize("make", ARRAYS)
def test_arrays_are_handed_over_without_a_copy(make):
    a = make()
    assert a.flags.owndata or type(a.base).__name__ == "PyCapsule", (a.flags, type(a.base))


def test_peak_memory_is_the_array_alone():
    # 10^7 P-positions are 156 250 KiB: the peak passes the resident size before the call by
    # that much and the sweep's own state, not twice as much.
    import subprocess
    import sys

    # VmHWM, not ru_maxrss: Linux carries ru_maxrss over an exec from the process that started
    # this one (pytest, which may have held more than that by then); VmHWM is this process's own.
    code = (
        "import queengames as qg\n"
        "def kib(field):\n"
        "    return next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith(field + ':'))\n"
        "before = kib('VmRSS')\n"
        "a = qg.game('wythoff').p_positions(10**7)\n"
        "print(kib('VmHWM') - before)\n"
    )
    grown_kib = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert 150_000 < grown_kib < 200_000, grown_kib


# Issue 28 §2, §4: thread counts as the CLI's --threads reads them, and no internal message.
@pytest.mark.parametrize("threads", [0, 257, 10**6])
def test_thread_counts_are_refused_beyond_the_clis_range(cli, threads):
    expected = cli_message(cli, "grundy", "wythoff", "--size", 10, "--threads", threads)
    with pytest.raises(OverflowError) as info:
        qg.game("wythoff").grundy(10, 10, threads=threads)
    assert str(info.value) == expected
    with pytest.raises(OverflowError):
        qg.boards.Board("spiral", 9).grundy("queen", threads=threads)


def test_messages_name_no_internals():
    import numpy as np

    with pytest.raises(TypeError, match="expected an int .*, got ndarray"):
        qg.bfile("A000201", np.array([10]))
    with pytest.raises(TypeError, match="strings of 0 and 1"):
        qg.Dictionary({"0": 1}, start="0")
    with pytest.raises(OSError, match="No space left on device"):
        qg.InftyQueens().save("/dev/full")


def test_widgets_need_anywidget_and_say_so():
    # `import queengames` works without anywidget; qg.widgets imports it on first use.
    with pytest.raises(AttributeError, match="no attribute 'widget'"):
        qg.widget
    if importlib.util.find_spec("anywidget") is not None:
        assert qg.widgets.Board.__name__ == "Board"
    else:
        with pytest.raises(ImportError, match=r"pip install anywidget \(or queengames\[widgets\]\)"):
            qg.widgets
