"""CPU seconds of the default expert's games and fair hints in the checkout given (to compare two).

    python tools/time_default_expert.py /path/to/checkout

Plays ``POLICIES["expert"]`` on Forty Thieves and Maria deals 10001-10010 and times a fair hint at
each deal's start, in one process (CPU seconds, so other jobs on the machine do not inflate them).
"""

import random
import sys
import time

sys.path.insert(0, sys.argv[1])

import ft_widget  # noqa: E402
from ft_widget import Game, hint, play_policy  # noqa: E402
from ft_widget.policies import POLICIES  # noqa: E402

print(ft_widget.__file__)
for v in ("forty_thieves", "maria"):
    t = time.process_time()
    for d in range(10001, 10011):
        play_policy(Game(v, deal=d), POLICIES["expert"], random.Random(d))
    games = (time.process_time() - t) / 10
    hs = []
    for d in range(10001, 10011):
        g = Game(v, deal=d)
        t = time.process_time()
        hint(g)
        hs.append(time.process_time() - t)
    print(v, f"game {games:.3f} CPU s mean", f"hint mean {sum(hs) / len(hs):.3f} worst {max(hs):.3f} CPU s")
