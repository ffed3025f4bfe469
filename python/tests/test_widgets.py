# queengames.widgets: the board's moves, refusals and engine, the atlas's child server and its
# clicks, without a browser (tests/browser/test_widgets_browser.py draws the views in Chromium).
# Needs anywidget (pip install queengames[widgets]): python_route runs these in its venv.
import json
import urllib.error
import urllib.request

import pytest

import queengames as qg

pytest.importorskip("anywidget")
from queengames.widgets import Atlas, Board  # noqa: E402

# Wythoff's P-positions (seed 001 §1) below 16, both orientations.
WYTHOFF_P = {(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15)}
WYTHOFF_P |= {(b, a) for a, b in WYTHOFF_P}


def wythoff_options(x, y):
    return [tuple(o) for o in qg.game("wythoff").options(x, y).tolist()]  # test_games checks it


def test_board_state_and_overlay():
    b = Board("wythoff", size=16)
    assert b.ruleset == "wythoff" and b.position == [15, 8] and not b.over
    assert [tuple(o) for o in b.options] == wythoff_options(15, 8)
    assert {tuple(p) for p in b.p_positions} == WYTHOFF_P
    assert not b.overlay
    b.overlay = True
    assert b.overlay and {(1, 2), (3, 5), (4, 7)} <= {tuple(p) for p in b.p_positions}
    assert b.winning_moves() == [(13, 8)]  # (8, 13) mirrored


def test_a_move_and_the_engines_reply():
    b = Board("wythoff", size=16)
    b.move(14, 8)  # an N-position: the engine has a winning move
    assert b.history[1] == {"by": "you", "x": 14, "y": 8}
    reply = b.history[2]
    assert reply["by"] == "engine" and (reply["x"], reply["y"]) in wythoff_options(14, 8)
    assert qg.game("wythoff").is_p(reply["x"], reply["y"]) and (reply["x"], reply["y"]) == (13, 8)
    assert b.position == [13, 8] and "a P-position" in b.message


def test_from_a_p_position_the_engine_plays_the_shortest_move():
    b = Board("wythoff", size=16)
    b.move(13, 8)  # into P: every option of (13, 8) is an N-position
    assert b.history[2] == {"by": "engine", "x": 12, "y": 8} and "no P-position" in b.message


def test_refused_moves_leave_the_board_unchanged():
    b = Board("wythoff", size=16)
    with pytest.raises(ValueError, match=r"\(14, 6\) is not a move of wythoff from \(15, 8\)"):
        b.move(14, 6)  # a knight's jump: not Wythoff's
    assert b.position == [15, 8] and len(b.history) == 1
    # A click does the same and says so.
    b.click = {"x": 14, "y": 6, "n": 1}
    assert b.position == [15, 8] and "is not a move" in b.message and b.click == {}
    b.click = {"x": 15, "y": 9, "n": 2}  # away from the corner
    assert b.position == [15, 8] and "(15, 9) is not a move" in b.message
    # Maharaja Nim has the knight's jump.
    m = Board("maharaja", size=16)
    m.click = {"x": 14, "y": 6, "n": 1}
    assert m.history[1] == {"by": "you", "x": 14, "y": 6} and len(m.history) == 3
    # The click as the view sends it, through the comm.
    m.reset()
    frontend_update(m, click={"x": 14, "y": 6, "n": 1})  # the same value again: a change, since emptied
    assert m.history[1] == {"by": "you", "x": 14, "y": 6} and m.click == {}


def test_perfect_play_wins_from_n_and_loses_from_p():
    for ruleset in ["wythoff", "maharaja", "kqueen:2"]:
        g = qg.game(ruleset)
        b = Board(ruleset, size=16)
        start = tuple(b.position)
        while not b.over:
            moves = b.winning_moves()
            b.move(*(moves[0] if moves else b.options[0]))
        if g.is_p(*start):
            assert "the engine wins" in b.message, ruleset
        else:
            assert "you win" in b.message, ruleset
        # Every engine move was into P whenever it had one; every move an option of the one before.
        for before, after in zip(b.history, b.history[1:]):
            assert [after["x"], after["y"]] in g.options(before["x"], before["y"]).tolist()
            if after["by"] == "engine" and not g.is_p(before["x"], before["y"]):
                assert g.is_p(after["x"], after["y"]), (ruleset, after)
        with pytest.raises(ValueError, match="the game is over"):
            b.move(0, 0)


def test_engine_off_and_reset():
    b = Board("wythoff", size=8, start=(3, 5), engine=False)
    assert b.winning_moves() == []  # (3, 5) = (a_2, b_2) is a P-position
    b.move(3, 4)
    assert b.position == [3, 4] and len(b.history) == 2 and "your move" in b.message
    b.reset((0, 0))
    assert b.over and "no moves" in b.message
    with pytest.raises(ValueError):
        Board("wythoff", size=1)
    with pytest.raises(ValueError):
        Board("no-such-game")


def test_a_board_grows_for_moves_past_its_corner():
    # The Queen Bee's bounce (seed 001 §2): from (x, y), y > x > 0, to (i, y − x) for 1 ≤ i < 2x,
    # so from (5, 6) to (9, 1), past the 7 × 7 corner.
    g = qg.game("queen-bee")
    b = Board("queen-bee", size=7, start=(5, 6))
    assert [9, 1] in b.options and b.size == 10
    values = g.grundy(10, 10)
    assert {tuple(p) for p in b.p_positions} == {(x, y) for y in range(10) for x in range(10) if values[y][x] == 0}


def frontend_update(widget, **state):
    """What the kernel's comm delivers when the view writes traits (model.set; save_changes)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def test_atlas_child_server_starts_and_stops():
    atlas = Atlas("grundy.wythoff", x=8, y=8, z=5, side=256)
    try:
        assert atlas.running and atlas.url == f"{atlas.server}/#t=grundy.wythoff&x=8&y=8&z=5"
        with urllib.request.urlopen(atlas.server + "/") as r:
            assert b"atlas.js" in r.read()  # the page of queengames serve
        with urllib.request.urlopen(atlas.server + "/cell/grundy.wythoff/3/5") as r:
            cell = json.load(r)
        assert cell["p"] and cell["x"] == 3 and cell["y"] == 5
        # The page posts that cell when clicked; the view writes it to `selected`.
        seen = []
        atlas.observe(lambda change: seen.append(change["new"]), "selected")
        frontend_update(atlas, selected=cell)
        assert atlas.selected == cell and seen == [cell]
        assert atlas.selected["value"] == 0 and qg.game("wythoff").is_p(3, 5)
    finally:
        atlas.close()
    assert not atlas.running
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(atlas.server + "/", timeout=5)
    atlas.close()  # a second close is harmless


def test_atlas_reports_a_server_that_cannot_start():
    with pytest.raises(RuntimeError, match="did not start: queengames: 0 is out of range"):
        Atlas(side=0)
