# fish completion for routersh: routersh completion fish > ~/.config/fish/completions/routersh.fish
# Candidates come from `routersh __complete`, which knows the flags, files, profiles, lessons and
# (from a saved profile's router) the words of -c '…'. It answers within about a second, never asks.
function __routersh_complete
    set -l cmd (commandline -opc)[1]
    set -l out (command $cmd __complete --line (commandline -cp) --shell fish 2>/dev/null </dev/null)
    or return
    test (count $out) -gt 0; or return
    set -l directive $out[-1]
    string match -q ':*' -- $directive; or return
    set -e out[-1]
    printf '%s\n' $out
    # fish closes an open quote after a single match: that match given twice (once with a
    # blank more) is inserted up to their common end, and the quote stays open for the next word.
    if string match -q '*nospace*' -- $directive; and test (count $out) -eq 1
        printf '%s \n' (string split -m1 \t -- $out[1])[1]
    end
    if string match -q '*files*' -- $directive
        __fish_complete_path (commandline -ct)
    end
end
complete -c routersh -f -a '(__routersh_complete)'
