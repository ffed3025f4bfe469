"""The notebook widgets' views (queengames.widgets: python/queengames/board.js and atlas_widget.js)
in headless Chromium, without Jupyter: widget_host.html renders a view with a model that has the
part of anywidget's API a view uses (get, set, on, off, save_changes). The board's pixels are
checked against Wythoff's P-positions, a click must reach the model, and the atlas's page, embedded,
must post a clicked cell to the widget's `selected`. Screenshots go to $QG_ARTIFACTS."""
import functools
import http.server
import os
import shutil
import tempfile
import threading

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import queengames as qg
from atlas_server import Server
from test_browser import browser, png_colours, screenshot, wait_loaded  # noqa: F401 (browser: the fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VIEWS = ["board.js", "atlas_widget.js"]
P_COLOUR, WHITE, QUEEN = "#f2a900", "#ffffff", "#1a1a1a"  # board.js's COLOURS


@pytest.fixture(scope="module")
def host():
    """widget_host.html and the views, served from one directory on a free loopback port."""
    directory = tempfile.mkdtemp()
    shutil.copy(os.path.join(ROOT, "tests", "browser", "widget_host.html"), directory)
    for view in VIEWS:
        shutil.copy(os.path.join(ROOT, "python", "queengames", view), directory)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=directory)
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    shutil.rmtree(directory)


def mount(driver, host, view, state):
    driver.get("about:blank")
    driver.get(host + "/widget_host.html")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.hostReady === true"))
    driver.execute_async_script("window.mount(arguments[0], arguments[1]).then(arguments[2])", "./" + view, state)


def board_state(ruleset, size, x, y):
    """The state queengames.widgets.Board holds for the queen at (x, y), from the library."""
    g = qg.game(ruleset)
    values = g.grundy(size, size)
    return {"ruleset": ruleset, "size": size, "position": [x, y], "history": [{"by": "start", "x": x, "y": y}],
            "options": g.options(x, y).tolist(), "overlay": True, "message": "your move", "over": False, "click": {},
            "p_positions": [[px, py] for py in range(size) for px in range(size) if values[py][px] == 0]}


def canvas_pixels(driver):
    """The board's canvas as a screenshot of the element, decoded: a function of a cell giving the
    colour at its centre, and the cell's side in pixels."""
    canvas = driver.find_element(By.CSS_SELECTOR, ".queengames-board canvas")
    data = canvas.screenshot_as_png
    side = int(canvas.get_attribute("data-side"))
    cell = int(canvas.get_attribute("data-cell"))
    colours = png_colours(driver, data, 0, 0, side * cell, side * cell)
    return (lambda x, y: colours[side * cell * (y * cell + cell // 2) + x * cell + cell // 2]), cell


def test_board_shows_the_p_positions_and_takes_clicks(host, browser):
    mount(browser, host, "board.js", board_state("wythoff", 16, 15, 8))
    at, cell = canvas_pixels(browser)
    # Wythoff's P-positions (a_n, b_n) = (1, 2), (3, 5), (4, 7) and their mirrors (seed 001 §1)
    # have the overlay's colour; cells that are not P-positions stay white; the queen is dark.
    for x, y in [(1, 2), (3, 5), (4, 7), (2, 1), (5, 3), (7, 4), (0, 0), (13, 8)]:
        assert at(x, y) == P_COLOUR, (x, y, at(x, y))
    for x, y in [(2, 2), (3, 4), (1, 1), (6, 9), (10, 10)]:
        assert at(x, y) == WHITE, (x, y, at(x, y))
    assert at(15, 8) == QUEEN
    screenshot(browser, "widget-board-wythoff")
    # Python turns the overlay off (the model's change): the P-positions are white again.
    browser.execute_script("window.model.set('overlay', false)")
    at, _ = canvas_pixels(browser)
    assert at(3, 5) == WHITE and at(13, 8) == WHITE
    # The checkbox turns it on, in the model and so in Python.
    browser.find_element(By.CSS_SELECTOR, ".queengames-board input.overlay").click()
    assert browser.execute_script("return window.model.saved.at(-1).overlay") is True
    # A click on cell (13, 8) is written to `click` and saved (Python then plays the move).
    canvas = browser.find_element(By.CSS_SELECTOR, ".queengames-board canvas")
    size = canvas.size
    ActionChains(browser).move_to_element_with_offset(
        canvas, (13.5 * cell) - size["width"] / 2, (8.5 * cell) - size["height"] / 2).click().perform()
    assert browser.execute_script("return window.model.saved.at(-1).click") == {"x": 13, "y": 8, "n": 1}
    # Python's answer, set on the model, is drawn: the queen at the engine's (12, 8).
    browser.execute_script("""
        window.model.set('history', [...window.model.get('history'), {by: 'you', x: 13, y: 8}, {by: 'engine', x: 12, y: 8}]);
        window.model.set('position', [12, 8]);""")
    at, _ = canvas_pixels(browser)
    assert at(12, 8) == QUEEN and at(15, 8) != QUEEN


def test_atlas_widget_posts_the_clicked_cell(host, browser):
    atlas = Server("--side", "256", "--cache", "256MiB")
    try:
        url = atlas.url + "/#t=grundy.wythoff&mode=min&x=8&y=8&z=5"
        mount(browser, host, "atlas_widget.js", {"url": url, "height": 500, "selected": {}})
        frame = browser.find_element(By.CSS_SELECTOR, "iframe.queengames-atlas")
        assert frame.size["height"] == 500 + 2  # the view's height, and its border
        browser.switch_to.frame(frame)
        wait_loaded(browser)
        point = browser.execute_script("return window.atlas.map.latLngToContainerPoint([-5.5, 3.5])")
        map_element = browser.find_element(By.ID, "map")
        offset = browser.execute_script("const r = document.getElementById('map').getBoundingClientRect();"
                                        "return [r.left, r.top];")
        browser.switch_to.default_content()
        # The page's pixel at cell (3, 5), seen in the host's screenshot: a P-position, black.
        box = browser.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top];", frame)
        px, py = int(box[0] + 1 + offset[0] + point["x"]), int(box[1] + 1 + offset[1] + point["y"])
        assert png_colours(browser, browser.get_screenshot_as_png(), px, py, 1, 1) == ["#000000"]
        screenshot(browser, "widget-atlas")
        # A click in the embedded page: the page posts the cell, the view writes `selected`.
        browser.switch_to.frame(frame)
        size = map_element.size
        ActionChains(browser).move_to_element_with_offset(
            map_element, point["x"] - size["width"] / 2, point["y"] - size["height"] / 2).click().perform()
        browser.switch_to.default_content()
        WebDriverWait(browser, 10).until(lambda d: d.execute_script("return window.model.saved.length") > 0)
        selected = browser.execute_script("return window.model.saved.at(-1).selected")
        assert (selected["table"], selected["x"], selected["y"], selected["value"], selected["p"]) == \
            ("grundy.wythoff", 3, 5, 0, True)
        values = qg.game("wythoff").grundy(8, 8)
        assert selected["options"] and all(o["value"] == values[o["y"]][o["x"]] for o in selected["options"])
    finally:
        browser.switch_to.default_content()
        atlas.stop()
