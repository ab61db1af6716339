#compdef routersh
# zsh completion for routersh: source <(routersh completion zsh), after compinit.
# Candidates come from `routersh __complete`, which knows the flags, files, profiles, lessons and
# (from a saved profile's router) the words of -c '…'. It answers within about a second, never asks.
_routersh() {
    local cmd=${words[1]} out directive l
    [[ $cmd == \~/* ]] && cmd=$HOME/${cmd#\~/}
    # The words as typed (quotes and all; inside quotes zsh takes them out of BUFFER), the last
    # one up to the cursor: routersh splits them again as the shell does.
    local line="${(j: :)words[1,CURRENT-1]} $QIPREFIX$IPREFIX$PREFIX"
    out=$("$cmd" __complete --line "$line" --shell zsh 2>/dev/null </dev/null) || return 1
    local -a lines values described
    lines=("${(@f)out}")
    directive=${lines[-1]}
    [[ $directive == :* ]] || return 1
    lines[-1]=()
    # _describe reads VALUE:DESCRIPTION and takes the backslashes out of both (`\:` is a colon):
    # their own backslashes (and a value's colons) are escaped, so it inserts the value as it is
    # (compadd quotes it for the quote the cursor is in) and shows the description as sent.
    local v d
    for l in "${lines[@]}"; do
        v=${l%%$'\t'*}
        values+=("$v")
        v=${v//\\/\\\\}
        v=${v//:/\\:}
        if [[ $l == *$'\t'* ]]; then
            d=${l#*$'\t'}
            described+=("$v:${d//\\/\\\\}")
        else
            described+=("$v")
        fi
    done
    local -a suffix
    [[ $directive == *nospace* ]] && suffix=(-S '')
    local ret=1
    (( ${#values} )) && _describe -t routersh 'routersh' described "${suffix[@]}" && ret=0
    if [[ $directive == *files* ]]; then
        # `--ca=FILE`: the file name after the `=`.
        [[ $PREFIX == -*=* ]] && compset -P '*='
        _files && ret=0
    fi
    return ret
}
if (( $+functions[compdef] )); then
    compdef _routersh routersh
else
    print -u2 'routersh completion: run compinit before sourcing this script'
fi
