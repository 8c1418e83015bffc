#!/usr/bin/env bash
# Builds the API documentation of every library product with the toolchain's own `docc`: no
# package dependency, no plugin. Symbol graphs and archives stay in .build-docc.
#
#   Scripts/build-docs.sh                          every product's archive, warnings as errors
#   Scripts/build-docs.sh --preview FeedStoreSpecs serves one product's pages on localhost:8080
#   Scripts/build-docs.sh --output DIR [--hosting-base-path PATH]
#                                                  static websites in DIR/<Product>, to host
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

preview="" output="" hosting_base_path=""
while [ $# -gt 0 ]; do
  case "$1" in
    --preview) [ $# -ge 2 ] || usage; preview="$2"; shift 2 ;;
    --output) [ $# -ge 2 ] || usage; output="$2"; shift 2 ;;
    --hosting-base-path) [ $# -ge 2 ] || usage; hosting_base_path="$2"; shift 2 ;;
    *) usage ;;
  esac
done

scratch=.build-docc
graphs="$scratch/symbol-graphs"

# Each library product's module and its directory, from the manifest, so a new product is
# documented without editing this script.
modules="$(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
paths = {target["name"]: target.get("path") or "Sources/" + target["name"] for target in package["targets"]}
for product in package["products"]:
    if "library" in product["type"]:
        for target in product["targets"]:
            print(target, paths[target])
')"

if [ -n "$preview" ] && ! grep -q "^$preview " <<<"$modules"; then
  echo "build-docs.sh: $preview is not a library product; the products are:" \
    $(cut -d' ' -f1 <<<"$modules") >&2
  exit 2
fi

# Symbol graphs stay in the scratch path, so an incremental build that recompiles nothing still
# has them.
while read -r module _; do
  if [ -z "$preview" ] || [ "$module" = "$preview" ]; then
    swift build --target "$module" --scratch-path "$scratch" \
      -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
      -Xswiftc -emit-extension-block-symbols
  fi
done <<<"$modules"

mkdir -p "$scratch/archives" ${output:+"$output"}
while read -r module path; do
  [ -z "$preview" ] || [ "$module" = "$preview" ] || continue
  # docc documents one module: give it that module's graphs only, its extensions of others too.
  rm -rf "$scratch/$module-graphs" && mkdir -p "$scratch/$module-graphs"
  find "$graphs" -maxdepth 1 \( -name "$module.symbols.json" -o -name "$module@*.symbols.json" \) \
    -exec cp {} "$scratch/$module-graphs/" \;
  catalog="$(find "$path" -maxdepth 1 -name '*.docc' | head -n 1)"
  arguments=(
    ${catalog:+"$catalog"} --additional-symbol-graph-dir "$scratch/$module-graphs"
    --fallback-display-name "$module" --fallback-bundle-identifier "FeedStoreSpecs.$module"
  )
  if [ -n "$preview" ]; then
    exec docc preview "${arguments[@]}" --output-path "$scratch/$module-preview"
  elif [ -n "$output" ]; then
    docc convert "${arguments[@]}" --warnings-as-errors --output-path "$output/$module" \
      --transform-for-static-hosting ${hosting_base_path:+--hosting-base-path "$hosting_base_path/$module"}
  else
    docc convert "${arguments[@]}" --warnings-as-errors \
      --output-path "$scratch/archives/$module.doccarchive"
  fi
done <<<"$modules"
