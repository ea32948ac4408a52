"""scorepad/qr.py's mask choice (_best_mask) is segno's own, made faster: the same mask and the same modules.

Both sides are segno's whole-package encoder, with and without _best_mask in place of its mask choice: qr._encoder()
hands out that very module, unchanged, whenever `segno.encoder` is loaded already (as this file loads it), so
comparing qr._encoder() with segno's encoder here would compare segno with itself."""

import random
import string
import subprocess
import sys

import pytest

from scorepad import qr

segno_encoder = pytest.importorskip("segno.encoder")  # the whole package's encoder: segno's own mask choice


def both(text, **options):
    """(ours, theirs, left): the code with _best_mask choosing its mask, the code segno makes alone, and the widths
    of the codes _best_mask left to segno's own choice."""
    theirs = segno_encoder.encode(text, **options)
    own, left = segno_encoder.find_and_apply_best_mask, []

    def segnos(matrix, width, *rest):
        left.append(width)
        return own(matrix, width, *rest)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(segno_encoder, "find_and_apply_best_mask", qr._best_mask(segnos, segno_encoder))
        ours = segno_encoder.encode(text, **options)
    return ours, theirs, left


def _texts():
    """Links of every length a QR code holds at level L, from version 1 to 40 (2,953 bytes), in a fixed order."""
    rnd = random.Random(18004)
    alphabet = string.ascii_letters + string.digits + "/:?=&%-._~"
    for length in (1, 17, 40, 120, 300, 571, 863, 1200, 1700, 2300, 2900):
        yield "".join(rnd.choice(alphabet) for _n in range(length))
    yield "https://app.bgstats.com/" + "0" * 400  # long runs of one character: runs and blocks in the penalty


def _codes():
    """(text, error level) of every level and of segno's three modes (numeric, alphanumeric, byte), seeded."""
    rnd = random.Random(7)
    alphabets = (string.digits, string.ascii_uppercase + string.digits + " $%*+-./:", "01", "€ءاب王小明 Zoë")
    for n in range(24):
        text = "".join(rnd.choice(alphabets[n % 4]) for _n in range(rnd.choice((9, 60, 250, 500))))
        yield text, "LMQH"[n // 4 % 4]


@pytest.mark.parametrize("text, error", [(text, qr.ERROR) for text in _texts()] + list(_codes()),
                         ids=lambda value: f"{len(value)}" if len(value) > 1 else value)
def test_the_mask_and_modules_are_segnos(text, error):
    ours, theirs, left = both(text, error=error, micro=False, boost_error=False)
    assert left == []  # _best_mask chose the mask itself
    assert (ours.version, ours.mask, ours.matrix) == (theirs.version, theirs.mask, theirs.matrix)


def test_a_chosen_mask_and_micro_codes_are_left_to_segno():
    ours, theirs, left = both("Ana 132", error="L", micro=False, mask=5)
    assert ours.mask == 5 and ours.matrix == theirs.matrix and left == [21]
    ours, theirs, left = both("12345", micro=True)
    assert ours.version < 1 and (ours.mask, ours.matrix) == (theirs.mask, theirs.matrix) and left == [11]  # M1


def test_the_installed_encoder_is_the_fast_one():
    """A fresh process (nothing else loads segno): qr's own copy of the encoder, its mask chosen by _best_mask."""
    probe = ("import sys; from scorepad import qr; e = qr._encoder(); "
             "print(e.__name__, e.find_and_apply_best_mask.__qualname__, 'segno.encoder' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.split() == [f"{qr._BARE}.encoder", "_best_mask.<locals>.choose", "False"]
