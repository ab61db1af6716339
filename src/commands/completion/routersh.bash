# bash completion for routersh: source <(routersh completion bash)
# Candidates come from `routersh __complete`, which knows the flags, files, profiles, lessons and
# (from a saved profile's router) the words of -c '…'. It answers within about a second, never asks.
_routersh() {
    local cur=$2 line=${COMP_LINE:0:COMP_POINT} cmd=${COMP_WORDS[0]}
    [[ $cmd == \~/* ]] && cmd=$HOME/${cmd#\~/}
    local out
    # The whole line goes to routersh, which splits it as bash will (COMP_WORDS also breaks
    # words at = and :); --word says which end of the word readline replaces.
    out=$("$cmd" __complete --line "$line" --word "$cur" 2>/dev/null </dev/null) || return 0
    local -a lines
    mapfile -t lines <<<"$out"
    local directive=${lines[${#lines[@]}-1]}
    [[ $directive == :* ]] || return 0
    unset 'lines[${#lines[@]}-1]'
    COMPREPLY=()
    local l
    for l in "${lines[@]}"; do
        COMPREPLY+=("${l%%$'\t'*}")
    done
    if [[ $directive == *files* ]]; then
        compopt -o filenames 2>/dev/null
        mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
    fi
    if [[ $directive == *nospace* ]]; then
        compopt -o nospace 2>/dev/null
        # Inside an open quote readline closes it after a single match; one match given twice
        # (once with a blank more) is inserted up to their common end, and the quote stays open
        # for the next word of the command.
        if [[ ${#COMPREPLY[@]} -eq 1 && ${line:COMP_POINT-${#cur}-1:1} == [\'\"] ]]; then
            COMPREPLY+=("${COMPREPLY[0]} ")
        fi
    fi
    return 0
}
complete -F _routersh routersh
