#!/bin/sh
# Every function the kernel binds into `game` has a LuaLS stub in
# scripts/types/sandtable.lua, and every stub names a bound function.
set -eu
root="$1"
bound=$(cat "$root"/runtime/script/bindings/*.cpp | grep -o '{"[a-z_]*", l_[a-z_]*}' | sed 's/{"\([a-z_]*\)".*/\1/' | sort -u)
stubbed=$(grep -o '^function game\.[a-z_]*' "$root/scripts/types/sandtable.lua" | sed 's/function game\.//' | sort -u)
if [ "$bound" != "$stubbed" ]; then
    echo "bound in runtime/script/bindings/ but not stubbed, or the other way round:"
    printf '%s\n' "$bound" > /tmp/sandtable-bound.$$
    printf '%s\n' "$stubbed" > /tmp/sandtable-stubbed.$$
    diff /tmp/sandtable-bound.$$ /tmp/sandtable-stubbed.$$ || true
    rm -f /tmp/sandtable-bound.$$ /tmp/sandtable-stubbed.$$
    exit 1
fi
echo "ok: $(printf '%s\n' "$bound" | wc -l) functions bound and stubbed"
