"""scorepad/qr.py's mask choice (_best_mask) is segno's own, made faster: the same mask and the same modules."""

import random
import string

import pytest

from scorepad import qr

segno_encoder = pytest.importorskip("segno.encoder")  # the whole package's encoder: segno's own mask choice


def _texts():
    """Links of every length a QR code holds at level L, from version 1 to 40 (2,953 bytes), in a fixed order."""
    rnd = random.Random(18004)
    alphabet = string.ascii_letters + string.digits + "/:?=&%-._~"
    for length in (1, 17, 40, 120, 300, 571, 863, 1200, 1700, 2300, 2900):
        yield "".join(rnd.choice(alphabet) for _n in range(length))
    yield "https://app.bgstats.com/" + "0" * 400  # long runs of one character: runs and blocks in the penalty


@pytest.mark.parametrize("text", list(_texts()), ids=lambda text: f"{len(text)} bytes")
def test_the_mask_and_modules_are_segnos(text):
    ours = qr._encoder().encode(text, error=qr.ERROR, micro=False, boost_error=False)
    theirs = segno_encoder.encode(text, error=qr.ERROR, micro=False, boost_error=False)
    assert (ours.version, ours.mask, ours.matrix) == (theirs.version, theirs.mask, theirs.matrix)


def test_a_chosen_mask_and_micro_codes_are_left_to_segno():
    encoder = qr._encoder()
    assert encoder.encode("Ana 132", error="L", micro=False, mask=5).mask == 5
    micro, theirs = encoder.encode("12345", micro=True), segno_encoder.encode("12345", micro=True)
    assert micro.version < 1 and (micro.mask, micro.matrix) == (theirs.mask, theirs.matrix)  # a Micro QR code
