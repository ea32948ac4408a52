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
             "print(e.__name__, e.find_and_apply_best_mask.__qualname__, e.make_blocks.__qualname__, "
             "'segno.encoder' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.split() == [f"{qr._BARE}.encoder", "_best_mask.<locals>.choose", "_blocks.<locals>.make_blocks",
                                   "False"]


def test_our_encoder_makes_segnos_codes():
    # The whole of it (both replacements in place), in a process of its own, against segno.make afterwards.
    probe = ("import sys; from scorepad import qr; texts = sys.stdin.read().split(chr(10)); "
             "ours = [qr.modules(t) for t in texts]; import segno; "
             "theirs = [[[bool(c) for c in row] for row in segno.make(t, error='L', micro=False, boost_error=False)"
             ".matrix] for t in texts]; print(ours == theirs, len(texts))")
    texts = [text for text in _texts() if len(text) <= 1200]  # (up to version 25: a few seconds, not ten)
    done = subprocess.run([sys.executable, "-c", probe], input="\n".join(texts), capture_output=True, text=True)
    assert done.stdout.split() == ["True", str(len(texts))], done.stderr


@pytest.mark.parametrize("version", range(1, 41))
def test_the_error_correction_codewords_are_segnos(version):
    # _blocks against segno's make_blocks, for every block layout of every level of the version: data of random
    # bits, a last byte cut short, all zeros and all ones.
    consts = segno_encoder.consts
    rnd = random.Random(version)
    ours = qr._blocks(segno_encoder.make_blocks, segno_encoder)
    for error in (consts.ERROR_LEVEL_L, consts.ERROR_LEVEL_M, consts.ERROR_LEVEL_Q, consts.ERROR_LEVEL_H):
        ec_infos = consts.ECC[version][error]
        length = 8 * sum(info.num_data * info.num_blocks for info in ec_infos)
        for bits in ([rnd.getrandbits(1) for _n in range(length)], [rnd.getrandbits(1) for _n in range(length - 3)],
                     [0] * length, [1] * length):
            buff = segno_encoder.Buffer()
            buff.extend(bits)
            assert ours(ec_infos, buff) == segno_encoder.make_blocks(ec_infos, buff), (version, error)


def test_anything_but_a_buffer_of_bits_goes_to_segnos_own_division():
    calls = []
    ours = qr._blocks(lambda *args: calls.append(args) or ([], []), segno_encoder)
    buff = segno_encoder.Buffer()
    buff.extend([0, 1, 2, 1])
    assert ours(segno_encoder.consts.ECC[1][segno_encoder.consts.ERROR_LEVEL_L], buff) == ([], []) and calls


CHAINS = ("1011101", "00001011101", "1011101011101", "10111010111010111", "1011101011101011101", "101110111011101")


@pytest.mark.parametrize("seed", range(6))
def test_the_penalty_is_segnos(seed):
    # _penalty (the whole symbol as one int) against segno's evaluate_mask, module by module: random symbols of
    # every density, some with finder-like runs planted, alone or in chains that overlap (4 or 6 apart).
    rnd = random.Random(seed)
    for _n in range(40):
        size = rnd.choice((21, 25, 45, 57, 117, 177))
        density = rnd.choice((0.5, 0.3, 0.7, 0.1, 0.9))
        lines = ["".join("1" if rnd.random() < density else "0" for _j in range(size)) for _i in range(size)]
        for i in range(size):
            if rnd.random() < 0.3:
                chain = rnd.choice(CHAINS)
                at = rnd.randrange(size - len(chain) + 1)
                lines[i] = lines[i][:at] + chain + lines[i][at + len(chain):]
        if _n % 2:  # the chains down the columns
            lines = ["".join(column) for column in zip(*lines)]
        matrix = [bytearray(int(c) for c in line) for line in lines]
        rows = [int(line, 2) for line in lines]
        columns = [int("".join(column), 2) for column in zip(*lines)]
        assert qr._penalty(rows, columns, size) == segno_encoder.evaluate_mask(matrix, size, size), (seed, size)
