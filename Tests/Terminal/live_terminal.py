#!/usr/bin/env python3
"""The live view in a real terminal (tmux), waiting on screen content rather than sleeping.

Usage: live_terminal.py SHOPFLOOR_BINARY REPO_ROOT
Prints one line per check and a final "N passed, N failed" line; exits 1 if any check failed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

BINARY, ROOT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
results = []
# A session that lives through the whole file, so the tmux server never exits between checks.
subprocess.run(["tmux", "new-session", "-d", "-s", "sfkeeper", "sleep 900"], capture_output=True)


class Screen:
    """One tmux session running a command; `wait` polls the screen until a pattern shows."""

    def __init__(self, command, cwd=ROOT, width=100, height=30):
        self.name = "sf" + uuid.uuid4().hex[:8]
        env = f"TERM=xterm-256color NO_COLOR=1 LANG=C.UTF-8 LC_ALL=C.UTF-8"
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height),
                        f"cd {cwd} && {env} {command}; echo EXIT=$?; sleep 600"], check=True)

    def text(self):
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True).stdout

    def history(self):
        """The screen with every line scrolled off it."""
        return subprocess.run(["tmux", "capture-pane", "-p", "-S", "-", "-t", self.name], capture_output=True, text=True).stdout

    def wait(self, pattern, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.text()
            match = re.search(pattern, screen)
            if match:
                return match
            time.sleep(0.05)  # polling the screen, not waiting for time to pass
        raise AssertionError(f"never saw /{pattern}/ on screen:\n{self.text()}")

    def keys(self, *keys):
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def close(self):
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def check(name):
    def wrap(fn):
        try:
            fn()
            results.append((name, None))
        except Exception as error:  # noqa: BLE001
            results.append((name, f"{type(error).__name__}: {str(error)[:1500]}"))
        return fn
    return wrap


@check("bank: waiting and working lists change, a adds 10 customers, r resets, q restores the terminal")
def _():
    s = Screen(f"{BINARY} run scripts/bank.lua --live --speed 0.5")
    try:
        s.wait(r"Business time 00:00:\d{3}")
        s.wait(r"Waiting\s+Working")
        first = s.wait(r"(\d+) waiting · (\d+) being served · (\d+) served so far")
        assert int(first.group(2)) == 3, "two deposit tellers and one loan teller busy at opening"
        s.wait(r"\d+ - loan \(teller 3\)")
        s.wait(r"[1-9]\d* served so far")                      # the lists move
        s.keys("a")
        s.wait(r"\n(2[5-9]|3\d|40) - (deposit|loan)")          # numbering continues past the day's customers
        s.keys("r")
        s.wait(r"Business time 00:00:000")
        s.wait(r"0 waiting · 0 being served · 0 served so far")
        s.keys("a")
        s.wait(r"(?<!\d)1 - (deposit|loan)")                  # numbering starts again after reset
        s.keys("q")
        s.wait(r"EXIT=0")
        assert "Business time" not in s.text(), "the alternate screen was left"
    finally:
        s.close()


@check("bank: the clock stops when both lists are empty; the summary stays until q")
def _():
    s = Screen(f"{BINARY} run scripts/bank.lua --live --speed 50")
    try:
        s.wait(r"finished")
        clock = s.wait(r"Business time (\d\d:\d\d:\d{3})").group(1)
        summary = s.wait(r"(\d+) served in ([\d.]+) s of simulated time")
        plain = subprocess.run([BINARY, "run", "scripts/bank.lua"], cwd=ROOT, capture_output=True, text=True).stdout
        assert f"{summary.group(1)} served in {summary.group(2)} s" in plain, "live and plain runs agree"
        assert s.wait(r"Business time (\d\d:\d\d:\d{3})").group(1) == clock, "the clock stopped"
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


@check("q stops the run at the time on screen: the summary covers the time watched, not only up to the last event")
def _():
    s = Screen(f"{BINARY} run scripts/bank_reception.lua --live --speed 1")
    try:
        s.wait(r"clock [1-9][\d.]* s")                      # past 1 s, before the first customer is served
        s.keys(" ")
        s.wait(r"PAUSED")
        shown = float(s.wait(r"clock ([\d.]+) s").group(1))
        s.keys("q")
        s.wait(r"EXIT=0")
        history = s.history()
        stopped = float(re.search(r"stopped \(q\) at ([\d.]+) s of simulated time", history).group(1))
        summary = float(re.search(r"served in ([\d.]+) s of simulated time", history).group(1))
        assert abs(stopped - shown) < 0.006, f"stopped at {stopped}, the screen showed {shown}"
        assert abs(summary - shown) < 0.006, f"summary over {summary} s, the screen showed {shown}"
    finally:
        s.close()


@check("bank in Korean: 업무시간 and the seed's list titles")
def _():
    s = Screen(f"{BINARY} run scripts/bank.lua --live --set lang=ko")
    try:
        s.wait(r"업무시간 - 00:0\d:\d{3}")
        s.wait(r"대기중\s+업무중")
        s.wait(r"\d+ - (예금|대출)")
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


@check("Ctrl-C restores the terminal too")
def _():
    s = Screen(f"{BINARY} run scripts/post_office.lua --live --speed 100")
    try:
        s.wait(r"Post office · \d\d:\d\d since opening")
        s.keys("C-c")
        s.wait(r"EXIT=\d+")
        assert "Post office ·" not in s.text()
    finally:
        s.close()


@check("a user's own scenario (the post office) gets bars, lists and its own key")
def _():
    s = Screen(f"{BINARY} run scripts/post_office.lua --live --speed 300")
    try:
        s.wait(r"letters\s+[█·]+ \d+/15 waiting")
        s.wait(r"At the counters\s+In the queue")
        s.keys("x")
        s.wait(r"extra 1: #\d+")
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


@check("--watch reloads an edited script and shows a broken edit's file:line")
def _():
    work = tempfile.mkdtemp()
    shutil.copytree(os.path.join(ROOT, "scripts"), os.path.join(work, "scripts"))
    messages = os.path.join(work, "scripts", "messages", "en.lua")
    s = Screen(f"{BINARY} run scripts/bank.lua --live --watch --speed 0.2", cwd=work)
    try:
        s.wait(r"Waiting\s+Working")
        original = open(messages, encoding="utf-8").read()
        with open(messages, "w", encoding="utf-8") as f:
            f.write(original.replace('M.waiting_title = "Waiting"', 'M.waiting_title = "In line"'))
        s.wait(r"In line\s+Working")
        s.wait(r"reloaded ")
        with open(messages, "w", encoding="utf-8") as f:
            f.write(original.replace("function M.start(c)", "function M.start(c) local = ", 1))
        s.wait(r"en\.lua:\d+: ")
        s.wait(r"In line\s+Working")                           # the old version keeps running
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


def wait_for(screen, predicate, what, timeout=30):
    """Polls the screen until `predicate(text)` is true."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate(screen.text()):
            return
        time.sleep(0.05)  # polling the screen, not waiting for time to pass
    raise AssertionError(f"never saw {what} on screen:\n{screen.text()}")


def failure_times(text, shortage):
    return [float(t) for t in re.findall(r"([\d.]+) s  strawberry juice — strawberry: " + shortage, text)]


@check("juice at 80x24: stock bars with count and capacity, makers' orders change, failures and deliveries, q restores")
def _():
    s = Screen(f"{BINARY} run scripts/juice.lua --live --speed 20 --set initial_stock=30", width=80, height=24)
    try:
        s.wait(r"Juice bar · [\d.]+ s · \d+ made · \d+ failed")
        for fruit in ["strawberry", "banana", "pineapple", "kiwi", "mango"]:
            s.wait(rf"\n{fruit}\s+[█·]+ \d+/400")
        s.wait(r"Making\s+Deliveries on the way")
        s.wait(r"maker [12]: [a-z -]+ juice \(#\d+\)")
        s.wait(r"maker [12]: [a-z -]+ juice \(#([3-9]\d|\d{3,})\)")     # orders move on
        s.wait(r"\d+ strawberry at [\d.]+ s")                            # a delivery on its way
        s.wait(r"strawberry juice — strawberry: need 16, have \d+")      # a failed order and what was short
        assert "q quit" in s.text(), "the keys line fits at 80x24"
        s.keys("q")
        s.wait(r"EXIT=0")
        assert "Juice bar" not in s.text(), "the alternate screen was left"
    finally:
        s.close()


@check("juice: the finished run shows the same totals as a plain run, until q")
def _():
    args = ["--set", "orders=80", "--set", "initial_stock=30", "--seed", "3"]
    s = Screen(f"{BINARY} run scripts/juice.lua --live --speed 200 {' '.join(args)}", width=80, height=24)
    try:
        s.wait(r"finished")
        totals = s.wait(r"(\d+) made, (\d+) failed: fill rate [\d.]+ %").group(0)
        served = s.wait(r"\d+ served in [\d.]+ s of simulated time").group(0)
        plain = subprocess.run([BINARY, "run", "scripts/juice.lua", *args], cwd=ROOT, capture_output=True, text=True).stdout
        assert totals in plain and served in plain, f"live and plain runs agree: {totals} / {served}"
        s.wait(r"finished")                                             # still there
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


@check("juice --watch picks up an edited recipe; a broken one shows recipes.lua:LINE and the old recipes keep running")
def _():
    work = tempfile.mkdtemp()
    shutil.copytree(os.path.join(ROOT, "scripts"), os.path.join(work, "scripts"))
    recipes = os.path.join(work, "scripts", "recipes.lua")
    s = Screen(f"{BINARY} run scripts/juice.lua --live --watch --speed 10", cwd=work, width=100, height=40)
    try:
        s.wait(r"strawberry juice\s+strawberry 16 ")
        original = open(recipes, encoding="utf-8").read()
        # 400, the shelf's capacity: made only on a full shelf (more could never be made, and is refused)
        edited = original.replace("{ strawberry = 16 }", "{ strawberry = 400 }")
        assert edited != original
        with open(recipes, "w", encoding="utf-8") as f:
            f.write(edited)
        s.wait(r"reloaded scripts/recipes\.lua")
        s.wait(r"strawberry juice\s+strawberry 400 ")                      # the menu shows the new count
        s.wait(r"strawberry juice — strawberry: need 400, have \d+")      # and the makers use it
        with open(recipes, "w", encoding="utf-8") as f:
            f.write(edited.replace("{ kiwi = 3 }", "{ kiwi = 0 }"))
        s.wait(r"recipes\.lua:\d+: recipe 'kiwi juice': count of 'kiwi' must be a positive integer")
        before = max(failure_times(s.text(), "need 400"))
        wait_for(s, lambda text: max(failure_times(text, "need 400"), default=0) > before,
                 "a later failure under the last good recipe")                # the old recipes keep running
        assert re.search(r"kiwi juice\s+kiwi 3 ", s.text()), "the broken kiwi count was not taken"
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


@check("juice --watch: a renamed juice is said to be new and not served by the makers; the run goes on past the generator's batch")
def _():
    work = tempfile.mkdtemp()
    shutil.copytree(os.path.join(ROOT, "scripts"), os.path.join(work, "scripts"))
    recipes = os.path.join(work, "scripts", "recipes.lua")
    s = Screen(f"{BINARY} run scripts/juice.lua --live --watch --speed 50", cwd=work, width=160, height=40)
    try:
        s.wait(r"mango juice\s+mango 3 ")
        original = open(recipes, encoding="utf-8").read()
        edited = original.replace('recipe "mango juice"  ', 'recipe "mango smoothie"', 1)
        assert edited != original
        with open(recipes, "w", encoding="utf-8") as f:
            f.write(edited)
        s.wait(r"reloaded scripts/recipes\.lua; 'mango smoothie' can be ordered by hand, but the makers of a living counter")
        # 256 orders a generator call: past 400 made the generator has drawn again since the edit (it used to
        # draw the new name and end the run with "unknown task 'mango smoothie'").
        wait_for(s, lambda text: int((re.search(r"· (\d+) made ·", text) or [0, "0"])[1]) > 400, "400 made")
        assert "unknown task" not in s.text(), s.text()
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


def clock_ms(screen):
    m = re.search(r"Business time (\d\d):(\d\d):(\d{3})", screen.text())
    return None if not m else (int(m.group(1)) * 60 + int(m.group(2))) * 1000 + int(m.group(3))


@check("pausing freezes the clock where it was shown and resuming goes on from there")
def _():
    s = Screen(f"{BINARY} run scripts/bank.lua --live --speed 0.5")
    try:
        s.wait(r"Business time 00:00:[1-9]\d\d")              # between two events (the first finish is at 700)
        before = clock_ms(s)
        s.keys("Space")
        s.wait(r"PAUSED")
        paused = clock_ms(s)
        assert paused >= before, f"paused at {paused} ms after {before} ms was shown"
        s.wait(r"PAUSED")
        assert clock_ms(s) == paused, "the clock stands still while paused"
        s.keys("Space")
        wait_for(s, lambda text: "PAUSED" not in text and (clock_ms(s) or 0) > paused, "the clock running on")
        assert clock_ms(s) >= paused, "resumed from the paused time"
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


@check("40x20: the Working list stays on screen, a long Waiting list ends with +N more, q leaves a summary")
def _():
    s = Screen(f"{BINARY} run scripts/bank.lua --live --speed 0.2", width=40, height=20)
    try:
        s.wait(r"Waiting")
        s.wait(r"\+\d+ more")
        s.wait(r"Working")
        s.wait(r"\d+ - loan \(teller 3\)")
        assert "q quit" in s.text(), "the keys line wraps instead of losing q quit"
        s.keys("q")
        s.wait(r"EXIT=0")
        s.wait(r"stopped \(q\) at [\d.]+ s of simulated time")
        s.wait(r"\d+ served in [\d.]+ s of simulated time")
    finally:
        s.close()


@check("Ctrl-C in the live view leaves the summary of the run so far, exit 130")
def _():
    s = Screen(f"{BINARY} run scripts/bank.lua --live --speed 0.5")
    try:
        s.wait(r"[1-9]\d* served so far")
        s.keys("C-c")
        s.wait(r"EXIT=130")
        s.wait(r"interrupted at [\d.]+ s of simulated time")
        s.wait(r"class\s+served")
    finally:
        s.close()


@check("Ctrl-C on a long run without --live prints the summary so far, exit 130")
def _():
    s = Screen(f"{BINARY} run scripts/bank_open.lua --set customers=5000000 --set policies=builtin")
    try:
        s.wait(r"served · sim")                                 # the progress line: the run is under way
        s.keys("C-c")
        s.wait(r"EXIT=130")
        s.wait(r"interrupted at [\d.]+ s of simulated time: the summary covers the run so far")
        s.wait(r"\d+ served in [\d.]+ s of simulated time")
    finally:
        s.close()


@check("Korean: the view's own words and the summary's headings")
def _():
    s = Screen(f"{BINARY} run scripts/bank.lua --live --set lang=ko --speed 50", width=60, height=24)
    try:
        s.wait(r"시드 1 · 속도 ×50")
        s.wait(r"q 끝내기")
        s.wait(r"종료")
        s.keys("q")
        s.wait(r"EXIT=0")
        s.wait(r"업무\s+처리\s+평균 대기")
        assert "served" not in s.text() and "q quit" not in s.text()
    finally:
        s.close()


@check("bars clamp what they cannot draw: math.huge, 1e308, NaN, negative")
def _():
    work = tempfile.mkdtemp()
    with open(os.path.join(work, "bars.lua"), "w", encoding="utf-8") as f:
        f.write("""local c = shopfloor.counter "c"
c:task { name = "a", service = 1 }
c:tellers { skill = "a" }
c:arrive "a"
shopfloor.view(function(v)
  v:bar("huge", math.huge, 10, "w")
  v:bar("big", 1e308, 1e308, "w")
  v:bar("nan", 0/0, 10, "w")
  v:bar("neg", -5, 10, "w")
  v:bar("zero max", 3, 0, "w")
  v:bar("ok", 5, 10, "end")
end)
""")
    s = Screen(f"{BINARY} run bars.lua --live", cwd=work)
    try:
        s.wait(r"huge\s+·+ inf/10 w")
        s.wait(r"big\s+█+ 1e\+308/1e\+308 w")
        s.wait(r"nan\s+·+ -?nan/10 w")
        s.wait(r"neg\s+·+ -5/10 w")
        s.wait(r"ok\s+█+·+ 5/10 end")
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


@check("post office --watch: reloads keep the counters opened and who gave up; an undone broken edit clears its error")
def _():
    work = tempfile.mkdtemp()
    shutil.copytree(os.path.join(ROOT, "scripts"), os.path.join(work, "scripts"))
    script = os.path.join(work, "scripts", "post_office.lua")
    s = Screen(f"{BINARY} run scripts/post_office.lua --live --speed 1000 --watch", cwd=work)
    try:
        gave_up = int(s.wait(r"· ([1-9]\d*) gave up").group(1))
        s.keys("x")
        s.wait(r"extra 1: #\d+")
        original = open(script, encoding="utf-8").read()
        with open(script, "w", encoding="utf-8") as f:
            f.write(original.replace('"Post office · ', '"Post office (edited) · '))
        s.wait(r"reloaded scripts/post_office\.lua")
        after = int(s.wait(r"Post office \(edited\) · .* · (\d+) gave up").group(1))
        assert after >= gave_up, f"gave up went from {gave_up} to {after} over a reload"
        s.keys("x")
        s.wait(r"extra 2: #\d+")
        assert "must be unique" not in s.text()
        edited = open(script, encoding="utf-8").read()
        with open(script, "w", encoding="utf-8") as f:
            f.write(edited.replace("local function extra_counters()", "local function extra_counters() local =", 1))
        s.wait(r"post_office\.lua:\d+: ")
        with open(script, "w", encoding="utf-8") as f:
            f.write(edited)                                         # back to the text in force
        s.wait(r"back to the version in force")
        assert not re.search(r"post_office\.lua:\d+: ", s.text()), "the old error is gone"
        s.keys("q")
        s.wait(r"EXIT=0")
    finally:
        s.close()


@check("two stations at 60 columns: every station shown, nothing wider than the terminal; q ends the run normally (on end)")
def _():
    work = tempfile.mkdtemp()
    with open(os.path.join(work, "tandem.lua"), "w", encoding="utf-8") as f:
        f.write("""
local reception = shopfloor.counter "reception"
local tellers = shopfloor.counter "tellers"
reception:task { name = "desk", service = shopfloor.exponential(50), route = "tellers.deposit" }
tellers:task { name = "deposit", service = shopfloor.exponential(150) }
reception:tellers { skill = "desk", name = "desk" }
tellers:tellers { skill = "deposit", count = 3, name = "tellers" }
reception:arrivals { rate = 1 / 60, mix = { desk = 1 } }
shopfloor.stop { time = 8 * 3600 }
shopfloor.on("end", function(summary) print("the day ended at " .. shopfloor.now()) end)
""")
    s = Screen(f"{BINARY} run tandem.lua --live --speed 20", cwd=work, width=60, height=24)
    try:
        s.wait(r"reception · desk \d/1 busy")
        s.wait(r"tellers · tellers \d/3 busy")
        s.wait(r"tellers · tellers \d/3 busy.*· [1-9]\d* served")     # customers routed on and served there
        for line in s.text().splitlines():
            assert len(line.rstrip()) <= 60, f"wider than 60 columns: {line!r}"
        s.keys("q")
        s.wait(r"EXIT=0")
        text = s.history()
        assert text.count("the day ended at") == 1, f"on('end') runs once, after the view:\n{text}"
        assert re.search(r"\nreception\s+\d+", text), f"the summary's station table:\n{text}"
    finally:
        s.close()


subprocess.run(["tmux", "kill-session", "-t", "sfkeeper"], capture_output=True)
failed = [r for r in results if r[1]]
for name, error in results:
    print(("ok     " if not error else "FAILED ") + name + ("" if not error else "\n       " + error))
print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
