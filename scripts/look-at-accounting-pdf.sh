#!/usr/bin/env bash
# Renders the settled accounting PDFs a person should look at (the §16.9 worked example, a California pleading, with
# and without an attorney; the README's Illinois demo case) and turns each page into a PNG with pdftoppm.
# Usage: scripts/look-at-accounting-pdf.sh [output directory, default /tmp/accounting-pdfs]
# Needs DATABASE_URL (a PostgreSQL the tests may create databases on) and pdftoppm (poppler-utils). See
# docs/looking-at-the-accounting-pdf.md.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/accounting-pdfs}"
rm -rf "$out" && mkdir -p "$out"
CI=true JEST_WORKERS=1 ACCOUNTING_PDF_DIR="$out" npm test -- test/accounting.e2e-spec.ts >/dev/null 2>"$out/test-output.txt" || { cat "$out/test-output.txt"; exit 1; }
for pdf in "$out"/*.pdf; do
  pdftoppm -png -r 60 "$pdf" "${pdf%.pdf}"
done
ls "$out"
