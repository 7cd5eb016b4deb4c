# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.7
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Pour commencer : une première partie de Forty Thieves (Quarante Voleurs)
#
# *Cette première leçon est en français ; les autres leçons du projet sont en anglais. Les règles
# complètes en français : [rules.fr.md](../../docs/rules.fr.md) ; les mots de jeu employés, et
# pourquoi : [le glossaire](../../docs/glossary.md#french).*
#
# **Forty Thieves** est une réussite à deux jeux : 104 cartes, huit fondations à monter de l'As au
# Roi dans la couleur, dix colonnes de quatre cartes distribuées **face visible**, et un talon de
# 64 cartes que l'on retourne une à une sur la défausse, **une seule fois**. Sur les colonnes, une
# carte va sur la carte d'un rang plus haut de sa propre couleur, et seule la carte du dessus d'une
# colonne (ou de la défausse) bouge. Rien ne revient des fondations.
#
# Huit cousins changent quelques-unes de ces règles : le nombre de colonnes, le nombre de cartes
# face cachée, quelles couleurs se construisent sur lesquelles, si une séquence bouge d'un bloc,
# comment le talon est distribué. Le tableau de la fin donne les neuf jeux, et chacun a sa propre
# leçon (en anglais).
#
# **Comment jouer sur le plateau** (exécutez la leçon dans JupyterLab) :
#
# * **Glissez** une carte sur une colonne ou une fondation, ou **cliquez** dessus puis cliquez là
#   où elle doit aller ; un **double clic** l'envoie sur les fondations. **Cliquez sur le talon**
#   pour distribuer.
# * **Clavier** : cliquez une fois sur le plateau, puis les flèches passent d'une pile à l'autre,
#   Entrée ou Espace prend et pose, Échap annule, `d` distribue, `f` envoie une carte sur les
#   fondations, `u`/`z` annule le coup, `r`/`y` le rétablit, `h` demande un conseil, `?` les montre
#   tous.
# * **Boutons** : « Conseil » (un bon coup, trouvé avec les cartes que *vous* voyez), « Annuler » et
#   « Rétablir » (autant que vous voulez), « Recommencer », « Nouvelle donne », « Jeu auto » (les
#   coups sans risque vers les fondations).
# * **Le menu du jeu** (le nom du jeu, avec ▾, en haut) passe à un autre jeu de la famille, lance
#   une donne par son numéro et propose **« Une donne gagnable : facile / moyenne / difficile »**.
#
# Un coup que les règles interdisent est refusé, et le plateau dit pourquoi.

# %%
import ft_widget
from ft_widget import Board, Game, deals, hint, puzzles
from ft_widget.teaching import PuzzleCard, picture, replayed, rules_table
from ft_widget.training.catalogue import catalogue, summary
from ft_widget.words import graded_line, hint_line, move_line, status_line
ft_widget.set_language("fr")  # the words ft_widget returns, in French

# %% [markdown]
# ## Une donne facile
#
# Peu de donnes de Forty Thieves sont faciles ; pour une première partie, nous en demandons donc
# une au catalogue des donnes classées du projet. Deux joueurs sont derrière un classement. Le
# **solveur**, qui voit toutes les cartes (l'ordre du talon compris), a essayé chaque donne : seule
# une donne qu'il a gagnée est dite *gagnable*. L'**expert loyal**, qui ne voit que ce que vous
# voyez, a ensuite joué chaque donne gagnable jusqu'au bout quelques fois : *facile* veut dire qu'il
# a gagné à chaque fois, *moyenne* certaines fois, *difficile* jamais.

# %%
GAME = "forty_thieves"
graded = catalogue(GAME)
print(summary(GAME))

# %% [markdown]
# La première donne facile, et ce que le catalogue en dit :

# %%
DEAL = deals(GAME, difficulty="easy")[0]
entry = next(row for row in graded if row.deal == DEAL)
game = Game(GAME, deal=DEAL)
print(graded_line(game, entry.grade, entry.expert_wins, entry.runs))

# %% [markdown]
# La voici sur un plateau ; jouez-la. « Annuler » ne coûte rien, et si la donne est perdue, le
# plateau le dit quand il ne reste aucun coup. `Board(GAME, difficulty="easy")` tirerait plutôt une
# donne facile au hasard, comme le fait « Une donne gagnable » dans le menu.

# %%
# NBVAL_IGNORE_OUTPUT
board = Board(GAME, deal=DEAL, language="fr")
board

# %% [markdown]
# Le plateau et votre code partagent une seule partie : un coup joué à la souris est aussitôt dans
# `board.game`, et `board.play("s>w")` apparaît sur le plateau. Une position peut aussi être
# dessinée en image, qui s'affiche partout où la leçon est lue, même sans l'exécuter :

# %%
picture(game, caption=status_line(game), scale=1.0)

# %% [markdown]
# ## Les coups, et le conseil
#
# Les coups s'écrivent `SRC>DST` : colonnes `1` à `10`, `w` la défausse (*waste*), `s` le talon
# (*stock*), `f` les fondations (`s>w` distribue une carte). Au départ, les règles permettent
# ceux-ci :

# %%
for move in game.legal_moves():
    print(move_line(game, move))

# %% [markdown]
# Lequel choisir ? Le bouton « Conseil » le demande à l'expert loyal. Celui-ci ne voit pas le
# talon, alors il *devine* : il répartit au hasard les cartes invisibles entre les places que vous ne
# voyez pas (une supposition est un *monde*), le fait six fois, cherche brièvement une victoire dans
# chaque monde, et propose le coup qui commence une victoire dans la plupart d'entre eux. Depuis le
# code, `hint(game)` donne le même conseil ; ici avec le budget du plateau compté en positions
# plutôt qu'en secondes, pour que la page soit la même sur toute machine :

# %%
from ft_widget.hints import FAIR_STATES_PER_SECOND
budget = int(FAIR_STATES_PER_SECOND * board.hint_time_limit)  # the board's second, as positions
advice = hint(game, max_states=budget)
print(hint_line(game, advice))

# %% [markdown]
# Sur une donne dite facile, pourquoi une victoire dans si peu de mondes (et peut-être aucun sur
# une machine plus lente) ? Parce qu'au premier coup la victoire est à toute une partie de distance,
# et une courte recherche dans un monde que personne n'a vu s'arrête le plus souvent avant d'avoir
# trouvé une victoire *ou* prouvé qu'il n'y en a pas. « Pas gagné » veut dire *pas trouvé à temps*,
# pas *perdu*. Le classement a été mesuré autrement : l'expert a joué toute la donne, en devinant à
# nouveau à chaque coup à mesure que les cartes du talon apparaissaient, et il a gagné à chaque
# fois.
#
# À l'ouverture, lisez donc le conseil comme un coup qui ne gâche rien. Il devient plus sûr à mesure
# que le talon s'amincit : la même donne plus tard, jouée comme l'a jouée la ligne gagnante du
# solveur, et le conseil à ce moment-là :

# %%
later = replayed(GAME, DEAL, entry.line[:104])  # the solver's line, until 17 stock cards are left
advice = hint(later, max_states=budget)
print(status_line(later))
print(hint_line(later, advice))
picture(later, highlight=advice.move, caption=move_line(later, advice.move), scale=0.8)

# %% [markdown]
# `ft_widget.expert.estimate(game)` va un pas plus loin et joue *chaque* coup légal dans les mêmes
# mondes, en comptant les victoires de chacun :
# [11_working_from_code](../11_working_from_code.ipynb) (en anglais) le pilote, avec le reste du
# moteur, depuis Python.
#
# ## Après une partie : la revoir, puis s'entraîner
#
# * **Analyse.** « Analyser cette partie » dans le menu (ou `board.review()`) reprend vos coups
#   comme le fait l'analyse d'un site d'échecs : le coup de l'expert à côté du vôtre, chacun marqué
#   s'il a jeté beaucoup des victoires tirées, et le coup après lequel le solveur n'a plus trouvé de
#   victoire. La leçon de chaque jeu analyse une partie de cette façon.
# * **Problèmes.** La plupart des jeux ont des problèmes tirés de vraies donnes : une position, une
#   question, des réponses vérifiées par le solveur. Chaque problème entraîne une idée.
#   `Board.training("forty_thieves")` les sert l'un après l'autre, du plus facile au plus dur, et
#   tient votre score. En voici un, la réponse repliée : cherchez avant d'ouvrir le repli.

# %%
from ft_widget.training.themes import theme_name
first = next(p for p in puzzles(GAME) if p.theme == "keep_an_empty_column")
print(f"“{theme_name(first.theme)}”: {first.idea}")
PuzzleCard(first)

# %% [markdown]
# Le même problème sur un plateau vivant (quand la leçon s'exécute) : jouez votre réponse, et le
# plateau la juge ; pendant un problème, le bouton « Un indice » en donne un.

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(first)

# %% [markdown]
# ## Les neuf jeux, et quoi lire ensuite

# %%
rules_table()

# %% [markdown]
# La leçon de chaque jeu (en anglais) s'ouvre sur quelques règles de conduite pour ce jeu, montre
# chacune sur une vraie position avec l'effet mesuré, et vous donne un problème à essayer après
# chacune. Les règles des neuf jeux en français : [rules.fr.md](../../docs/rules.fr.md).
#
# | leçon | de quoi elle parle |
# |---|---|
# | [forty_thieves](../forty_thieves.ipynb) | que mettre dans une colonne vide ; quelle colonne creuser ; quand une carte qui pourrait monter sur les fondations doit attendre |
# | [indian](../indian.ipynb) (Indien) | quelle colonne creuser vers sa carte cachée ; à quel parent donner une carte ; faut-il remplir une colonne vide |
# | [limited](../limited.ipynb) (Limité) | garder une colonne vide ou la dépenser ; laquelle des douze colonnes courtes vider d'abord ; la carte de la défausse ou une distribution |
# | [little_forty](../little_forty.ipynb) (Petit Quarante) | que retenir d'une défausse par trois ; quand prendre une carte de la défausse ; ce que vaut une redonne |
# | [lucas](../lucas.ipynb) | pourquoi Lucas pardonne ; ce qui le fait encore perdre ; si une colonne vide doit attendre un Roi |
# | [maria](../maria.ipynb) | quand envoyer une carte sur les fondations est un piège ; jouer la carte de la défausse ou distribuer par-dessus ; une colonne vide quand il n'y en a que neuf |
# | [number_ten](../number_ten.ipynb) (Numéro dix) | quelle colonne à cartes cachées creuser ; faut-il couper une séquence ; ce que vaut de déplacer des séquences |
# | [rank_and_file](../rank_and_file.ipynb) | quelle pile à cartes cachées creuser d'abord ; quand dépenser une colonne vide ; faut-il déplacer une partie d'une séquence |
# | [streets](../streets.ipynb) (Rues) | à quoi sert une colonne vidée ; jouer la carte de la défausse ou distribuer par-dessus |
#
# Deux de plus : [10_rule_differences](../10_rule_differences.ipynb) est la vue d'ensemble de la
# famille (les règles en images, à quel point chaque jeu est gagnable, et comment le solveur et
# l'expert loyal jugent et comment les leçons mesurent), et
# [11_working_from_code](../11_working_from_code.ipynb) pilote le moteur depuis Python : positions,
# coups, parties enregistrées, analyses, donnes classées, problèmes, votre propre façon de jouer.
# Ces leçons sont en anglais.
