/*
 * shim.h: the parts of libedit (BSD editline, readline-compatible API) the REPL uses: line
 * editing, history, completion. <editline/readline.h> needs <stdio.h> first.
 */
#ifndef SHOPFLOOR_CEDITLINE_SHIM_H
#define SHOPFLOOR_CEDITLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <locale.h>
#include <editline/readline.h>

/** The Swift side's completion: fills `out` with up to `max` malloc'd candidates, returns the count. */
typedef int (*sf_complete_fn)(const char *text, int start, int end, char **out, int max);

static sf_complete_fn sf_completer = NULL;

static inline char **sf_attempted_completion(const char *text, int start, int end) {
    rl_attempted_completion_over = 1; /* never fall back to file names */
    if (!sf_completer) return NULL;
    char *found[512];
    int n = sf_completer(text, start, end, found, 512);
    if (n <= 0) return NULL;
    char **matches = (char **)calloc((size_t)n + 2, sizeof(char *));
    if (!matches) return NULL;
    /* matches[0]: the longest common prefix, what the line is completed to. */
    size_t common = strlen(found[0]);
    for (int i = 1; i < n; i++) {
        size_t k = 0;
        while (k < common && found[i][k] == found[0][k]) k++;
        common = k;
    }
    matches[0] = strndup(found[0], common);
    for (int i = 0; i < n; i++) matches[i + 1] = found[i];
    matches[n + 1] = NULL;
    if (n == 1) {
        /* One candidate: substitute it, no trailing space after a table field. */
        free(matches[0]);
        matches[0] = matches[1];
        matches[1] = NULL;
    }
    return matches;
}

/** Installs the completion function and what separates words (not '.' or ':', so `bank.ta<TAB>` works). */
static inline void sf_editline_setup(sf_complete_fn fn) {
    setlocale(LC_CTYPE, "");
    sf_completer = fn;
    rl_readline_name = "shopfloor";
    rl_attempted_completion_function = sf_attempted_completion;
    rl_completion_append_character = '\0';
    rl_basic_word_break_characters = " \t\n\"\\'`@$><=;|&{(,+-*/%^~#[]";
    rl_completer_word_break_characters = (char *)rl_basic_word_break_characters;
}

#endif
