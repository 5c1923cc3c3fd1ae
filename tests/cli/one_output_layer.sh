#!/usr/bin/env bash
# Every file weft writes goes through weft_output (output/): no other source opens a file for
# writing. Lists the offending lines and fails if any appear.
#   one_output_layer.sh SOURCE_DIR
cd "$1" || exit 1
found=$(grep -rnE 'std::ofstream|std::fstream|fopen\(|O_WRONLY|O_RDWR|popen\(' framework networks output actors algorithms apps backends topologies \
          --include='*.cpp' --include='*.hpp' |
        grep -v '^output/src/' |
        grep -v '^apps/weft/cli_output.cpp:.*popen("gnuplot"')  # gnuplot writes into output_file's temporary file
if [ -n "$found" ]; then
  printf 'files opened for writing outside output/:\n%s\n' "$found"
  exit 1
fi
echo "one output layer: ok"
