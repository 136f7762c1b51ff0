#!/usr/bin/env bash
# Installs the build into a temporary prefix and uses it as a newcomer would: from
# another folder, the configuration found by name, the man page and the completion
# in place. Usage: test_install.sh BUILD_DIR
set -euo pipefail
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" > "$tmp/install.log"
for f in bin/kenken share/kenken/configs/overnight.toml share/kenken/configs/default.toml \
         share/bash-completion/completions/kenken; do
    [ -e "$tmp/prefix/$f" ] || { echo "missing $f"; exit 1; }
done
if command -v help2man > /dev/null; then
    [ -s "$tmp/prefix/share/man/man1/kenken.1" ] || { echo "missing the man page"; exit 1; }
    grep -q 'generate' "$tmp/prefix/share/man/man1/kenken.1"
fi
mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
"$tmp/prefix/bin/kenken" --version | grep -q '^kenken [0-9]'
# The overnight configuration by name, its quotas cut down to stay quick.
"$tmp/prefix/bin/kenken" generate -q --db c.db --config overnight --sizes 4 -n 6 -j 2 > out.txt
grep -q 'finished' out.txt
"$tmp/prefix/bin/kenken" stats --db c.db --json > stats.json
grep -q '"total":6' stats.json
grep -q '"seed":20261121' stats.json  # overnight.toml's seed: the file was found
# A name that is nowhere: a clear message naming the folders searched.
if "$tmp/prefix/bin/kenken" generate --db d.db --config nosuch 2> err.txt; then exit 1; fi
grep -q "share/kenken/configs" err.txt
# bash completion loads and offers the commands.
bash -c "source '$tmp/prefix/share/bash-completion/completions/kenken'; COMP_WORDS=(kenken ge); COMP_CWORD=1; _kenken; echo \${COMPREPLY[*]}" | grep -q generate
echo "install test: ok"
