"""Issue 4: task-adaptive masked-word pretraining of the sentence model's encoder (``slant.train.mlm``).

Training code needs the ``train`` extra (torch); CI installs only the run-time stack, so these tests skip there.
"""

from __future__ import annotations

import argparse
from typing import Any

import pytest

torch = pytest.importorskip("torch", reason="training code needs the train extra (pip install -e '.[train]')")

from slant.train.mlm import FIRST_WORD_ID, MlmHead, mask_tokens, pretrain  # noqa: E402
from slant.train.sentence_classifier import length_batches, parse_args  # noqa: E402
from slant.train.target_sentiment import Bert  # noqa: E402

CONFIG = {
    "hidden_size": 16,
    "num_attention_heads": 2,
    "intermediate_size": 32,
    "num_hidden_layers": 2,
    "vocab_size": 1200,
    "max_position_embeddings": 64,
    "hidden_dropout_prob": 0.0,
}
CLS, SEP, PAD, MASK = 101, 102, 0, 103


class ToyTokenizer:
    """Words -> fixed ids above the special range, [CLS] ... [SEP], padded to the longest row."""

    def __init__(self) -> None:
        self.vocab: dict[str, int] = {}

    def token_to_id(self, token: str) -> int:
        return {"[CLS]": CLS, "[SEP]": SEP, "[PAD]": PAD, "[MASK]": MASK}[token]

    def encode_batch(self, texts: list[str]) -> list[Any]:
        rows = [[CLS] + [self.vocab.setdefault(w, 1000 + len(self.vocab)) for w in t.split()] + [SEP] for t in texts]
        n = max(len(r) for r in rows)
        return [
            argparse.Namespace(
                ids=r + [PAD] * (n - len(r)), attention_mask=[1] * len(r) + [0] * (n - len(r)), type_ids=[0] * n
            )
            for r in rows
        ]


def special_of(ids: Any) -> Any:
    return torch.isin(ids, torch.tensor([CLS, SEP, PAD]))


def batch_ids(n_rows: int, length: int) -> Any:
    ids = torch.randint(FIRST_WORD_ID + 1, 1200, (n_rows, length))
    ids[:, 0] = CLS
    ids[:, -1] = SEP
    return ids


def test_mask_tokens_never_touches_specials_and_targets_the_chosen() -> None:
    ids = batch_ids(64, 20)
    ids[:5, 10:] = PAD
    special = special_of(ids)
    inputs, targets = mask_tokens(ids, special, 0.15, MASK, 1200, torch.Generator().manual_seed(1))
    chosen = targets != -100
    assert not (chosen & special).any()
    assert torch.equal(targets[chosen], ids[chosen])
    assert torch.equal(inputs[special], ids[special])  # [CLS], [SEP] and padding stay as they are
    assert torch.equal(inputs[~chosen], ids[~chosen])  # only chosen tokens may change
    share = chosen.sum().item() / (~special).sum().item()
    assert 0.10 < share < 0.20
    masked = (inputs == MASK) & chosen
    assert 0.65 < masked.sum().item() / chosen.sum().item() < 0.95  # about 80 % become [MASK]


@pytest.mark.parametrize("prob", [0.0, 0.01])
def test_mask_tokens_chooses_at_least_one_token_per_row(prob: float) -> None:
    ids = batch_ids(8, 6)
    special = special_of(ids)
    _, targets = mask_tokens(ids, special, prob, MASK, 1200, torch.Generator().manual_seed(2))
    assert ((targets != -100).sum(dim=1) >= 1).all()


def test_mask_tokens_leaves_a_row_of_specials_alone() -> None:
    ids = torch.tensor([[CLS, SEP, PAD, PAD]])
    _, targets = mask_tokens(ids, special_of(ids), 0.5, MASK, 1200, torch.Generator().manual_seed(3))
    assert (targets == -100).all()


def test_random_replacements_are_words_not_specials() -> None:
    ids = batch_ids(200, 30)
    inputs, targets = mask_tokens(ids, special_of(ids), 0.5, MASK, 1200, torch.Generator().manual_seed(4))
    swapped = (targets != -100) & (inputs != MASK) & (inputs != ids)
    assert swapped.any()
    assert (inputs[swapped] >= FIRST_WORD_ID).all() and (inputs[swapped] < 1200).all()


def test_head_decoder_is_tied_to_the_word_embeddings() -> None:
    bert = Bert(CONFIG)
    head = MlmHead(bert)
    assert head.word.weight is bert.word.weight
    assert head(torch.zeros(3, 16)).shape == (3, 1200)


def test_pretrain_lowers_the_loss_and_moves_the_encoder() -> None:
    torch.manual_seed(0)
    bert = Bert(CONFIG)
    before = {k: v.clone() for k, v in bert.state_dict().items()}
    texts = ["the council voted to close the harbour baths", "the mayor said the baths would stay open"] * 8
    args = argparse.Namespace(mlm_epochs=1, mlm_lr=1e-3, mlm_batch_size=8, mlm_prob=0.3, seed=5)
    first = pretrain(bert, ToyTokenizer(), texts, args, length_batches, torch.device("cpu"))
    args.mlm_epochs = 30
    last = pretrain(bert, ToyTokenizer(), texts, args, length_batches, torch.device("cpu"))
    assert last < first
    moved = [k for k, v in bert.state_dict().items() if not torch.equal(v, before[k])]
    assert any(k.startswith("layers.") for k in moved) and "word.weight" in moved
    assert not bert.training  # handed back in eval mode for the fine-tuning's frozen cache


def test_trainer_takes_the_pretraining_and_device_options() -> None:
    args = parse_args(["--mlm-epochs", "30", "--mlm-batch-size", "128", "--device", "cuda"])
    assert (args.mlm_epochs, args.mlm_batch_size, args.mlm_lr, args.mlm_prob, args.device) == (
        30,
        128,
        1e-4,
        0.15,
        "cuda",
    )
    defaults = parse_args([])
    assert (defaults.mlm_epochs, defaults.device) == (0, "cpu")  # the shipped networks' recipe: no pretraining
