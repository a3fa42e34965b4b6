"""Task-adaptive masked-language-model pretraining (TAPT) of the sentence model's encoder.

Before fine-tuning, the encoder goes on learning BERT's masked-word task on the text of the rows it is about
to be fine-tuned on (Gururangan et al., ACL 2020, "Don't Stop Pretraining": task-adaptive pretraining), so it
meets the register of tweets and news sentences first. Only the training rows are read, so a cross-validation
fold never sees its held-out text, not even unlabelled.

The base checkpoint (all-MiniLM-L6-v2) ships the encoder without BERT's masked-word head, so the head is made
fresh: a dense layer, GELU and layer norm, then a decoder tied to the word embeddings. It is thrown away
afterwards; only the encoder's weights carry over into fine-tuning.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import torch
from torch import nn

from slant.nlp.sentence_model import INPUT_NAMES, encode
from slant.train.target_sentiment import Bert

#: BERT's recipe: of the chosen tokens, 80 % become [MASK], 10 % a random word, 10 % stay.
MASK_SHARE = 0.8
RANDOM_SHARE = 0.1
#: The uncased BERT vocabulary keeps [PAD], [unused*] and the special tokens below this id; random
#: replacements are drawn above it.
FIRST_WORD_ID = 999


class MlmHead(nn.Module):
    """BERT's masked-word head, its decoder tied to the encoder's word embeddings."""

    def __init__(self, bert: Bert, eps: float = 1e-12) -> None:
        super().__init__()
        hidden = bert.hidden
        self.word = bert.word
        self.dense = nn.Linear(hidden, hidden)
        self.norm = nn.LayerNorm(hidden, eps=eps)
        self.bias = nn.Parameter(torch.zeros(bert.word.num_embeddings))

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = nn.functional.linear(
            self.norm(nn.functional.gelu(self.dense(h))), self.word.weight, self.bias
        )
        return out


def mask_tokens(
    ids: torch.Tensor, special: torch.Tensor, prob: float, mask_id: int, vocab: int, generator: torch.Generator
) -> tuple[torch.Tensor, torch.Tensor]:
    """``(inputs, targets)``: a share ``prob`` of the non-special tokens is chosen; targets are -100 elsewhere.

    ``special`` is True where a token may never be chosen ([CLS], [SEP], padding). At least one token of each
    row with any real token is chosen, so short rows still teach something.
    """
    chosen = (torch.rand(ids.shape, generator=generator) < prob) & ~special
    first_real = (~special).float().argmax(dim=1)
    empty = ~chosen.any(dim=1) & (~special).any(dim=1)
    chosen[empty.nonzero().squeeze(1), first_real[empty]] = True
    targets = torch.where(chosen, ids, torch.full_like(ids, -100))
    roll = torch.rand(ids.shape, generator=generator)
    inputs = ids.clone()
    inputs[chosen & (roll < MASK_SHARE)] = mask_id
    swap = chosen & (roll >= MASK_SHARE) & (roll < MASK_SHARE + RANDOM_SHARE)
    inputs[swap] = torch.randint(FIRST_WORD_ID, vocab, (int(swap.sum()),), generator=generator)
    return inputs, targets


def pretrain(
    bert: Bert,
    tokenizer: Any,
    texts: Sequence[str],
    args: argparse.Namespace,
    batches: Callable[[Sequence[str], int, random.Random], list[list[int]]],
    device: torch.device,
) -> float:
    """Train ``bert`` in place on the masked-word task over ``texts`` for ``args.mlm_epochs`` epochs.

    ``batches(texts, size, rng)`` yields the index lists of one epoch (the fine-tuning's length-bucketed
    batches). Returns the last epoch's mean loss.
    """
    head = MlmHead(bert).to(device)
    # The fresh head learns ten times faster than the encoder, so its first random guesses do not wreck the
    # pretrained weights while the learning rate warms up.
    fresh = [head.dense.weight, head.dense.bias, head.norm.weight, head.norm.bias, head.bias]
    encoder = [p for p in bert.parameters() if p.requires_grad]
    params = encoder + fresh
    optimizer = torch.optim.AdamW(
        [
            {"params": [p for p in encoder if p.ndim >= 2], "weight_decay": 0.01},
            {"params": [p for p in encoder if p.ndim < 2], "weight_decay": 0.0},
            {"params": fresh, "weight_decay": 0.0, "lr": 10 * args.mlm_lr},
        ],
        lr=args.mlm_lr,
    )
    steps = math.ceil(len(texts) / args.mlm_batch_size) * args.mlm_epochs
    warmup = max(1, int(0.06 * steps))
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / max(1, steps - warmup)))
    )
    mask_id = int(tokenizer.token_to_id("[MASK]"))
    vocab = bert.word.num_embeddings
    specials = [int(tokenizer.token_to_id(t)) for t in ("[CLS]", "[SEP]", "[PAD]")]
    rng = random.Random(args.seed)
    generator = torch.Generator().manual_seed(args.seed)
    bert.train()
    head.train()
    started = time.time()
    mean = 0.0
    for epoch in range(1, args.mlm_epochs + 1):
        total, count = 0.0, 0
        for batch in batches(texts, args.mlm_batch_size, rng):
            enc = encode(tokenizer, [texts[i] for i in batch])
            ids, att, types = (torch.from_numpy(enc[name]) for name in INPUT_NAMES)
            special = torch.isin(ids, torch.tensor(specials)) | (att == 0)
            inputs, targets = mask_tokens(ids, special, args.mlm_prob, mask_id, vocab, generator)
            h = bert(inputs.to(device), att.to(device), types.to(device))
            targets = targets.to(device)
            picked = targets != -100
            loss: Any = nn.functional.cross_entropy(head(h[picked]), targets[picked])
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            optimizer.step()
            scheduler.step()
            total += loss.item()
            count += 1
        mean = total / max(1, count)
        if epoch == 1 or epoch == args.mlm_epochs or epoch % 10 == 0:
            print(f"  mlm epoch {epoch}/{args.mlm_epochs}: loss {mean:.4f} [{(time.time() - started) / 60:.1f} min]")
    bert.eval()
    return mean
