#!/usr/bin/env bash
# The include graph between weft's layers: every #include "weft/..." is resolved to the folder
# whose include/ holds it, and a folder may include only from its own layer or a lower one.
# Prints the graph (layer -> layers it includes) and every include that reaches up; fails on one,
# and on a network named outside networks/ (the registry is the only door to them).
#   layers.sh SOURCE_DIR
cd "$1" || exit 1

# Lowest first. A folder's layer is the first prefix here that its path starts with.
layers=(
  "base:topologies/base"
  "io:topologies/io"
  "topologies:topologies"
  "framework:framework/include framework/src"
  "networks:networks"
  "presets:framework/presets"
  "output:output"
  "actors:actors"
  "backends:backends"
  "algorithms:algorithms"
  "apps:apps"
)

layer_of_path() {  # path -> "rank name"
  local rank=0 entry name prefixes p
  local best="" best_len=0
  for entry in "${layers[@]}"; do
    name=${entry%%:*}
    prefixes=${entry#*:}
    for p in $prefixes; do
      if [[ "$1" == "$p"/* && ${#p} -gt $best_len ]]; then
        best="$rank $name"
        best_len=${#p}
      fi
    done
    rank=$((rank + 1))
  done
  echo "$best"
}

# Every header under an include/ folder, by the name it is included as.
declare -A owner
while IFS= read -r header; do
  name=${header#*/include/}
  owner[$name]=$header
done < <(find topologies framework networks output actors backends algorithms -path '*/include/*' -name '*.hpp' | sort)

declare -A edges
bad=0
while IFS= read -r file; do
  read -r from_rank from_name <<<"$(layer_of_path "$file")"
  [ -z "$from_name" ] && continue
  while IFS= read -r inc; do
    target=${owner[$inc]:-}
    [ -z "$target" ] && continue
    read -r to_rank to_name <<<"$(layer_of_path "$target")"
    [ "$to_name" = "$from_name" ] && continue
    edges["$from_name -> $to_name"]=1
    if [ "$to_rank" -gt "$from_rank" ]; then
      echo "reaches up: $file ($from_name) includes $inc ($to_name)"
      bad=1
    fi
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\(weft\/[^"]*\)".*/\1/p' "$file")
done < <(find topologies framework networks output actors backends algorithms apps -name '*.cpp' -o -name '*.hpp' | sort)

printf '%s\n' "${!edges[@]}" | sort
[ "$bad" -eq 0 ] && echo "layers: no include reaches up"

# The network registry is the only door: no source outside networks/ names a network (the names
# are the registry's: "message" is also a spelling of --injection, so only assignments and
# comparisons of a network name are looked for there).
named=$(grep -rnE '"(flit|ideal)"|network[a-z_]*[[:space:]]*(==|!=|=)[[:space:]]*"message"' framework output actors backends \
          algorithms apps topologies --include='*.cpp' --include='*.hpp')
if [ -n "$named" ]; then
  printf 'a network named outside networks/:\n%s\n' "$named"
  bad=1
else
  echo "networks: named only in networks/"
fi
exit "$bad"
