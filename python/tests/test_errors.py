# Library errors become ValueError / OverflowError / MemoryError with the CLI's messages, and
# Ctrl-C stops a long call with KeyboardInterrupt.
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
    # A sweep of 2·10^8 Wythoff P-positions takes seconds, far longer than the 0.3 s before
    # the signal; the library polls every 10-40 ms, so it stops well within a second.
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            qg.game("wythoff").p_positions(2 * 10**8)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 2
    # the module is usable afterwards
    assert qg.game("wythoff").p_positions(3).tolist() == [[0, 0], [1, 2], [3, 5]]
