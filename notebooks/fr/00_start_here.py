# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Pour commencer : une première partie de Forty Thieves (Quarante Voleurs)
#
# *Cette première leçon est en français ; les autres leçons du projet sont en anglais. Les règles
# complètes en français : [rules.fr.md](../../docs/rules.fr.md), et les mots de jeu employés :
# [glossaire](../../docs/glossary.md#french).*
#
# Si vous connaissez le Klondike (la « Patience » de Windows), vous en savez déjà l'essentiel.
# **Forty Thieves** est une réussite à deux jeux : 104 cartes, huit fondations à monter de l'As au
# Roi dans la couleur, dix colonnes de quatre cartes distribuées **face visible**, et une pioche de
# 64 cartes que l'on retourne une à une sur la défausse, **une seule fois**. Sur les colonnes, une
# carte va sur la carte d'un rang plus haut de sa propre couleur, et seule la carte du dessus d'une
# colonne (ou de la défausse) bouge. Il n'y a pas de second passage dans la pioche, et rien ne
# revient des fondations.
#
# Huit cousins changent quelques-unes de ces règles : le nombre de colonnes, le nombre de cartes
# face cachée, quelles couleurs se construisent sur lesquelles, si une séquence de cartes bouge
# d'un bloc, comment la pioche est distribuée. Chacun a sa propre leçon (en anglais ; le tableau à
# la fin).
#
# **Comment jouer sur le plateau ci-dessous** (exécutez la leçon dans JupyterLab) :
#
# * **Glissez** une carte sur une colonne ou une fondation, ou **cliquez** dessus puis cliquez là
#   où elle doit aller ; un **double clic** l'envoie sur les fondations. **Cliquez sur la pioche**
#   pour distribuer.
# * **Clavier** : cliquez une fois sur le plateau, puis les flèches passent d'une pile à l'autre,
#   Entrée ou Espace prend et pose, Échap annule, `d` distribue, `f` envoie une carte sur les
#   fondations, `u`/`z` annule, `r`/`y` rétablit, `h` donne un indice, `?` les montre tous.
# * **Boutons** : Indice (un bon coup, trouvé avec les cartes que *vous* voyez), Annuler et
#   Rétablir (autant que vous voulez), Recommencer, Nouvelle donne, et l'envoi automatique des
#   cartes sûres sur les fondations.
# * **Le menu du jeu** (le nom du jeu, avec ▾, en haut) passe à un autre jeu de la famille, lance
#   une donne par son numéro et propose une **donne gagnable : facile / moyenne / difficile**.
#   Après une partie, la revue de la partie reprend vos coups un à un avec les commentaires de
#   l'expert.
#
# Un coup que les règles interdisent est refusé, et le plateau dit pourquoi.

# %%
import pandas as pd

import ft_widget
from ft_widget import VARIANTS, Board, Game, deals, hint, puzzles
from ft_widget.expert import estimate
from ft_widget.hints import FAIR_STATES_PER_SECOND
from ft_widget.teaching import picture, puzzle_picture
from ft_widget.training.catalogue import DIFFICULTIES, catalogue
from ft_widget.words import graded_line, hint_line, move_line

ft_widget.set_language("fr")  # the words ft_widget returns (moves, hints, grades) in French
GAME = "forty_thieves"
rules = VARIANTS[GAME]  # the rules said above, as the engine has them
assert (rules.columns, rules.cards_per_column, rules.face_down, rules.stock_cards) == (10, 4, 0, 64)
assert (rules.build.id, rules.sequences, rules.stock_deal, rules.redeals) == ("same_suit", False, 1, 0)

# %% [markdown]
# ## Une donne facile
#
# Peu de donnes de Forty Thieves sont faciles (le compte est ci-dessous) ; pour une première
# partie, nous demandons donc une donne facile au catalogue des donnes classées du projet. Deux
# joueurs sont derrière un classement :
#
# * le **solveur**, qui voit toutes les cartes (l'ordre de la pioche compris), a essayé chaque
#   donne ; seule une donne qu'il a gagnée, avec une suite de coups que le moteur a rejouée
#   jusqu'au bout, est dite *gagnable* ;
# * l'**expert loyal**, qui ne voit que ce que vous voyez, a ensuite joué chaque donne gagnable
#   quelques fois avec des tirages aléatoires différents. *Facile* veut dire qu'il a gagné à chaque
#   fois, *moyenne* certaines fois, *difficile* jamais.
#
# « Facile » veut donc dire facile pour un joueur soigneux qui ne voit pas les cartes cachées, et
# gagnable à coup sûr. (La section « Graded deals » du README, en anglais, donne les budgets et
# la commande.)

# %%
rows = catalogue(GAME)
graded = pd.Series([r.grade if r.winnable else "not known to be winnable" for r in rows])
print(f"Forty Thieves deals {rows[0].deal}–{rows[-1].deal} in the catalogue:")
by_grade = graded.value_counts().reindex([*DIFFICULTIES, "not known to be winnable"], fill_value=0)
assert by_grade["easy"] < len(rows) / 4  # "few are easy"
by_grade.rename("deals").to_frame()

# %% [markdown]
# La première donne facile, et ce que le catalogue en dit :

# %%
DEAL = deals(GAME, difficulty="easy")[0]
entry = next(r for r in rows if r.deal == DEAL)
assert entry.winnable and entry.grade == "easy" and entry.expert_wins == entry.runs
game = Game(GAME, deal=DEAL)
print(graded_line(game, entry.grade, entry.expert_wins, entry.runs))

# %% [markdown]
# La voici sur un plateau. `Board(GAME, difficulty="easy")` tirerait plutôt une donne facile au
# hasard ; la donne gagnable du menu fait de même.

# %%
# NBVAL_IGNORE_OUTPUT
board = Board(GAME, deal=DEAL, language="fr")
board

# %% [markdown]
# Le plateau et votre code partagent une seule partie : un coup joué à la souris est aussitôt dans
# `board.game`, et un coup joué depuis le code (`board.play("s>w")`) apparaît sur le plateau. Tout
# ce que montre un plateau peut aussi être dessiné en image, qui s'affiche partout où la leçon est
# lue, même sans l'exécuter. La position de départ :

# %%
picture(game, caption=f"Forty Thieves, deal {DEAL}: the opening position", scale=1.0)

# %% [markdown]
# ## La première décision
#
# Les coups s'écrivent `SRC>DST` : colonnes `1`…`10`, `w` la défausse (*waste*), `s` la pioche
# (*stock*), `f` les fondations (`s>w` distribue une carte). Voici les coups que les règles
# permettent au départ :

# %%
for move in game.legal_moves():
    print(move_line(game, move))

# %% [markdown]
# Lequel choisir ? Le bouton Indice le demande à l'expert loyal. Celui-ci répartit au hasard les
# cartes que vous ne voyez pas entre les places que vous ne voyez pas (un *monde* possible), le
# fait quelques fois, demande au solveur de gagner chaque monde, et propose le coup qui commence
# une victoire dans la plupart d'entre eux. Il ne regarde jamais où sont vraiment les cartes
# cachées. Depuis le code, `hint(game)` donne le même indice ; ici avec le budget du plateau
# compté en positions plutôt qu'en secondes d'horloge, pour que la page soit la même sur toute
# machine :

# %%
budget = int(FAIR_STATES_PER_SECOND * board.hint_time_limit)  # the board's seconds, as positions
advice = hint(game, max_states=budget)
assert advice.move in game.legal_moves()
print(hint_line(game, advice))
picture(game, highlight=advice.move, caption=f"the hint: {advice.move}", scale=1.0)

# %% [markdown]
# Pour peser chaque coup face aux autres, `estimate` joue chacun d'eux dans les *mêmes* mondes
# tirés et compte les victoires : une comparaison loyale des coups, mais sur un petit échantillon,
# et au départ les 64 cartes de la pioche sont invisibles. Un compte sur huit est un repère, pas
# une preuve ; moins il y a de cartes cachées, plus il en dit.

# %%
assert len(game.stock) == 64 and not game.waste
counts = pd.DataFrame([{"move": str(e.move), "worlds won": e.worlds_won, "of": e.worlds}
                       for e in estimate(game, rng=1)]).set_index("move")
assert (counts["of"] == 8).all()  # "out of eight": the same eight worlds for every move
assert counts["worlds won"].nunique() == 1  # the moves tie, as the text below says
counts

# %% [markdown]
# Les trois coups sont à égalité : chacun commence une victoire dans autant des huit mondes que
# les autres. Au premier coup d'une donne de Forty Thieves, avec les 64 cartes de la pioche
# invisibles, un joueur loyal ne peut pas les départager, et le choix de l'Indice entre eux vient
# de ses six mondes à lui qui tranchent une égalité, pas d'une découverte. Les comptes se séparent
# quand des cartes apparaissent et qu'un coup est vraiment meilleur qu'un autre : les questions
# des leçons de chaque jeu portent sur des positions de ce genre.

# %% [markdown]
# Jouez maintenant la donne sur le plateau plus haut. Si vous êtes bloqué, Annuler ne coûte
# rien ; si la donne est perdue, le plateau le dit quand il ne reste aucun coup.
#
# ## Après une partie : la revoir, puis s'entraîner
#
# * **Revue.** La revue de la partie, dans le menu (ou `board.review()`), reprend vos coups comme
#   le fait l'analyse d'un site d'échecs : le coup de l'expert à côté du vôtre, chacun marqué s'il
#   a jeté beaucoup des victoires tirées, et le coup après lequel le solveur (qui voit toutes les
#   cartes) n'a plus trouvé de victoire. Depuis le code, `ft_widget.review(board.game)` rend la
#   revue avec un graphique (`.plot()`) et un tableau (`.to_frame()`) ;
#   [11_working_from_code](../11_working_from_code.ipynb) (en anglais) en montre une.
# * **Problèmes.** La plupart des jeux ont des problèmes tirés de vraies donnes (combien pour
#   chacun : [11_working_from_code](../11_working_from_code.ipynb)) : une position, une question,
#   des réponses vérifiées par le solveur. `Board.training("forty_thieves")` les sert l'un après
#   l'autre, du plus facile au plus dur, et tient votre score. Le premier :

# %%
first = puzzles(GAME)[0]
print(f"{first.title}: {first.prompt}")
puzzle_picture(first, scale=0.8)

# %% [markdown]
# ## Les neuf jeux, et quoi lire ensuite
#
# Les règles des neuf, lues dans la description que le moteur a de chaque jeu
# ([10_rule_differences](../10_rule_differences.ipynb), en anglais, ne garde que ce qui diffère de
# Forty Thieves, et le dessine ; en français, les règles sont dans
# [rules.fr.md](../../docs/rules.fr.md)) :

# %%
pd.DataFrame([v.rules_row() for v in VARIANTS.values()]).set_index("id")

# %% [markdown]
# La leçon de chaque jeu (en anglais) se demande à quoi pense un bon joueur de *ce* jeu-là, et
# répond par des expériences sur de vraies donnes :
#
# | leçon | ses questions |
# |---|---|
# | [forty_thieves](../forty_thieves.ipynb) | que mettre dans une colonne vide ; quelle colonne creuser ; quand une carte qui pourrait monter sur les fondations doit attendre |
# | [indian](../indian.ipynb) (Indien) | quelle colonne creuser vers sa carte cachée ; auquel de six parents donner une carte ; faut-il remplir une colonne vide ; quand le passage unique doit garder une carte |
# | [limited](../limited.ipynb) (Limité) | garder une colonne vide ou la dépenser (et quand cela bascule) ; laquelle des douze colonnes courtes vider d'abord ; la carte de la défausse ou une distribution ; ce que vaut de porter de longues séquences |
# | [little_forty](../little_forty.ipynb) (Petit Quarante) | que retenir d'une défausse par trois ; quand prendre une carte de la défausse ; ce que vaut une redistribution |
# | [lucas](../lucas.ipynb) | pourquoi Lucas pardonne (les As déjà sur les fondations, ou treize colonnes courtes ?) ; ce qui le fait encore perdre ; si une colonne vide doit attendre un Roi |
# | [maria](../maria.ipynb) | quand envoyer une carte sur les fondations est un piège ; jouer la carte de la défausse ou distribuer par-dessus ; à quoi sert une colonne vide quand il n'y en a que neuf |
# | [number_ten](../number_ten.ipynb) (Numéro dix) | quelle colonne à cartes cachées creuser ; faut-il couper une séquence ; ce que vaut de déplacer des séquences |
# | [rank_and_file](../rank_and_file.ipynb) | quelle pile à cartes cachées creuser d'abord ; quand dépenser une colonne vide ; faut-il déplacer une partie d'une séquence |
# | [streets](../streets.ipynb) (Rues) | à quoi sert une colonne vidée ; jouer la carte de la défausse ou distribuer par-dessus ; si « seulement un Roi dans une case vide » vaut encore ici |
#
# Deux de plus : [10_rule_differences](../10_rule_differences.ipynb) est la vue d'ensemble de la
# famille (les règles en images, à quel point chaque jeu est gagnable, et, dit une fois pour
# toutes, comment le solveur et l'expert loyal jugent et comment les leçons mesurent), et
# [11_working_from_code](../11_working_from_code.ipynb) pilote le moteur depuis Python : positions,
# coups, parties enregistrées, revues, donnes classées, problèmes, votre propre façon de jouer.
# Ces leçons sont en anglais.
