#!/bin/bash
# Device run of the TAPT experiment (issue 4, ISCA). Runs on the GPU machine from the repository root, with
# .gpu/ carried (scripts/gpu-tapt/pack.py). Environment:
#   NAMES     recipes to run (default t30a)             FOLDS  folds to run (default "1 2 3 4"; "final" trains the shipped model)
#   PAR       processes at once (default 2: more time-slice one GPU about 10x slower, measured in session 8)
#   DEADLINE  seconds before the jobs are stopped (default 420)      W  work folder (default /tmp/w)
#   LIMIT     rows per set, for a smoke test
# Results: $OUT/results.tar.gz (out-of-fold logits, reports, logs; no ONNX) and scores.json.
cd "$(dirname "$0")/../.." || exit 1
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 TOKENIZERS_PARALLELISM=false
W=${W:-/tmp/w}; mkdir -p "$W"
D=.gpu/data
nvidia-smi --query-gpu=name,memory.used --format=csv
COMMON="--babe $D/babe/train_SG2.csv --isca $D/isca-antisemitism/train.csv --toxigen $D/toxigen-demonstrations --freeze-layers 0 --epochs 3 --batch-size 16 --lr 5e-5 --fold-seed 13 --threads 1 --device ${DEVICE:-cuda} --base .gpu/base --mlm-batch-size 128 ${LIMIT:+--limit $LIMIT}"
declare -A R
R[t30a]="--seed 13 --mlm-epochs 30"  # network A's recipe plus 30 epochs of masked-word pretraining
: > "$W/jobs"
for name in ${NAMES:-t30a}; do
  mkdir -p "$W/$name"
  for f in ${FOLDS:-1 2 3 4}; do
    if [ "$f" = final ]; then
      extra="--folds 0 --out $W/$name/model"
    else
      extra="--folds 5 --report $W/$name/cv.jsonl --oof $W/$name/oof --fold $f"
    fi
    echo "python3 -m slant.train.sentence_classifier $COMMON ${R[$name]} $extra > $W/$name/f$f.log 2>&1" >> "$W/jobs"
  done
done
START=$(date +%s)
timeout "${DEADLINE:-420}" xargs -P "${PAR:-2}" -I{} bash -c {} < "$W/jobs"
echo "jobs ended after $(( $(date +%s) - START )) s (rc $?)"
pkill -f slant.train.sentence_classifier; sleep 2
python3 scripts/gpu-tapt/pick.py "$W" "$OUT"
# a final model comes back in pieces (the device tool returns files of at most 16 MB): cat NAME/*.onnx.* > model
for m in "$W"/*/model; do
  [ -d "$m" ] || continue
  n=$(basename "$(dirname "$m")"); mkdir -p "$OUT/$n"
  cp "$m"/*.json "$OUT/$n/" 2>/dev/null
  for f in "$m"/*.onnx; do split -b 12M "$f" "$OUT/$n/$(basename "$f")."; done
done
