# bash completion for kenken: commands, then each command's options; files otherwise.
# Installed as share/bash-completion/completions/kenken.
# File names, one a line: $(compgen -f) split a name with a space into two words (and
# expanded a * in one); -o filenames has readline quote what it inserts.
_kenken_files() {
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

# A comma list (--level easy,h): the item after the last comma, completed among $1 and
# offered with what comes before it. Nothing was offered past a comma.
_kenken_list() {
    local before="" item=$cur
    if [[ $cur == *,* ]]; then
        before=${cur%,*},
        item=${cur##*,}
    fi
    local word
    COMPREPLY=()
    for word in $(compgen -W "$1" -- "$item"); do COMPREPLY+=("$before$word"); done
}

_kenken() {
    local cur prev words cword
    _init_completion 2>/dev/null || {
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD-1]}
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    }
    local commands="solve grade check generate merge verify stats query export packs bench"
    if [ "$cword" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi
    # Each command's options as its --help lists them (tests/cli checks they agree).
    local opts
    case ${words[1]} in
        solve) opts="--format --limit --json --max-seconds -j --threads" ;;
        grade) opts="--format --json --max-seconds --explain -j --threads" ;;
        check) opts="--format" ;;
        generate) opts="--db --config --sizes -n --count --per-level --variant --add --seed -j --threads --max-singletons --shard --resume -q --quiet --top-up" ;;
        merge) opts="--db --force" ;;
        verify) opts="--db -j --threads -q --quiet --json --max-seconds" ;;
        stats) opts="--db --json" ;;
        query) opts="--db --size --level --min-score --max-score --ops --max-cage --variant --fresh --order --seed --limit --format" ;;
        export) opts="--db -o --out -n --count --format --force --solutions --dry-run --book --title --subtitle --author --copyright --level-names --trim --paper --bleed --per-page --large-print --walkthrough --allow-repeats --size --level --min-score --max-score --ops --max-cage --variant --fresh --order --seed" ;;
        packs) opts="--db --show --delete --json" ;;
        bench) opts="--format --limit --warm --repeat --grade --seeds --json --max-seconds" ;;
    esac
    case $prev in
        --level) _kenken_list "easy normal hard extreme unreasonable"; return ;;
        --variant) _kenken_list "standard hidden mult-only add-sub killer"; return ;;
        --format)
            case ${words[1]} in
                export) COMPREPLY=($(compgen -W "pdf svg neknek json keen cancan dataset" -- "$cur")) ;;
                query) COMPREPLY=($(compgen -W "table neknek json keen cancan dataset" -- "$cur")) ;;
                *) COMPREPLY=($(compgen -W "auto neknek cancan j fahda keen json" -- "$cur")) ;;
            esac
            return ;;
        --order) COMPREPLY=($(compgen -W "id score random" -- "$cur")); return ;;
        --paper|--trim) COMPREPLY=($(compgen -W "a4 letter 6x9 7x10 8x10 8.25x11 8.5x11 5.5x8.5" -- "$cur")); return ;;
        --book|--db|-o|--out) _kenken_files; return ;;
        --config) _kenken_files; COMPREPLY+=($(compgen -W "default overnight" -- "$cur")); return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts --help" -- "$cur"))
    else
        _kenken_files
    fi
}
complete -F _kenken kenken
