# Dictionary processes from Python dicts (seed 003 §2): the library's process against a naive
# simulation written here, against the CLI, and the Fibonacci word it must produce.
import numpy as np
import pytest

import queengames as qg


def naive_process(entries, start, n, longest=False):
    """The process as seed 003 §2 defines it, one word at a time on a Python string."""
    s, head = start.replace("|", ""), max(start.find("|"), 0)
    words = sorted(entries, key=len, reverse=longest)
    while len(s) < n:
        found = [w for w in words if s.startswith(w, head)]
        if not found:
            break
        w = found[0] if not longest else max(found, key=len)
        s += entries[w]
        head += len(w)
    return s[:n]


def test_fibonacci_word_from_a_dict():
    # 0 -> 01, 1 -> 0 on the start 01 with the head on its 1: the writer appends μ(1) = 0, then
    # μ(0) = 01, … so the string is 0 μ(1 0 0 …) = μ(0 1 0 0 …), the fixed point (A003849).
    d = qg.Dictionary({"0": "01", "1": "0"}, start="0|1")
    bits = d.bits(1000)
    assert bits.dtype == np.uint8 and bits.shape == (1000,)
    assert np.array_equal(bits, qg.word("fibonacci", 1000))
    r = d.run(1000)
    assert not r.stopped and r.words_read == sum(r.counts.values())
    assert r.counts["0"] > r.counts["1"] > 0


@pytest.mark.parametrize(
    "entries, start, rule",
    [
        ({"00": "1", "01": "0110", "1": "10"}, "0|01", "prefix-free"),
        ({"0": "1", "01": "00", "1": "011"}, "01", "longest-match"),
        ({"0": "10", "11": "0", "10": ""}, "0", "prefix-free"),
    ],
)
def test_the_library_is_the_naive_process(entries, start, rule):
    d = qg.Dictionary(entries, start=start, rule=rule)
    r = d.run(2000)
    expected = naive_process(entries, start, 2000, longest=rule == "longest-match")
    assert "".join(map(str, r.bits.tolist())) == expected
    assert r.stopped == (len(expected) < 2000)


def test_a_stopped_process():
    # 1 -> 0 and 0 -> (nothing) on 10: the head reads 1, 0, then the string ends.
    r = qg.Dictionary({"1": "00", "0": ""}, start="1").run(100)
    assert r.stopped and r.bits.tolist() == [1, 0, 0] and r.stop_position == 3


def test_parse_round_trip_and_the_cli(cli, tmp_path):
    d = qg.Dictionary({"00": "1", "01": "0110", "1": "10"}, start="0|01")
    text = str(d)
    assert qg.Dictionary.parse(text).entries == d.entries == {"00": "1", "01": "0110", "1": "10"}
    assert (d.start, d.head, d.rule) == ("001", 1, "prefix-free")
    (tmp_path / "d.txt").write_text(text)
    out = cli("dictionary", tmp_path / "d.txt", "--bits", 5000).stdout.strip()
    assert "".join(map(str, d.bits(5000).tolist())) == out


def test_dictionary_errors_name_the_problem():
    with pytest.raises(ValueError, match="prefix"):
        qg.Dictionary({"0": "1", "01": "0"}, start="0")
    with pytest.raises(ValueError):
        qg.Dictionary({"02": "1"}, start="0")
    with pytest.raises(ValueError, match="rule must be prefix-free or longest-match"):
        qg.Dictionary({"0": "1"}, start="0", rule="greedy")
