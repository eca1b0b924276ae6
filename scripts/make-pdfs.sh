#!/bin/sh
# Regenerates the consent-form PDFs (apps/web/public/docs/*.pdf) from their HTML sources in apps/web/docs-src/.
# Needs Chromium, a Japanese font (Debian: chromium, fonts-noto-cjk) and python3 (scripts/compact-pdf.py).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
src="$root/apps/web/docs-src"
out="$root/apps/web/public/docs"
chrome=${CHROMIUM_PATH:-chromium}
mkdir -p "$out"
for name in travel-conditions-recruitment travel-conditions-arrangement privacy-policy; do
  "$chrome" --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
    --print-to-pdf="$out/$name.pdf" "file://$src/$name.html" 2>/dev/null
  python3 "$root/scripts/compact-pdf.py" "$out/$name.pdf"
  echo "$out/$name.pdf: $(wc -c <"$out/$name.pdf") bytes"
done
