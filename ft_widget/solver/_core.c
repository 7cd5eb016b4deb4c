/* The solver's compiled search core: one best-first search over packed states.
 *
 * This is the same search as ``PureSearch`` in search.py, move for move: the same canonical
 * states (columns sorted as Python sorts ``zip(tableau, down)``), the same move order (that of
 * ``Model.moves``), the same score, the same order of expansion (highest score first, newest
 * first among equals) and the same turns of TURN expansions. tests/test_solver_core.py checks
 * that the two give identical answers, states and lines under ``max_states``.
 *
 * The rules are not copied here. The building table (card -> the cards it may go on) comes
 * from ft_widget.rules through the Model, and which cards fit home or are safe to send home (R4)
 * is asked of the Model's ``home_sets`` once per foundation layout met and cached as bitmasks.
 *
 * A state is stored once, packed: per column (in canonical order) its length and its cards,
 * the eight foundation heights (two to a byte), then without redeals the stock's length (the stock
 * is always a prefix of the first one) and the waste as a bit set over the cards dealt so far (see
 * ``univ``) or as a list, whichever is shorter, otherwise the waste (length, cards), the stock (length, cards) and the redeals left;
 * and last the face-down count of each column. Memory per state: its bytes plus 12 of bookkeeping
 * (offset, parent, move), 4 of queue and 11-21 of hash table (kept at most three quarters full).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXCOLS 16
#define MAXLEN 63
#define MAXPILE 127
#define MAXSTATE (MAXCOLS * (MAXLEN + 2) + 8 + 2 * (MAXPILE + 1) + 2)
/* Moves of one state, at most. Search_init checks what makes this a bound: every card at most
 * twice among the piles and the foundations (cards are only moved, so every later state keeps it),
 * at most 16 columns, and a building table in which a card goes on cards one rank higher, with at
 * most 4 cards to a row. Then a built run has at most 13 cards, a card is the top of at most 2
 * columns, and a state has at most: per non-empty column 1 + 13 * (4 * 2 + e) moves (e empty
 * columns, e <= 16 - nonempty: at most 1,890 over the columns), from the waste 1 + 8 + 16, and
 * with deal-and-play per stock card 1 + 8 + 16, at most 104 * 25 = 2,600: 4,515 in all. */
#define MAXMOVES 8192
#define MAXW 64 /* |weight| at most: the queue is sized for the scores such weights make */
#define BIG_BLOCK ((size_t)1 << 26) /* above 64 MB a buffer grows by a quarter, not double */
#define CORE_INTERFACE 7 /* search.CORE_INTERFACE: raise both when the arguments or the search change */

typedef struct {
    uint8_t len[MAXCOLS], down[MAXCOLS];
    uint8_t cards[MAXCOLS][MAXLEN + 1];
    uint8_t found[8];
    uint8_t wlen, slen, redeals;
    uint8_t waste[MAXPILE + 1], stock[MAXPILE + 1];
    uint64_t wbits[2]; /* without redeals, as decoded: the waste's places in univ (see Search) */
} State;

enum { RUNNING = 0, WON = 1, LOST = 2, FAILED = 3 };

/* A child of the state being expanded: where its encoding sits in kbuf, its hash, its score. */
struct Child {
    uint32_t at, len, h32;
    int v, won;
};

typedef struct {
    uint32_t *items;
    size_t n, cap;
} Bucket;

typedef struct {
    PyObject_HEAD
    int ncols, seq, stock_deal, prune, run_moves, keep_built, home_first, by_length, turn, key_down, has_down,
        deal_play;
    int dead_ends; /* R7: a state with a card blocked for good has no moves (Model.blocked) */
    int waste_safe;
    int w[7]; /* score weights: home, face down, waste, empty column, not built, above a lower card, stock */ /* may a safe waste top go home as the only move (ft_widget.rules.safe_from_waste) */
    int wid, sid, fid; /* the engine's pile numbers for waste, stock, foundations */
    uint8_t onto[52][4], nonto[52];
    uint8_t builton[52][52]; /* builton[under][c]: c may be built on under */
    uint8_t init_stock[MAXPILE + 1];
    int init_slen;
    /* Without redeals (by_length) a card reaches the waste only by a deal and leaves it only from
     * the top, so the waste is always a subsequence of univ: the first waste, then the stock's cards
     * in the order they are dealt (the first ``dealt`` of them: init_wlen + init_slen - slen). The
     * waste is stored as a bit set over univ, at the leftmost places that spell it (the greedy
     * match: one per waste, so equal wastes get equal keys even where univ holds both copies of a
     * card); nxt[i][c] is the first place at or after i holding c (255: none). */
    uint8_t univ[MAXPILE + 1];
    uint8_t nxt[MAXPILE + 2][52];
    int init_wlen, ulen;
    PyObject *home_sets;
    /* foundation layout -> (fit, safe) bitmasks over the 52 cards */
    uint64_t *fc_key, *fc_fit, *fc_safe;
    size_t fc_cap, fc_n;
    /* states */
    uint8_t *arena;
    size_t arena_len, arena_cap;
    uint32_t *off; /* n + 1 offsets (the arena stays under 4 GB) */
    uint32_t *parent, *move;
    size_t n, cap;
    uint64_t *table; /* open addressing: hash << 32 | (state index + 1), 0 = free */
    size_t tcap;
    Bucket *buckets; /* NBUCKETS of them */
    int top;         /* no bucket above it holds a state */
    size_t hn;       /* states in the queue */
    uint64_t expanded, generated; /* states expanded, children looked up */
    /* one expansion's children, encoded before any is looked up (see expand_one) */
    uint8_t *kbuf;
    size_t kbuf_cap;
    struct Child *kids;
    size_t kids_cap;
    int status;
    uint32_t won_idx;
    int inited, ready; /* __init__ ran (once only), and succeeded */
    int busy;          /* inside advance: a callback that calls advance again is refused */
    int qlo;           /* the queue's lowest score; its buckets cover every score the weights make */
    size_t nbuckets;
    size_t reserved;   /* bytes allocated for all of the above (capacities, not use) */
} Search;

/* ------------------------------------------------------------------ memory */

/* The next capacity for ``need`` elements: double, or by a quarter above BIG_BLOCK bytes, so that
 * what is reserved stays close to what is used (``reserved`` bounds the memory, see search.py). */
static size_t next_cap(size_t cap, size_t need, size_t elem) {
    size_t c = cap ? cap : 1024;
    while (c < need) c = c * elem < BIG_BLOCK ? c * 2 : c + c / 4;
    return c;
}

static int grow(Search *s, void **p, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap) return 0;
    size_t c = next_cap(*cap, need, elem);
    void *q = realloc(*p, c * elem);
    if (!q) { PyErr_NoMemory(); return -1; }
    s->reserved += (c - *cap) * elem;
    *p = q;
    *cap = c;
    return 0;
}

/* Two independent lanes of 8 bytes, so the multiplications of one overlap the other's. */
static inline uint64_t hash_bytes(const uint8_t *b, size_t n) {
    uint64_t h = 0x243F6A8885A308D3ull ^ n, g = 0x13198A2E03707344ull;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        uint64_t w, x;
        memcpy(&w, b + i, 8);
        memcpy(&x, b + i + 8, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        g = (g ^ x) * 0xC2B2AE3D27D4EB4Full;
        h ^= h >> 29;
        g ^= g >> 31;
    }
    uint64_t w = 0, x = 0;
    if (n - i > 8) {
        memcpy(&w, b + i, 8);
        memcpy(&x, b + i + 8, n - i - 8);
    } else {
        memcpy(&w, b + i, n - i);
    }
    h = (h ^ w ^ (g * 0x165667B19E3779F9ull)) * 0xBF58476D1CE4E5B9ull;
    h ^= x;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 32;
    return h;
}

/* ------------------------------------------------------------------ what Python passes */

/* A tuple of the items of ``seq`` (a new reference), or a TypeError saying ``what`` it should be.
 * Converting an item (its __index__) or iterating runs Python code, which may empty or shorten
 * a list being read: items are only read from such a snapshot, which no code can change. */
static PyObject *snapshot(PyObject *seq, const char *what) {
    if (PyTuple_Check(seq)) { Py_INCREF(seq); return seq; }
    if (PyList_Check(seq)) return PyList_AsTuple(seq);
    PyObject *it = PyObject_GetIter(seq);
    if (!it) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) PyErr_Format(PyExc_TypeError, "%s must be a sequence", what);
        return NULL;
    }
    PyObject *t = PySequence_Tuple(it);
    Py_DECREF(it);
    return t;
}

/* ------------------------------------------------------------------ foundations */

static int home_masks(Search *s, const uint8_t *found, uint64_t *fit, uint64_t *safe) {
    uint64_t key = 1ull << 63;
    for (int i = 0; i < 8; i++) key |= (uint64_t)found[i] << (4 * i);
    if (s->fc_n * 2 >= s->fc_cap) {
        size_t ncap = s->fc_cap ? s->fc_cap * 2 : 256;
        uint64_t *k = calloc(ncap, 8), *f = calloc(ncap, 8), *sf = calloc(ncap, 8);
        if (!k || !f || !sf) { free(k); free(f); free(sf); PyErr_NoMemory(); return -1; }
        for (size_t i = 0; i < s->fc_cap; i++) {
            if (!s->fc_key[i]) continue;
            size_t j = (s->fc_key[i] * 0x9E3779B97F4A7C15ull >> 20) & (ncap - 1);
            while (k[j]) j = (j + 1) & (ncap - 1);
            k[j] = s->fc_key[i]; f[j] = s->fc_fit[i]; sf[j] = s->fc_safe[i];
        }
        free(s->fc_key); free(s->fc_fit); free(s->fc_safe);
        s->reserved += (ncap - s->fc_cap) * 24;
        s->fc_key = k; s->fc_fit = f; s->fc_safe = sf; s->fc_cap = ncap;
    }
    size_t j = (key * 0x9E3779B97F4A7C15ull >> 20) & (s->fc_cap - 1);
    while (s->fc_key[j]) {
        if (s->fc_key[j] == key) { *fit = s->fc_fit[j]; *safe = s->fc_safe[j]; return 0; }
        j = (j + 1) & (s->fc_cap - 1);
    }
    /* Not seen yet: ask the Model (the one owner of the rules). */
    PyObject *t = PyTuple_New(8);
    if (!t) return -1;
    for (int i = 0; i < 8; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(found[i]));
    PyObject *r = PyObject_CallOneArg(s->home_sets, t);
    Py_DECREF(t);
    if (!r) return -1;
    uint64_t m[2] = {0, 0};
    if (!PyTuple_Check(r) || PyTuple_GET_SIZE(r) != 2) {
        Py_DECREF(r);
        PyErr_SetString(PyExc_TypeError, "home_sets must return (fit, safe)");
        return -1;
    }
    for (int w = 0; w < 2; w++) {
        PyObject *t = snapshot(PyTuple_GET_ITEM(r, w), w ? "home_sets' safe cards" : "home_sets' fitting cards");
        if (!t) { Py_DECREF(r); return -1; }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(t); i++) {
            long v = PyLong_AsLong(PyTuple_GET_ITEM(t, i));
            if (v < 0 || v >= 52) {
                Py_DECREF(t); Py_DECREF(r);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "card out of range");
                return -1;
            }
            m[w] |= 1ull << v;
        }
        Py_DECREF(t);
    }
    Py_DECREF(r);
    s->fc_key[j] = key; s->fc_fit[j] = m[0]; s->fc_safe[j] = m[1]; s->fc_n++;
    *fit = m[0]; *safe = m[1];
    return 0;
}

/* ------------------------------------------------------------------ states */

/* Python's order of (column tuple, down) pairs: cards compared in turn, a prefix first, then down. */
static inline int cmp_col(const State *st, int a, int b) {
    int la = st->len[a], lb = st->len[b], m = la < lb ? la : lb;
    const uint8_t *x = st->cards[a], *y = st->cards[b];
    if (m && x[0] != y[0]) return (int)x[0] - (int)y[0]; /* nearly always settled by the bottom card */
    for (int i = 0; i < m; i++)
        if (x[i] != y[i]) return (int)x[i] - (int)y[i];
    if (la != lb) return la - lb;
    return (int)st->down[a] - (int)st->down[b];
}

/* Copy ``n`` bytes in 16-byte blocks: the rows of a State have room for it, and so does every
 * buffer encode writes to (SLACK bytes past its end). Columns are short: a fixed-size copy is
 * cheaper than memcpy's call for a handful of bytes. */
#define SLACK 16
static inline void copy16(uint8_t *to, const uint8_t *from, int n) {
    for (int o = 0; o < n; o += 16) memcpy(to + o, from + o, 16);
}

/* Does column ``c`` still sit between its neighbours in the column order? */
static inline int in_place(const State *st, int n, int c) {
    return (c <= 0 || cmp_col(st, c - 1, c) <= 0) && (c >= n - 1 || cmp_col(st, c, c + 1) <= 0);
}

/* Pack ``st`` into ``out``. ``st`` is a child of a state whose columns were in canonical order and
 * differs from it only in columns ``c1`` and ``c2`` (-1: none): when those still sit between their
 * neighbours the order stands, as every other neighbouring pair is unchanged; otherwise (or with
 * ``c1`` = -2: any order) the columns are sorted. */
static inline size_t encode(const Search *s, const State *st, uint8_t *out, int c1, int c2,
                            const uint64_t *pbits, int pwlen) {
    int order[MAXCOLS];
    int n = s->ncols;
    for (int i = 0; i < n; i++) order[i] = i;
    if (s->prune && (c1 == -2 || (c1 >= 0 && !in_place(st, n, c1)) || (c2 >= 0 && !in_place(st, n, c2)))) {
        /* R1: columns sorted; the parent's were, so this is nearly in order */
        for (int i = 1; i < n; i++) {
            int x = order[i], j = i - 1;
            while (j >= 0 && cmp_col(st, order[j], x) > 0) { order[j + 1] = order[j]; j--; }
            order[j + 1] = x;
        }
    }
    uint8_t *p = out;
    for (int q = 0; q < n; q++) {
        int i = order[q];
        *p++ = st->len[i];
        copy16(p, st->cards[i], st->len[i]);
        p += st->len[i];
    }
    for (int i = 0; i < 4; i++) *p++ = (uint8_t)(st->found[2 * i] | st->found[2 * i + 1] << 4);
    if (s->by_length) {
        /* the stock's length (under 128), then the waste as a bit set over the cards dealt so far
         * (univ), (dealt + 7) / 8 bytes, at most 16, when that is shorter than the waste as a list
         * (its length and a byte a card; the stock's length then has its top bit clear). Either
         * form is a function of the waste alone, so equal states still get equal keys. */
        int dealt = s->init_wlen + s->init_slen - st->slen, nb = (dealt + 7) / 8;
        /* A move changes only the waste's top: it takes the top card (the parent's waste less its
         * last card) or deals cards on it (the parent's waste and more). The greedy match of a
         * waste's first m cards is the first m places of its own greedy match, so the child
         * keeps the parent's places (``pbits``, ``pwlen`` cards) for the cards they share and
         * matches only the rest, from the place after the last kept. */
        uint64_t b[2] = {pbits[0], pbits[1]};
        int m = pwlen < st->wlen ? pwlen : st->wlen;
        for (int c = pwlen; c > m; c--) { /* drop the last place */
            if (b[1]) b[1] &= ~(1ull << (63 - __builtin_clzll(b[1])));
            else b[0] &= ~(1ull << (63 - __builtin_clzll(b[0])));
        }
        int at = b[1] ? 128 - __builtin_clzll(b[1]) : b[0] ? 64 - __builtin_clzll(b[0]) : 0;
        for (int q = m; q < st->wlen; q++) {
            int j = s->nxt[at][st->waste[q]];
            if (j >= dealt) return 0; /* not a subsequence of univ: cannot happen (see univ) */
            b[j >> 6] |= 1ull << (j & 63);
            at = j + 1;
        }
        if (nb < 1 + st->wlen) {
            *p++ = (uint8_t)(st->slen | 128);
            for (int k = 0; k < nb; k++) p[k] = (uint8_t)(b[k >> 3] >> (8 * (k & 7)));
            p += nb;
        } else {
            *p++ = st->slen;
            *p++ = st->wlen;
            copy16(p, st->waste, st->wlen);
            p += st->wlen;
        }
    } else {
        *p++ = st->wlen;
        copy16(p, st->waste, st->wlen);
        p += st->wlen;
        *p++ = st->slen;
        copy16(p, st->stock, st->slen);
        p += st->slen;
        *p++ = st->redeals;
    }
    /* face-down counts last, in the games that have them: in the one-card games they are not
     * part of the key (see commit) */
    if (s->has_down)
        for (int q = 0; q < n; q++) *p++ = st->down[order[q]];
    return (size_t)(p - out);
}

static void decode(const Search *s, const uint8_t *p, State *st) {
    for (int i = 0; i < s->ncols; i++) {
        st->len[i] = *p++;
        memcpy(st->cards[i], p, st->len[i]);
        p += st->len[i];
    }
    for (int i = 0; i < 4; i++, p++) {
        st->found[2 * i] = *p & 15;
        st->found[2 * i + 1] = *p >> 4;
    }
    if (s->by_length) {
        int bits = *p & 128;
        st->slen = *p++ & 127;
        st->wbits[0] = st->wbits[1] = 0;
        if (bits) {
            int nb = (s->init_wlen + s->init_slen - st->slen + 7) / 8, w = 0;
            for (int b = 0; b < nb; b++) {
                st->wbits[b >> 3] |= (uint64_t)p[b] << (8 * (b & 7));
                for (unsigned x = p[b]; x; x &= x - 1) st->waste[w++] = s->univ[8 * b + __builtin_ctz(x)];
            }
            st->wlen = (uint8_t)w;
            p += nb;
        } else { /* the list; its places, for the children (encode), by the greedy match */
            st->wlen = *p++;
            memcpy(st->waste, p, st->wlen);
            p += st->wlen;
            for (int q = 0, at = 0; q < st->wlen; q++) {
                int j = s->nxt[at][st->waste[q]]; /* matched when it was stored: never 255 */
                if (j > MAXPILE) break;
                st->wbits[j >> 6] |= 1ull << (j & 63);
                at = j + 1;
            }
        }
        memcpy(st->stock, s->init_stock, st->slen);
        st->redeals = 0;
    } else {
        st->wlen = *p++;
        memcpy(st->waste, p, st->wlen);
        p += st->wlen;
        st->slen = *p++;
        memcpy(st->stock, p, st->slen);
        p += st->slen;
        st->redeals = *p++;
    }
    for (int i = 0; i < s->ncols; i++) st->down[i] = s->has_down ? *p++ : 0;
}

/* The score of docs/solver.md: column part (``evaluator`` in search.py). */
static inline int column_value(const Search *s, const uint8_t *col, int len) {
    if (!len) return s->w[3];
    int v = 0, low = col[0] % 13;
    for (int k = 1; k < len; k++) {
        int c = col[k];
        if (!s->builton[col[k - 1]][c]) v += s->w[4];
        if (c % 13 > low) v += s->w[5];
        else low = c % 13;
    }
    return v;
}

static int state_value(const Search *s, const State *st) {
    int v = 0;
    for (int i = 0; i < 8; i++) v += s->w[0] * st->found[i];
    for (int i = 0; i < s->ncols; i++) v += s->w[1] * st->down[i] + column_value(s, st->cards[i], st->len[i]);
    return v + s->w[2] * st->wlen + s->w[6] * st->slen;
}

/* Room for ``need`` states in the per-state arrays (off has one entry more). */
static int ensure_states(Search *s, size_t need) {
    if (need <= s->cap) return 0;
    size_t c = next_cap(s->cap, need, 4);
    void *q;
    if (!(q = realloc(s->parent, c * 4))) goto fail;
    s->parent = q;
    if (!(q = realloc(s->move, c * 4))) goto fail;
    s->move = q;
    if (!(q = realloc(s->off, (c + 1) * 4))) goto fail;
    s->off = q;
    s->reserved += (c - s->cap) * 12;
    s->cap = c;
    return 0;
fail:
    PyErr_NoMemory();
    return -1;
}

/* The key: everything, or without the face-down counts where they change no move (key_down 0) */
static inline size_t key_len(const Search *s, size_t len) {
    return (s->key_down || !s->has_down) ? len : len - s->ncols;
}

/* Add the state encoded at ``b`` (``len`` bytes, its key hashed to ``h32``) if it is new, copying it
 * to the end of the arena. Returns its index + 1, 0 if seen, -1 on error. */
static long commit(Search *s, const uint8_t *b, size_t len, uint32_t h32, uint32_t parent, uint32_t mv) {
    size_t klen = key_len(s, len);
    size_t mask = s->tcap - 1, j = h32 & mask;
    uint64_t t;
    while ((t = s->table[j])) {
        if ((uint32_t)(t >> 32) == h32) {
            uint32_t i = (uint32_t)t - 1;
            if (s->off[i + 1] - s->off[i] == len && !memcmp(s->arena + s->off[i], b, klen)) return 0;
        }
        j = (j + 1) & mask;
    }
    if (s->n + 1 > s->cap && ensure_states(s, s->n + 1)) return -1;
    if (s->arena_len + len > UINT32_MAX) {
        PyErr_SetString(PyExc_MemoryError, "the search's states outgrew 4 GB");
        return -1;
    }
    if (grow(s, (void **)&s->arena, &s->arena_cap, s->arena_len + len, 1)) return -1;
    if (b != s->arena + s->arena_len) memcpy(s->arena + s->arena_len, b, len);
    uint32_t idx = (uint32_t)s->n++;
    s->parent[idx] = parent;
    s->move[idx] = mv;
    s->arena_len += len;
    s->off[idx + 1] = s->arena_len;
    s->table[j] = (uint64_t)h32 << 32 | (idx + 1);
    if (s->n * 4 > s->tcap * 3) { /* at most three quarters full: probe runs stay short (most
                                    * sit in one cache line) and the table costs 11-21 bytes a state */
        size_t nc = s->tcap * 2;
        uint64_t *nt = calloc(nc, 8);
        if (!nt) { PyErr_NoMemory(); return -1; }
        for (size_t i = 0; i < s->tcap; i++) {
            uint64_t e = s->table[i];
            if (!e) continue;
            size_t k = (e >> 32) & (nc - 1); /* a slot's place comes from the hash it keeps */
            while (nt[k]) k = (k + 1) & (nc - 1);
            nt[k] = e;
        }
        free(s->table);
        s->reserved += (nc - s->tcap) * 8;
        s->table = nt;
        s->tcap = nc;
    }
    return (long)idx + 1;
}

/* The queue: one LIFO stack of state indices per score. States are numbered as they are met and
 * pushed once, when met, so the top of a stack is its newest state: popping the top of the highest
 * stack gives exactly the order of search.py's heap (highest score first, newest first among
 * equals), in O(1) and touching only the top of one stack. There is a stack for every score the
 * weights can make (score_bound). */

static int queue_push(Search *s, int value, uint32_t idx) {
    long b = (long)value - s->qlo;
    if (b < 0 || (size_t)b >= s->nbuckets) { /* cannot happen: Search_init sized the queue */
        PyErr_Format(PyExc_SystemError, "score %d out of the queue's range", value);
        return -1;
    }
    Bucket *k = &s->buckets[b];
    if (grow(s, (void **)&k->items, &k->cap, k->n + 1, 4)) return -1;
    k->items[k->n++] = idx;
    s->hn++;
    if (b > s->top) s->top = b;
    return 0;
}

static uint32_t queue_pop(Search *s) {
    while (!s->buckets[s->top].n) s->top--;
    Bucket *k = &s->buckets[s->top];
    s->hn--;
    return k->items[--k->n];
}

/* ------------------------------------------------------------------ moves (Model.moves, same order) */

#define MV(a, b, k) ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(k) << 16))

/* R7 (Model.blocked, whose docstring has the argument): is some card blocked for good? The largest
 * closed set of cards, kept as a count per pile (its cards are always a pile's bottom ones), is
 * found by dropping each card that could move given the rest until nothing changes. The largest
 * closed set does not depend on the order of the drops, so this finds Model.blocked's answer. */
static int may_go_home(int c, const uint8_t *found, const int *out, const int *inset) {
    int r = c % 13, su = c / 13;
    for (int p = 0; p < 2; p++) {
        int h = found[2 * su + p], ok = h <= r;
        for (int q = h; ok && q < r; q++) ok = out[13 * su + q] > inset[13 * su + q];
        if (ok) return 1;
    }
    return 0;
}

static int blocked(const Search *s, const State *st) {
    int n = s->ncols;
    for (int i = 0; i < n; i++)
        if (!st->len[i]) return 0; /* every top card could go there, and then every card */
    int np = n + (st->redeals == 0); /* a redeal moves the whole waste: then it is never held */
    const uint8_t *pc[MAXCOLS + 1];
    int held[MAXCOLS + 1], out[52] = {0}, inset[52] = {0};
    uint8_t loose[52] = {0}; /* in the stock (or a waste that will be redealt): never held */
    for (int i = 0; i < n; i++) { pc[i] = st->cards[i]; held[i] = st->len[i]; }
    if (np > n) { pc[n] = st->waste; held[n] = st->wlen; }
    for (int i = 0; i < np; i++)
        for (int k = 0; k < held[i]; k++) { out[pc[i][k]]++; inset[pc[i][k]]++; }
    for (int k = 0; k < st->slen; k++) { out[st->stock[k]]++; loose[st->stock[k]] = 1; }
    if (np == n)
        for (int k = 0; k < st->wlen; k++) { out[st->waste[k]]++; loose[st->waste[k]] = 1; }
    for (int changed = 1; changed;) {
        changed = 0;
        int empty = 0;
        for (int i = 0; i < n; i++) empty |= !held[i];
        uint8_t tops[52];
        memcpy(tops, loose, sizeof tops);
        for (int i = 0; i < np; i++)
            for (int k = held[i] ? held[i] - 1 : 0; k < (i < n ? st->len[i] : st->wlen); k++) tops[pc[i][k]] = 1;
        for (int i = 0; i < np; i++) {
            while (held[i]) {
                int c = pc[i][held[i] - 1], ok = empty;
                for (int o = 0; !ok && o < s->nonto[c]; o++) ok = tops[s->onto[c][o]];
                if (!ok && !may_go_home(c, st->found, out, inset)) break;
                held[i]--;
                inset[c]--;
                changed = 1;
            }
        }
    }
    for (int i = 0; i < np; i++)
        if (held[i]) return 1;
    return 0;
}

static int gen_moves(const Search *s, const State *st, uint64_t fit, uint64_t safe, uint32_t *out) {
    int n = s->ncols, m = 0;
    if (s->dead_ends && blocked(s, st)) return 0; /* R7 */
    if (safe) {
        for (int i = 0; i < n; i++)
            if (st->len[i] && (safe >> st->cards[i][st->len[i] - 1] & 1)) { out[0] = MV(i, s->fid, 1); return 1; }
        if (st->wlen && s->waste_safe && (safe >> st->waste[st->wlen - 1] & 1)) {
            out[0] = MV(s->wid, s->fid, 1);
            return 1;
        }
    }
    if (s->home_first) { /* H2 */
        for (int i = 0; i < n; i++)
            if (st->len[i] && (fit >> st->cards[i][st->len[i] - 1] & 1)) { out[0] = MV(i, s->fid, 1); return 1; }
        if (st->wlen && (fit >> st->waste[st->wlen - 1] & 1)) { out[0] = MV(s->wid, s->fid, 1); return 1; }
    }
    /* tops: for each card, the columns (ascending) whose top it is */
    int8_t head[52], next[MAXCOLS];
    memset(head, -1, sizeof head);
    int empties[MAXCOLS], ne = 0;
    for (int j = n - 1; j >= 0; j--) {
        if (st->len[j]) {
            int t = st->cards[j][st->len[j] - 1];
            next[j] = head[t];
            head[t] = (int8_t)j;
        }
    }
    for (int j = 0; j < n; j++)
        if (!st->len[j]) empties[ne++] = j;
    int seq = s->seq;
    long cap_onto = s->run_moves ? (1L << ne) : 1;
    long cap_empty = (s->run_moves && ne) ? (1L << (ne - 1)) : 1;
    if (s->prune && ne) ne = 1; /* R2 */
    for (int i = 0; i < n; i++) {
        int len = st->len[i];
        if (!len) continue;
        int lo = st->down[i];
        const uint8_t *col = st->cards[i];
        int c = col[len - 1];
        if (fit >> c & 1) out[m++] = MV(i, s->fid, 1);
        int k = 1, deepest = c;
        for (;;) {
            int under = (len - k - 1 >= lo) ? col[len - k - 1] : -1;
            int built = under >= 0 && s->builton[under][deepest];
            if (!(s->keep_built && built && !(fit >> under & 1))) { /* H1 */
                for (int o = 0; o < s->nonto[deepest]; o++)
                    for (int j = head[s->onto[deepest][o]]; j >= 0; j = next[j]) out[m++] = MV(i, j, k);
                if (!(s->prune && k == len) && (seq || k <= cap_empty)) /* R3 */
                    for (int e = 0; e < ne; e++) out[m++] = MV(i, empties[e], k);
            }
            if (!built || !(seq || k < cap_onto)) break;
            k++;
            deepest = under;
        }
    }
    if (st->wlen) {
        int c = st->waste[st->wlen - 1];
        if (fit >> c & 1) out[m++] = MV(s->wid, s->fid, 1);
        for (int o = 0; o < s->nonto[c]; o++)
            for (int j = head[s->onto[c][o]]; j >= 0; j = next[j]) out[m++] = MV(s->wid, j, 1);
        for (int e = 0; e < ne; e++) out[m++] = MV(s->wid, empties[e], 1);
    }
    if (st->slen && s->deal_play) { /* R6: deal i cards and play the i-th */
        for (int i = 1; i <= st->slen; i++) {
            int c = st->stock[st->slen - i];
            if (s->waste_safe && (safe >> c & 1)) { out[m++] = MV(s->sid, s->fid, i); break; } /* R4 */
            if (fit >> c & 1) out[m++] = MV(s->sid, s->fid, i);
            for (int o = 0; o < s->nonto[c]; o++)
                for (int j = head[s->onto[c][o]]; j >= 0; j = next[j]) out[m++] = MV(s->sid, j, i);
            for (int e = 0; e < ne; e++) out[m++] = MV(s->sid, empties[e], i);
        }
    } else if (st->slen) out[m++] = MV(s->sid, s->wid, 1);
    else if (st->wlen && st->redeals) out[m++] = MV(s->wid, s->sid, 1);
    return m;
}

/* Play ``mv`` on ``st`` in place (Model.apply). */
static inline void apply_move(const Search *s, State *st, uint32_t mv) {
    int src = mv & 255, dst = (mv >> 8) & 255, k = mv >> 16;
    if (src == s->sid) {
        if (dst != s->wid) { /* R6: deal k cards, then play the last of them as a waste move */
            for (int q = 0; q < k; q++) st->waste[st->wlen++] = st->stock[--st->slen];
            src = s->wid;
            k = 1;
        } else {
            int d = s->stock_deal < st->slen ? s->stock_deal : st->slen;
            for (int q = 0; q < d; q++) st->waste[st->wlen++] = st->stock[--st->slen];
            return;
        }
    }
    if (dst == s->sid) {
        for (int q = 0; q < st->wlen; q++) st->stock[q] = st->waste[st->wlen - 1 - q];
        st->slen = st->wlen;
        st->wlen = 0;
        st->redeals--;
        return;
    }
    const uint8_t *cards;
    if (src == s->wid) {
        cards = &st->waste[--st->wlen];
    } else {
        st->len[src] -= k;
        cards = &st->cards[src][st->len[src]];
        if (st->len[src] && st->len[src] == st->down[src]) st->down[src]--;
    }
    if (dst == s->fid) {
        int c = cards[0], r = c % 13, s2 = 2 * (c / 13);
        if (st->found[s2] == r) st->found[s2] = r + 1;
        else st->found[s2 + 1] = r + 1;
    } else {
        memcpy(&st->cards[dst][st->len[dst]], cards, k);
        st->len[dst] += k;
    }
}

/* ------------------------------------------------------------------ the search */

/* Room for ``n`` children of ``MAXSTATE`` bytes at most each. */
static int ensure_kids(Search *s, size_t n) {
    if (grow(s, (void **)&s->kbuf, &s->kbuf_cap, n * MAXSTATE + SLACK, 1)) return -1;
    return grow(s, (void **)&s->kids, &s->kids_cap, n, sizeof(struct Child));
}

/* Expand the best state. Its children are looked up in the order Model.moves makes them, as in
 * search.py, but in passes: first all are played, encoded and hashed and their table slots
 * prefetched; then the slots are read and the stored states they name are prefetched; only then
 * is each child committed. A large table and arena miss the cache on nearly every lookup, and
 * most children are states already met (one in two to four is new), so overlapping those misses
 * is most of a lookup's cost. The commits, and so the search, are exactly those of one pass. */
static int expand_one(Search *s) {
    uint32_t idx = queue_pop(s);
    State st;
    decode(s, s->arena + s->off[idx], &st);
    uint64_t fit, safe;
    if (home_masks(s, st.found, &fit, &safe)) return -1;
    uint32_t moves[MAXMOVES]; /* on the stack: a callback in home_masks may let another thread's search run */
    int nm = gen_moves(s, &st, fit, safe, moves);
    if (ensure_kids(s, (size_t)nm)) return -1;
    s->generated += (uint64_t)nm;
    int cv[MAXCOLS], cvsum = 0, base = s->w[2] * st.wlen + s->w[6] * st.slen;
    for (int i = 0; i < 8; i++) base += s->w[0] * st.found[i];
    for (int i = 0; i < s->ncols; i++) {
        cv[i] = column_value(s, st.cards[i], st.len[i]);
        cvsum += cv[i];
        base += s->w[1] * st.down[i];
    }
    int home = 0;
    for (int i = 0; i < 8; i++) home += st.found[i];
    size_t mask = s->tcap - 1, at = 0;
    /* pass 1: play, encode, hash, score; prefetch the table slot */
    for (int q = 0; q < nm; q++) {
        uint32_t mv = moves[q];
        int src = mv & 255, dst = (mv >> 8) & 255;
        /* what apply_move changes, to put it back */
        uint8_t slen_src = src < s->ncols ? st.len[src] : 0, sdown = src < s->ncols ? st.down[src] : 0;
        uint8_t dlen = dst < s->ncols ? st.len[dst] : 0;
        uint8_t found[8];
        memcpy(found, st.found, 8);
        uint8_t wlen = st.wlen, slen = st.slen, redeals = st.redeals;
        apply_move(s, &st, mv);
        struct Child *k = &s->kids[q];
        size_t len = encode(s, &st, s->kbuf + at, src < s->ncols ? src : -1, dst < s->ncols ? dst : -1,
                            st.wbits, wlen);
        if (!len) { PyErr_SetString(PyExc_SystemError, "a waste the core cannot store"); return -1; }
        k->at = (uint32_t)at;
        k->len = (uint32_t)len;
        k->h32 = (uint32_t)hash_bytes(s->kbuf + at, key_len(s, len));
        at += len;
        __builtin_prefetch(&s->table[k->h32 & mask]);
        k->won = dst == s->fid && home == 103;
        if ((src == s->sid && dst == s->wid) || dst == s->sid) {
            k->v = base + cvsum + s->w[2] * (st.wlen - wlen) + s->w[6] * (st.slen - slen);
        } else {
            int dv = 0, dd = 0;
            for (int i = 0; i < 8; i++) dv += s->w[0] * (st.found[i] - found[i]);
            if (src < s->ncols) {
                dv += column_value(s, st.cards[src], st.len[src]) - cv[src];
                dd += st.down[src] - sdown;
            }
            if (dst < s->ncols) dv += column_value(s, st.cards[dst], st.len[dst]) - cv[dst];
            k->v = base + cvsum + dv + s->w[1] * dd + s->w[2] * (st.wlen - wlen) + s->w[6] * (st.slen - slen);
        }
        /* undo */
        if (src < s->ncols) { st.len[src] = slen_src; st.down[src] = sdown; }
        if (dst < s->ncols) st.len[dst] = dlen;
        memcpy(st.found, found, 8);
        st.wlen = wlen;
        st.slen = slen;
        st.redeals = redeals;
    }
    /* pass 2: the first state of a matching tag in each child's slot run: prefetch its bytes */
    for (int q = 0; q < nm; q++) {
        uint32_t h32 = s->kids[q].h32;
        uint64_t t;
        for (size_t j = h32 & mask; (t = s->table[j]); j = (j + 1) & mask)
            if ((uint32_t)(t >> 32) == h32) {
                uint32_t i = (uint32_t)t - 1;
                __builtin_prefetch(s->arena + s->off[i]);
                break;
            }
    }
    /* pass 3: commit in order */
    for (int q = 0; q < nm; q++) {
        struct Child *k = &s->kids[q];
        long r = commit(s, s->kbuf + k->at, k->len, k->h32, idx, moves[q]);
        if (r < 0) return -1;
        if (r > 0) {
            if (k->won) { s->status = WON; s->won_idx = (uint32_t)(r - 1); return 0; }
            if (queue_push(s, k->v, (uint32_t)(r - 1))) return -1;
        }
    }
    return 0;
}

/* A search that failed once (an allocation, a callback's exception) may have popped a state it
 * did not expand, or stored a child it did not queue: were it to go on, its queue could run dry
 * with states left unexpanded, an unsound "lost". So the failure is latched: it never goes on. */
static PyObject *Search_advance(Search *s, PyObject *arg) {
    long turns = PyLong_AsLong(arg);
    if (turns == -1 && PyErr_Occurred()) return NULL;
    if (!s->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Search was not initialised (its __init__ failed or was not called)");
        return NULL;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "Search.advance called again while it runs (from a callback)");
        return NULL;
    }
    if (s->status == FAILED) {
        PyErr_SetString(PyExc_RuntimeError, "this search failed earlier and cannot go on");
        return NULL;
    }
    s->busy = 1;
    while (s->status == RUNNING) {
        if (!s->hn) { s->status = LOST; break; }
        if (expand_one(s)) { s->status = FAILED; s->busy = 0; return NULL; }
        if (s->status != RUNNING) break;
        if (++s->expanded % (uint64_t)s->turn == 0 && --turns <= 0) break;
    }
    s->busy = 0;
    return PyLong_FromLong(s->status);
}

static PyObject *Search_line(Search *s, PyObject *Py_UNUSED(ignored)) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    if (s->status != WON) return out;
    for (uint32_t i = s->won_idx; i; i = s->parent[i]) {
        uint32_t mv = s->move[i];
        PyObject *t = Py_BuildValue("(iii)", mv & 255, (mv >> 8) & 255, mv >> 16);
        if (!t || PyList_Append(out, t)) { Py_XDECREF(t); Py_DECREF(out); return NULL; }
        Py_DECREF(t);
    }
    if (PyList_Reverse(out)) { Py_DECREF(out); return NULL; }
    return out;
}

static PyObject *Search_get_states(Search *s, void *c) { return PyLong_FromSize_t(s->n); }
static PyObject *Search_get_status(Search *s, void *c) { return PyLong_FromLong(s->status); }
static PyObject *Search_get_nbytes(Search *s, void *c) {
    /* bytes in use (not capacity): what a state costs */
    size_t b = s->arena_len + s->n * (4 + 4 + 4) + s->hn * 4 + s->tcap * 8 + s->fc_cap * 24;
    return PyLong_FromSize_t(b);
}
static PyObject *Search_get_reserved(Search *s, void *c) { return PyLong_FromSize_t(s->reserved); }
static PyObject *Search_get_table_bytes(Search *s, void *c) { return PyLong_FromSize_t(s->tcap * 8); }
static PyObject *Search_get_expanded(Search *s, void *c) { return PyLong_FromUnsignedLongLong(s->expanded); }
static PyObject *Search_get_generated(Search *s, void *c) { return PyLong_FromUnsignedLongLong(s->generated); }

static void Search_dealloc(Search *s) {
    free(s->fc_key); free(s->fc_fit); free(s->fc_safe);
    free(s->arena); free(s->off); free(s->kbuf); free(s->kids); free(s->parent); free(s->move);
    free(s->table);
    if (s->buckets)
        for (size_t b = 0; b < s->nbuckets; b++) free(s->buckets[b].items);
    free(s->buckets);
    Py_XDECREF(s->home_sets);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int read_cards(PyObject *seq, uint8_t *out, int max, const char *what) {
    PyObject *f = snapshot(seq, what);
    if (!f) return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(f);
    if (n > max) { Py_DECREF(f); PyErr_Format(PyExc_ValueError, "%s too long for the core (at most %d cards)", what, max); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(f, i));
        if (v < 0 || v >= 52) {
            Py_DECREF(f);
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: card out of range 0..51", what);
            return -1;
        }
        out[i] = (uint8_t)v;
    }
    Py_DECREF(f);
    return (int)n;
}

/* The columns and their face-down counts, from snapshots (tuples) of both, into ``st``. */
static int read_tableau(Search *s, State *st, PyObject *tab, PyObject *down, const int *pid) {
    Py_ssize_t nc = PyTuple_GET_SIZE(tab);
    if (nc != PyTuple_GET_SIZE(down)) { PyErr_SetString(PyExc_ValueError, "down: one count per column"); return -1; }
    if (nc > MAXCOLS) { PyErr_Format(PyExc_ValueError, "too many columns for the core (at most %d)", MAXCOLS); return -1; }
    for (int i = 0; i < 3; i++)
        if (pid[i] < nc) { PyErr_SetString(PyExc_ValueError, "pile numbers must not name a column"); return -1; }
    s->ncols = (int)nc;
    for (Py_ssize_t i = 0; i < nc; i++) {
        /* a column grows only by cards built down one rank on its top (at most 12 on a card) or
         * on an empty column (13): one of MAXLEN - 13 cards stays within MAXLEN */
        int k = read_cards(PyTuple_GET_ITEM(tab, i), st->cards[i], MAXLEN - 13, "column");
        if (k < 0) return -1;
        long dv = PyLong_AsLong(PyTuple_GET_ITEM(down, i));
        if (dv == -1 && PyErr_Occurred()) return -1;
        if (dv < 0 || (k && dv >= k) || (!k && dv)) { PyErr_SetString(PyExc_ValueError, "face-down count out of the core's range"); return -1; }
        st->len[i] = (uint8_t)k;
        st->down[i] = (uint8_t)dv;
        if (dv) s->has_down = 1; /* cards never turn face down: without any now, none ever */
    }
    return 0;
}

/* An int within lo..hi, else a ValueError naming it (never an OverflowError, whatever its size). */
static int read_int(PyObject *o, long lo, long hi, const char *what, int *out) {
    int overflow = 0;
    long v = PyLong_Check(o) ? PyLong_AsLongAndOverflow(o, &overflow) : -1;
    if (!PyLong_Check(o)) { PyErr_Format(PyExc_TypeError, "%s must be an int", what); return -1; }
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) { PyErr_Format(PyExc_ValueError, "%s must be within %ld..%ld", what, lo, hi); return -1; }
    *out = (int)v;
    return 0;
}

/* The largest |score| any state can have (state_value): at most 104 cards home, at most 104 cards
 * out, each out card counting as waste, stock, or a column card face down, not built and above a
 * lower card at once, and at most MAXCOLS empty columns. */
static long score_bound(const int *w) {
    long out = labs((long)w[2]);
    if (labs((long)w[6]) > out) out = labs((long)w[6]);
    long col = labs((long)w[1]) + labs((long)w[4]) + labs((long)w[5]);
    if (col > out) out = col;
    return 104 * labs((long)w[0]) + 104 * out + MAXCOLS * labs((long)w[3]);
}

/* Search(onto, home_sets, flags, weights, piles, start)
 *   onto: 52 sequences, the cards each card may be built on (ft_widget.rules, via the Model)
 *   flags: (sequences, stock_deal, prune, run_moves, keep_built, home_first, stock_by_length, turn,
 *           key_has_down, waste_safe, deal_and_play, dead_ends)
 *   weights: the score's seven weights (search.py's evaluator), each within -MAXW..MAXW
 *   piles: (waste, stock, foundation) pile numbers
 *   start: (tableau, down, found, waste, stock, redeals) as Model.from_game gives it
 * Every argument is checked here, so that nothing the search does later can write past a buffer
 * (see MAXMOVES, MAXLEN) or leave the queue's range: a bad one is a ValueError or TypeError. */
static int Search_init(Search *s, PyObject *args, PyObject *kw) {
    if (s->inited) { PyErr_SetString(PyExc_RuntimeError, "Search is initialised once"); return -1; }
    s->inited = 1; /* even if what follows fails: a half-built search is never used (ready = 0) */
    PyObject *onto, *home_sets, *flags, *weights, *piles, *start;
    if (kw && PyDict_GET_SIZE(kw)) { PyErr_SetString(PyExc_TypeError, "Search takes no keyword arguments"); return -1; }
    if (!PyArg_ParseTuple(args, "OOOOOO", &onto, &home_sets, &flags, &weights, &piles, &start)) return -1;
    if (!PyCallable_Check(home_sets)) { PyErr_SetString(PyExc_TypeError, "home_sets must be callable"); return -1; }
    if (!PyTuple_Check(flags) || PyTuple_GET_SIZE(flags) != 12) { PyErr_SetString(PyExc_TypeError, "flags: a tuple of 12 ints"); return -1; }
    if (!PyTuple_Check(weights) || PyTuple_GET_SIZE(weights) != 7) { PyErr_SetString(PyExc_TypeError, "weights: a tuple of 7 ints"); return -1; }
    if (!PyTuple_Check(piles) || PyTuple_GET_SIZE(piles) != 3) { PyErr_SetString(PyExc_TypeError, "piles: a tuple of 3 ints (waste, stock, foundation)"); return -1; }
    static const char *flag_names[12] = {"sequences", "stock_deal", "prune", "run_moves", "keep_built", "home_first",
                                         "stock_by_length", "turn", "key_has_down", "waste_safe", "deal_and_play",
                                         "dead_ends"};
    int f[12];
    for (int i = 0; i < 12; i++) {
        long hi = i == 1 ? 255 : i == 7 ? 1 << 20 : 1; /* stock_deal 1..255, turn 1.., the rest 0/1 */
        long lo = (i == 1 || i == 7) ? 1 : 0;
        if (read_int(PyTuple_GET_ITEM(flags, i), lo, hi, flag_names[i], &f[i])) return -1;
    }
    int w[7];
    for (int i = 0; i < 7; i++)
        if (read_int(PyTuple_GET_ITEM(weights, i), -MAXW, MAXW, "a weight", &w[i])) return -1;
    int pid[3];
    for (int i = 0; i < 3; i++)
        if (read_int(PyTuple_GET_ITEM(piles, i), 0, 255, "a pile number", &pid[i])) return -1;
    if (pid[0] == pid[1] || pid[0] == pid[2] || pid[1] == pid[2]) {
        PyErr_SetString(PyExc_ValueError, "the waste, stock and foundation pile numbers must differ");
        return -1;
    }
    s->seq = f[0]; s->stock_deal = f[1]; s->prune = f[2]; s->run_moves = f[3]; s->keep_built = f[4];
    s->home_first = f[5]; s->by_length = f[6]; s->turn = f[7]; s->key_down = f[8]; s->waste_safe = f[9];
    s->deal_play = f[10];
    s->dead_ends = f[11];
    memcpy(s->w, w, sizeof w);
    s->wid = pid[0]; s->sid = pid[1]; s->fid = pid[2];
    Py_INCREF(home_sets);
    s->home_sets = home_sets;
    /* the building table: a card goes on at most 4 distinct cards, each one rank higher */
    PyObject *of = snapshot(onto, "onto");
    if (!of) return -1;
    if (PyTuple_GET_SIZE(of) != 52) { Py_DECREF(of); PyErr_SetString(PyExc_ValueError, "onto: 52 rows"); return -1; }
    memset(s->builton, 0, sizeof s->builton);
    for (int c = 0; c < 52; c++) {
        int k = read_cards(PyTuple_GET_ITEM(of, c), s->onto[c], 4, "onto row");
        if (k < 0) { Py_DECREF(of); return -1; }
        s->nonto[c] = (uint8_t)k;
        for (int q = 0; q < k; q++) {
            int u = s->onto[c][q];
            if (u % 13 != c % 13 + 1 || s->builton[u][c]) {
                Py_DECREF(of);
                PyErr_Format(PyExc_ValueError, "onto row %d: a card goes on distinct cards one rank higher, not on %d", c, u);
                return -1;
            }
            s->builton[u][c] = 1;
        }
    }
    Py_DECREF(of);
    PyObject *tab, *down, *found, *waste, *stock, *redeals_o;
    if (!PyTuple_Check(start)) { PyErr_SetString(PyExc_TypeError, "start: a tuple (tableau, down, found, waste, stock, redeals)"); return -1; }
    if (!PyArg_ParseTuple(start, "OOOOOO", &tab, &down, &found, &waste, &stock, &redeals_o)) return -1;
    int redeals;
    if (read_int(redeals_o, 0, 255, "redeals", &redeals)) return -1;
    State st;
    memset(&st, 0, sizeof st);
    PyObject *tt = snapshot(tab, "tableau"), *dt = tt ? snapshot(down, "down") : NULL;
    if (!dt) { Py_XDECREF(tt); return -1; }
    int bad = read_tableau(s, &st, tt, dt, pid);
    Py_DECREF(tt); Py_DECREF(dt);
    if (bad) return -1;
    PyObject *ff = snapshot(found, "found");
    if (!ff) return -1;
    if (PyTuple_GET_SIZE(ff) != 8) { Py_DECREF(ff); PyErr_SetString(PyExc_ValueError, "found: 8 heights"); return -1; }
    for (int i = 0; i < 8; i++) {
        int h;
        if (read_int(PyTuple_GET_ITEM(ff, i), 0, 13, "a foundation height", &h)) { Py_DECREF(ff); return -1; }
        st.found[i] = (uint8_t)h;
    }
    Py_DECREF(ff);
    int wl = read_cards(waste, st.waste, MAXPILE, "waste");
    if (wl < 0) return -1;
    int sl = read_cards(stock, st.stock, MAXPILE, "stock");
    if (sl < 0) return -1;
    if (wl + sl > MAXPILE) { PyErr_SetString(PyExc_ValueError, "waste and stock too long for the core"); return -1; }
    st.wlen = (uint8_t)wl; st.slen = (uint8_t)sl;
    st.redeals = (uint8_t)redeals;
    /* two decks: every card at most twice, home or out (what bounds the moves, the runs, the
     * score; moves never copy a card, so every later state keeps it) */
    int copies[52] = {0};
    for (int i = 0; i < s->ncols; i++)
        for (int q = 0; q < st.len[i]; q++) copies[st.cards[i][q]]++;
    for (int q = 0; q < wl; q++) copies[st.waste[q]]++;
    for (int q = 0; q < sl; q++) copies[st.stock[q]]++;
    for (int c = 0; c < 52; c++) {
        int suit = c / 13, rank = c % 13;
        copies[c] += (st.found[2 * suit] > rank) + (st.found[2 * suit + 1] > rank);
        if (copies[c] > 2) { PyErr_Format(PyExc_ValueError, "card %d appears %d times (two decks: at most twice)", c, copies[c]); return -1; }
    }
    memcpy(s->init_stock, st.stock, sl);
    s->init_slen = sl;
    s->init_wlen = wl;
    s->ulen = wl + sl;
    for (int q = 0; q < wl; q++) s->univ[q] = st.waste[q];
    for (int q = 0; q < sl; q++) s->univ[wl + q] = st.stock[sl - 1 - q];
    memset(s->nxt[s->ulen], 255, 52);
    for (int i = s->ulen - 1; i >= 0; i--) {
        memcpy(s->nxt[i], s->nxt[i + 1], 52);
        s->nxt[i][s->univ[i]] = (uint8_t)i;
    }
    if (s->by_length && redeals) { PyErr_SetString(PyExc_ValueError, "stock by length needs no redeals"); return -1; }
    /* the queue: a stack for every score the weights can make */
    long bound = score_bound(s->w);
    s->qlo = (int)-bound;
    s->nbuckets = (size_t)(2 * bound + 1);
    s->buckets = calloc(s->nbuckets, sizeof(Bucket));
    if (!s->buckets) { PyErr_NoMemory(); return -1; }
    s->reserved += s->nbuckets * sizeof(Bucket);
    s->top = 0;
    s->tcap = 1 << 12;
    s->table = calloc(s->tcap, 8);
    if (!s->table) { PyErr_NoMemory(); return -1; }
    s->reserved += s->tcap * 8;
    if (ensure_states(s, 1)) return -1;
    s->off[0] = 0;
    if (ensure_kids(s, 1)) return -1;
    size_t len = encode(s, &st, s->kbuf, -2, -2, st.wbits, 0); /* st was zeroed: nothing kept */
    if (!len) { PyErr_SetString(PyExc_SystemError, "a waste the core cannot store"); return -1; }
    long r = commit(s, s->kbuf, len, (uint32_t)hash_bytes(s->kbuf, key_len(s, len)), 0, 0);
    if (r <= 0) return -1;
    int home = 0;
    for (int i = 0; i < 8; i++) home += st.found[i];
    if (home == 104) { s->status = WON; s->won_idx = 0; s->ready = 1; return 0; }
    decode(s, s->arena, &st);
    if (queue_push(s, state_value(s, &st), 0)) return -1;
    s->ready = 1;
    return 0;
}

static PyMethodDef Search_methods[] = {
    {"advance", (PyCFunction)Search_advance, METH_O,
     "advance(turns) -> status: expand until `turns` turns of TURN expansions are done, a win is "
     "found (1) or the queue runs dry (2); 0 while running"},
    {"line", (PyCFunction)Search_line, METH_NOARGS,
     "the winning line as (src, dst, count) moves, columns numbered in each parent's canonical order"},
    {NULL}};

static PyGetSetDef Search_getset[] = {
    {"states", (getter)Search_get_states, NULL, "distinct states met", NULL},
    {"status", (getter)Search_get_status, NULL, "0 running, 1 won, 2 ran dry, 3 failed (it cannot go on)", NULL},
    {"nbytes", (getter)Search_get_nbytes, NULL, "bytes the search holds for its states (in use)", NULL},
    {"reserved", (getter)Search_get_reserved, NULL,
     "bytes the search has allocated (capacities: at least what it holds in memory)", NULL},
    {"table_bytes", (getter)Search_get_table_bytes, NULL,
     "bytes of its hash table (doubling it needs twice that more for a moment)", NULL},
    {"expanded", (getter)Search_get_expanded, NULL, "states expanded", NULL},
    {"generated", (getter)Search_get_generated, NULL, "children looked up (new states and repeats)", NULL},
    {NULL}};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ft_widget.solver._core.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One best-first search (the compiled twin of search.PureSearch).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

static struct PyModuleDef coremodule = {PyModuleDef_HEAD_INIT, "_core",
                                        "The solver's compiled search core (see search.py).", -1, NULL};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&coremodule);
    if (!m) return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "MAXSTATE", MAXSTATE);
    PyModule_AddIntConstant(m, "MAX_WEIGHT", MAXW); /* model.MAX_WEIGHT: the same range */
    /* search.py checks this: a core left over from an older source (an editable install whose
     * rebuild failed) is not used */
    PyModule_AddIntConstant(m, "INTERFACE", CORE_INTERFACE);
    return m;
}
