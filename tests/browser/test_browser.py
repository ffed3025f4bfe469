"""The atlas's page in Debian's headless Chromium (Selenium with chromium-driver): open it, pick tables,
zoom and pan, read tile pixels back and compare them with the library's values (through the Python
module, the second route), click a cell and check the panel. A screenshot per table is kept in
$QG_ARTIFACTS (build/browser-artifacts)."""
import base64
import glob
import json
import os
import struct
import time
import urllib.request
import xml.etree.ElementTree as ET

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

import queengames as qg
from atlas_server import Server

ARTIFACTS = os.environ.get("QG_ARTIFACTS", "browser-artifacts")
DOWNLOADS = os.path.abspath(os.path.join(ARTIFACTS, "downloads"))  # the saved views
SIDE = 1024  # the computed corner: small, so that the tables are ready in a fraction of a second


@pytest.fixture(scope="module")
def server():
    s = Server("--side", str(SIDE), "--cache", "512MiB")
    yield s
    seconds, status = s.stop()
    # Ctrl-C ends the server within a second (the signal's exit status, 130).
    assert status == 130
    assert seconds < 2.0, f"the server took {seconds:.2f} s to stop"


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1000,800"):
        options.add_argument(arg)
    os.makedirs(DOWNLOADS, exist_ok=True)
    options.add_experimental_option("prefs", {"download.default_directory": DOWNLOADS,
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": DOWNLOADS})
    driver.set_script_timeout(30)
    yield driver
    driver.quit()


def get_json(server, path):
    with urllib.request.urlopen(server.url + path) as r:
        return json.load(r)


def wait_loaded(driver, timeout=30):
    """Until the page is set up and no tile is loading."""
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script(
        "return window.atlas && window.atlas.ready && !window.atlas.loading() && window.atlas.loaded > 0"))


def open_page(driver, url):
    """Loads the page afresh (a new hash alone would not reload it)."""
    driver.get("about:blank")
    driver.get(url)
    wait_loaded(driver)


def tile_colours(driver, table, z, x, y):
    """The 256×256 pixels of the tile (z, x, y) of the table, once the page has loaded it, as
    '#rrggbb' strings row by row."""
    src = f"/tile/{table}/{z}/{x}/{y}.png"
    find = "const img = [...document.querySelectorAll('img.leaflet-tile-loaded')].find(i => i.src.includes(arguments[0]));"
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(find + "return img !== undefined && img.complete;", src),
                                    f"the page shows no tile {src}")
    hexes = driver.execute_script(find + """
        const c = document.createElement('canvas'); c.width = 256; c.height = 256;
        const ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(0, 0, 256, 256).data;
        let s = '';
        for (let i = 0; i < d.length; i += 4)
          s += ((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]).toString(16).padStart(6, '0');
        return s;""", src)
    return ["#" + hexes[i:i + 6] for i in range(0, len(hexes), 6)]


def screenshot(driver, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    driver.save_screenshot(os.path.join(ARTIFACTS, name.replace(":", "_").replace(",", "_") + ".png"))


def test_grundy_pixels_are_the_library_values(server, browser):
    open_page(browser, server.url + "/#t=grundy.wythoff&mode=min&x=128&y=128&z=0")
    legend = get_json(server, "/legend/grundy.wythoff?mode=min")
    colours = tile_colours(browser, "grundy.wythoff", 0, 0, 0)
    values = qg.game("wythoff").grundy(256, 256)  # the library through the Python module
    wrong = [(x, y) for y in range(256) for x in range(256) if colours[256 * y + x] != legend["colours"][values[y][x]]]
    assert not wrong, f"{len(wrong)} pixels differ, first at {wrong[:3]}"
    # Wythoff's P-positions are black: (3, 5) is (a_2, b_2).
    assert colours[256 * 5 + 3] == "#000000" and values[5][3] == 0
    screenshot(browser, "grundy.wythoff")


def test_pick_a_table_palace_numbers(server, browser):
    open_page(browser, server.url + "/#t=grundy.wythoff&mode=min&x=128&y=128&z=0")
    Select(browser.find_element(By.ID, "table")).select_by_value("palace.5")
    WebDriverWait(browser, 30).until(lambda d: d.execute_script("return window.atlas.state.t") == "palace.5")
    browser.execute_script("window.atlas.map.setView([-128, 128], 0, {animate: false})")
    wait_loaded(browser)
    assert "t=palace.5" in browser.current_url
    legend = get_json(server, "/legend/palace.5?mode=min")
    colours = tile_colours(browser, "palace.5", 0, 0, 0)
    values = qg.blocking(5).palace_numbers(256, 256)
    wrong = [(x, y) for y in range(256) for x in range(256) if colours[256 * y + x] != legend["colours"][values[y][x]]]
    assert not wrong, f"{len(wrong)} pixels differ, first at {wrong[:3]}"
    screenshot(browser, "palace.5")


def test_zoom_out_shows_aggregates(server, browser):
    open_page(browser, server.url + "/#t=palace.3&mode=p&x=512&y=512&z=0")
    zoom_out = browser.find_element(By.CSS_SELECTOR, ".leaflet-control-zoom-out")
    zoom_out.click()
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return window.atlas.map.getZoom()") == -1)
    zoom_out.click()
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return window.atlas.map.getZoom()") == -2)
    wait_loaded(browser)
    assert "z=-2" in browser.current_url
    # At zoom −2 a pixel covers 4×4 cells: white exactly where none of them is a palace, black
    # where all are.
    colours = tile_colours(browser, "palace.3", -2, 0, 0)
    palaces = qg.blocking(3).palace_numbers(SIDE, SIDE) < 3
    for py in range(0, 256, 3):
        for px in range(0, 256, 3):
            block = palaces[4 * py:4 * py + 4, 4 * px:4 * px + 4]
            colour = colours[256 * py + px]
            assert (colour == "#ffffff") == (not block.any()), (px, py, colour)
            if block.all():
                assert colour == "#000000"
    screenshot(browser, "palace.3-zoomed-out")


def test_pan_keeps_the_view_in_the_url(server, browser):
    open_page(browser, server.url + "/#t=p.wythoff&mode=p&x=1000&y=1600&z=-2")
    before = browser.execute_script("return window.atlas.map.getCenter().lng")
    browser.find_element(By.ID, "map").send_keys(Keys.ARROW_RIGHT)
    WebDriverWait(browser, 10).until(
        lambda d: d.execute_script("return window.atlas.map.getCenter().lng") > before + 100)
    wait_loaded(browser)

    def panned_x(d):
        """The centre's x in the URL, once the pan's moveend has written it there."""
        x = int(d.current_url.split("x=")[1].split("&")[0])
        return x if x > 1000 + 100 else None

    x = WebDriverWait(browser, 30).until(panned_x)
    url = browser.current_url
    # The link reopens the same place.
    browser.get("about:blank")
    browser.get(url)
    wait_loaded(browser)
    assert browser.execute_script("return [window.atlas.state.t, window.atlas.map.getZoom()]") == ["p.wythoff", -2]
    assert abs(browser.execute_script("return window.atlas.map.getCenter().lng") - x) < 1


def test_far_out_p_positions_from_random_access(server, browser):
    # Around (10^15, 1.6·10^15): the view centred on the P-position (a_n, b_n) with a_n ≈ 10^15.
    game, phi = qg.game("wythoff"), (1 + 5**0.5) / 2
    a, b = game.nth(int(10**15 / phi))
    open_page(browser, server.url + f"/#t=p.wythoff&mode=p&x={a}&y={b}&z=0")
    tiles = browser.execute_script("""
        return [...document.querySelectorAll('img.leaflet-tile-loaded')].map(i => i.src.split('/tile/')[1]);""")
    assert tiles
    checked = 0
    for tile in tiles:
        _, tz, tx, ty = tile.split("?")[0][:-4].split("/")
        tx, ty = int(tx), int(ty)
        colours = tile_colours(browser, "p.wythoff", int(tz), tx, ty)
        black = {(256 * tx + i % 256, 256 * ty + i // 256) for i, c in enumerate(colours) if c == "#000000"}
        # The P-positions in the tile by the library's n-th P-position: (a_n, b_n) with a_n in
        # the tile's columns has n ≈ x/φ, (b_n, a_n) with b_n there n ≈ x/φ².
        expected = set()
        for ratio, swap in ((phi, False), (phi * phi, True)):
            for n in range(int(256 * tx / ratio) - 3, int(256 * (tx + 1) / ratio) + 4):
                a, b = game.nth(n)
                x, y = (b, a) if swap else (a, b)
                if 256 * tx <= x < 256 * (tx + 1) and 256 * ty <= y < 256 * (ty + 1):
                    expected.add((x, y))
        assert black == expected, (tile, sorted(black ^ expected)[:4])
        checked += len(expected)
    assert checked > 0  # the view holds P-positions
    screenshot(browser, "p.wythoff-far-out")


def test_click_a_cell_shows_its_facts(server, browser):
    open_page(browser, server.url + "/#t=grundy.wythoff&mode=min&x=8&y=8&z=5")
    point = browser.execute_script("return window.atlas.map.latLngToContainerPoint([-5.5, 3.5])")
    map_element = browser.find_element(By.ID, "map")
    size = map_element.size
    ActionChains(browser).move_to_element_with_offset(
        map_element, point["x"] - size["width"] / 2, point["y"] - size["height"] / 2).click().perform()
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return window.atlas.cell !== null"))
    panel = browser.find_element(By.ID, "panel").text
    assert "cell (3, 5)" in panel and "value 0" in panel and "a P-position" in panel
    assert "n = 2" in panel or "with n = 2" in panel  # (a_2, b_2) = (3, 5)
    cell = browser.execute_script("return window.atlas.cell")
    values = qg.game("wythoff").grundy(8, 8)
    for o in cell["options"]:
        assert o["value"] == values[o["y"]][o["x"]]
    screenshot(browser, "grundy.wythoff-cell")
    # Another table: the old table's panel closes with it.
    Select(browser.find_element(By.ID, "table")).select_by_value("palace.3")
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return window.atlas.state.t") == "palace.3")
    assert not browser.find_element(By.ID, "panel").is_displayed()
    assert browser.execute_script("return window.atlas.cell") is None


def test_errors_on_the_map(server, browser):
    # A table that does not exist: the page says why.
    browser.get("about:blank")
    browser.get(server.url + "/#t=grundy.nonsense")
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "message").is_displayed())
    assert "nonsense" in browser.find_element(By.ID, "message").text


def test_the_notice_closes(server, browser):
    # Issue 36 §1: the yellow notice had no close button.
    browser.get("about:blank")
    browser.get(server.url + "/#t=grundy.nonsense")
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "message").is_displayed())
    browser.find_element(By.ID, "message-close").click()
    assert not browser.find_element(By.ID, "message").is_displayed()


def test_the_toolbar_is_one_row_at_1400_pixels(server, browser):
    # Issue 36 §1: the toolbar wrapped at 1400 px. The widest views: a palace table with its four
    # overlays and the modulus box, a Grundy table of a long ruleset name.
    browser.set_window_size(1400, 900)
    try:
        for link in ("t=palace.100&mode=mod&ov=", "t=grundy.kl-maharaja:2,3&mode=min", "t=board.quadrant:rook"):
            open_page(browser, server.url + "/#" + link)
            tops = browser.execute_script(
                "return [...document.getElementById('bar').children].filter(c => c.offsetWidth > 0)"
                ".map(c => c.offsetTop + c.offsetHeight / 2)")
            assert max(tops) - min(tops) < 12, f"{link}: the toolbar's items stand at {tops}"
    finally:
        browser.set_window_size(1000, 800)


def test_bad_numbers_in_the_link_take_the_defaults(server, browser):
    # x=abc threw "Invalid LatLng object" and kept the old table; m=abc asked for m=NaN tiles.
    open_page(browser, server.url + "/#t=palace.3&mode=mod&m=abc&x=abc&y=5&z=zz")
    state = browser.execute_script("return [window.atlas.state.t, window.atlas.state.m]")
    assert state[0] == "palace.3"
    assert isinstance(state[1], int) and 2 <= state[1] <= 1000
    tiles = browser.execute_script(
        "return [...document.querySelectorAll('img.leaflet-tile')].map(i => i.src)")
    assert tiles and not any("NaN" in src for src in tiles)


def test_overlays_from_the_library(server, browser):
    # Seed 004's regions and landmarks of game 100 as the server computes them (the P-beams are the
    # same shapes: test_atlas checks their values), drawn on the map: one Leaflet path per shape.
    names = ["regions", "landmarks"]
    open_page(browser, server.url + f"/#t=palace.100&mode=p&x=200&y=200&z=-1&ov={','.join(names)}")
    WebDriverWait(browser, 30).until(lambda d: d.execute_script("return window.atlas.overlays().length > 0"))
    overlays = [o for o in get_json(server, "/overlay/palace.100") if o["name"] in names]
    paths = browser.execute_script("return document.querySelectorAll('.leaflet-overlay-pane path').length")
    assert paths == sum(len(o["shapes"]) for o in overlays) > 0
    for name in names:
        assert browser.find_element(By.ID, f"ov-{name}").is_selected()
    notes = browser.find_element(By.ID, "overlay-notes").text
    assert "the hood (3400 cells" in notes  # 2·min + max < 100 (seed 004 §3.2): 3400 cells
    assert "the armpit (165, 37)" in notes
    screenshot(browser, "palace.100-overlays")


def test_dictionary_bits_are_the_games_columns(server, browser):
    # bits.maharaja: bit i (cell (i mod SIDE, i div SIDE)) is 0 iff column i holds an upper
    # P-position; the tile against the sweep's P-positions through the Python module.
    open_page(browser, server.url + "/#t=bits.maharaja&mode=min&x=128&y=128&z=0")
    legend = get_json(server, "/legend/bits.maharaja?mode=min")
    colours = tile_colours(browser, "bits.maharaja", 0, 0, 0)
    columns = 256 * SIDE
    upper = {int(a) for a, b in qg.game("maharaja").p_positions(columns) if b > a and a < columns}
    wrong = [(x, y) for y in range(256) for x in range(256)
             if colours[256 * y + x] != legend["colours"][0 if y * SIDE + x in upper else 1]]
    assert not wrong, f"{len(wrong)} pixels differ, first at {wrong[:3]}"
    screenshot(browser, "bits.maharaja")


def saved_file(name, timeout=30):
    """The bytes of a download once Chromium has finished writing it."""
    path = os.path.join(DOWNLOADS, name)
    deadline = time.monotonic() + timeout
    while not (os.path.exists(path) and not os.path.exists(path + ".crdownload") and os.path.getsize(path) > 0):
        assert time.monotonic() < deadline, f"no download {name}"
        time.sleep(0.1)
    with open(path, "rb") as f:
        return f.read()


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def png_colours(driver, data, x0, y0, width, height):
    """The pixels of a rectangle of a PNG, decoded by the browser, as '#rrggbb' row by row."""
    hexes = driver.execute_async_script("""
        const [b64, x0, y0, w, h, done] = arguments, img = new Image();
        img.onload = () => {
          const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
          const ctx = c.getContext('2d'); ctx.drawImage(img, 0, 0);
          const d = ctx.getImageData(x0, y0, w, h).data;
          let s = '';
          for (let i = 0; i < d.length; i += 4) s += ((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]).toString(16).padStart(6, '0');
          done(s);
        };
        img.src = 'data:image/png;base64,' + b64;""", base64.b64encode(data).decode(), x0, y0, width, height)
    return ["#" + hexes[i:i + 6] for i in range(0, len(hexes), 6)]


def test_save_the_view_as_png_and_svg(server, browser):
    for old in glob.glob(os.path.join(DOWNLOADS, "palace.5-*")):
        os.remove(old)
    open_page(browser, server.url + "/#t=palace.5&mode=min&x=600&y=600&z=0&ov=")
    size = browser.execute_script("return window.atlas.map.getSize()")
    legend = get_json(server, "/legend/palace.5?mode=min")["colours"]
    values = qg.blocking(5).palace_numbers(SIDE, SIDE)
    # The button: the view at this zoom, each of the server's pixels one pixel; below the axes'
    # strips (x < 58, y < 18) every pixel is its cell's colour.
    browser.find_element(By.ID, "save-png").click()
    data = saved_file("palace.5-z0.png")
    saved = browser.execute_script("return window.atlas.saved")
    assert png_size(data) == (saved["width"], saved["height"])
    assert abs(saved["width"] - size["x"]) <= 1 and abs(saved["height"] - size["y"]) <= 1
    (mx, my), x0, y0 = saved["min"], 64, 24
    colours = png_colours(browser, data, x0, y0, 256, 256)
    wrong = [(x, y) for y in range(256) for x in range(256)
             if colours[256 * y + x] != legend[values[my + y0 + y][mx + x0 + x]]]
    assert not wrong, f"{len(wrong)} pixels differ, first at {wrong[:3]}"
    # Twice the resolution: the tiles of zoom 1, a cell two pixels a side.
    saved = browser.execute_async_script("window.atlas.savePng(1).then(arguments[0])")
    data = saved_file("palace.5-z1.png")
    assert png_size(data) == (saved["width"], saved["height"]) and abs(saved["width"] - 2 * size["x"]) <= 2
    # The axes' strips are twice as wide and high there too.
    (mx, my), x0, y0 = saved["min"], 2 * x0, 2 * y0
    colours = png_colours(browser, data, x0, y0, 128, 128)
    wrong = [(x, y) for y in range(128) for x in range(128)
             if colours[128 * y + x] != legend[values[(my + y0 + y) // 2][(mx + x0 + x) // 2]]]
    assert not wrong, f"{len(wrong)} pixels differ at zoom 1, first at {wrong[:3]}"
    # SVG: the same raster embedded, the overlays and the axes as vectors.
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.ID, "ov-phi"))
    browser.find_element(By.ID, "ov-phi").click()
    browser.find_element(By.ID, "save-svg").click()
    svg = ET.fromstring(saved_file("palace.5-z0.svg"))
    ns = "{http://www.w3.org/2000/svg}"
    saved = browser.execute_script("return window.atlas.saved")
    assert (int(svg.get("width")), int(svg.get("height"))) == (saved["width"], saved["height"])
    image = svg.find(f"{ns}image")
    raster = base64.b64decode(image.get("href").split(",", 1)[1])
    assert png_size(raster) == (saved["width"], saved["height"])
    phi = svg.find(f"{ns}g[@id='overlay-phi']")
    assert [p.find(f"{ns}title").text for p in phi.findall(f"{ns}polyline")] == ["y = φx", "y = x/φ"]
    assert len(svg.find(f"{ns}g[@id='axes']").findall(f"{ns}text")) >= 6
    # Twice the pixels, twice the axes' text (it stayed 11 px in a 4× save); the last x label
    # ends before "x →" (it overlapped).
    saved = browser.execute_async_script("window.atlas.saveSvg(1).then(arguments[0])")
    axes = ET.fromstring(saved_file("palace.5-z1.svg")).find(f"{ns}g[@id='axes']")
    assert axes.get("font-size") == "22"
    texts = [(float(t.get("x")), float(t.get("y")), t.text) for t in axes.findall(f"{ns}text")]
    arrow = next(t for t in texts if t[2] == "x →")
    top = [t for t in texts if t[1] == arrow[1] and t[2] != "x →"]
    assert len(top) >= 3
    last = max(top)
    width = browser.execute_script("const c = document.createElement('canvas').getContext('2d'); c.font = arguments[0];"
                                   "return c.measureText(arguments[1]).width;", "22px DejaVu Sans, sans-serif", last[2])
    assert last[0] + width < arrow[0], f"the label {last[2]} at x = {last[0]} runs into x → at {arrow[0]}"
