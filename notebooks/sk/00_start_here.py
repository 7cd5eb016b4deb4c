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
# # Začnite tu: prvá hra Forty Thieves (Štyridsať zlodejov)
#
# *Táto prvá lekcia je po slovensky; ostatné lekcie projektu sú po anglicky. Celé pravidlá po
# slovensky: [rules.sk.md](../../docs/rules.sk.md), a kartárske slová, ktoré používame, sú
# v [slovníku pojmov](../../docs/glossary.md#slovak).*
#
# Ak poznáte Klondike (pasians z Windows), viete už väčšinu. **Forty Thieves** je pasians s dvoma
# balíčkami: 104 kariet, osem základní, ktoré sa stavajú od esa po kráľa v jednej farbe, desať
# stĺpcov po štyri karty rozdané **lícom nahor** a talón so 64 kartami, ktorý po jednej otáčate na
# odkladaciu kôpku, **iba raz**. Na stĺpcoch ide karta na kartu svojej farby o jednu hodnotu
# vyššiu a hýbe sa len vrchná karta stĺpca (alebo odkladacej kôpky). Druhý prechod talónom nie je
# a zo základní sa nič nevracia.
#
# Osem príbuzných mení niekoľko z týchto pravidiel: koľko je stĺpcov, koľko kariet je lícom nadol,
# ktoré farby sa smú stavať na ktoré, či sa postupnosť kariet hýbe naraz, ako sa rozdáva talón.
# Každý má vlastnú lekciu (po anglicky; tabuľka na konci).
#
# **Ako hrať na hracej ploche nižšie** (spustite lekciu v JupyterLabe):
#
# * **Potiahnite** kartu na stĺpec alebo na základňu, alebo na ňu **kliknite** a potom kliknite tam,
#   kam má ísť; **dvojklik** ju pošle na základňu. **Kliknutie na talón** rozdá kartu.
# * **Klávesy**: raz kliknite na hraciu plochu, potom šípky prechádzajú medzi kôpkami, Enter alebo
#   medzerník kartu zdvihne a položí, Esc zruší, `d` rozdá, `f` pošle kartu na základňu, `u`/`z`
#   vráti ťah späť, `r`/`y` ťah zopakuje, `h` dá radu, `?` ukáže všetky.
# * **Tlačidlá**: rada (dobrý ťah nájdený z kariet, ktoré vidíte *vy*), späť a znova (koľkokrát
#   chcete), hrať odznova, nové rozdanie a posielanie bezpečných kariet na základne.
# * **Menu hry** (názov hry so ▾ hore) prepne na inú hru z rodiny, spustí rozdanie podľa čísla a
#   ponúka **vyhrateľné rozdanie: ľahké / stredné / ťažké**. Po hre prejde prehľad hry vaše ťahy
#   s komentármi experta.
#
# Ťah, ktorý pravidlá zakazujú, sa odmietne a hracia plocha povie prečo.

# %%
import pandas as pd

import ft_widget
from ft_widget import VARIANTS, Board, Game, deals, hint, puzzles
from ft_widget.expert import estimate
from ft_widget.hints import FAIR_STATES_PER_SECOND
from ft_widget.teaching import picture, puzzle_picture
from ft_widget.training.catalogue import DIFFICULTIES, catalogue
from ft_widget.words import graded_line, hint_line, move_line

ft_widget.set_language("sk")  # the words ft_widget returns (moves, hints, grades) in Slovak
GAME = "forty_thieves"
rules = VARIANTS[GAME]  # the rules said above, as the engine has them
assert (rules.columns, rules.cards_per_column, rules.face_down, rules.stock_cards) == (10, 4, 0, 64)
assert (rules.build.id, rules.sequences, rules.stock_deal, rules.redeals) == ("same_suit", False, 1, 0)

# %% [markdown]
# ## Ľahké rozdanie
#
# Ľahkých rozdaní Forty Thieves je málo (počet je nižšie), preto si na prvú hru vypýtame ľahké
# z katalógu ohodnotených rozdaní projektu. Za hodnotením stoja dvaja hráči:
#
# * **riešič**, ktorý vidí všetky karty (aj poradie v talóne), skúsil každé rozdanie; *vyhrateľné*
#   je len rozdanie, ktoré vyhral, s radom ťahov, ktorý engine prehral až do konca;
# * **férový expert**, ktorý vidí len to, čo vidíte vy, potom každé vyhrateľné rozdanie niekoľkokrát
#   zahral s rôznymi náhodnými semienkami. *Ľahké* znamená, že vyhral zakaždým, *stredné* niekedy,
#   *ťažké* nikdy.
#
# „Ľahké“ je teda ľahké pre pozorného hráča, ktorý nevidí skryté karty, a isto vyhrateľné.
# (Sekcia „Graded deals“ v README, po anglicky, uvádza rozpočty a príkaz.)

# %%
rows = catalogue(GAME)
graded = pd.Series([r.grade if r.winnable else "not known to be winnable" for r in rows])
print(f"Forty Thieves deals {rows[0].deal}–{rows[-1].deal} in the catalogue:")
by_grade = graded.value_counts().reindex([*DIFFICULTIES, "not known to be winnable"], fill_value=0)
assert by_grade["easy"] < len(rows) / 4  # "few are easy"
by_grade.rename("deals").to_frame()

# %% [markdown]
# Prvé ľahké rozdanie a čo o ňom hovorí katalóg:

# %%
DEAL = deals(GAME, difficulty="easy")[0]
entry = next(r for r in rows if r.deal == DEAL)
assert entry.winnable and entry.grade == "easy" and entry.expert_wins == entry.runs
game = Game(GAME, deal=DEAL)
print(graded_line(game, entry.grade, entry.expert_wins, entry.runs))

# %% [markdown]
# Tu je na hracej ploche. `Board(GAME, difficulty="easy")` by namiesto toho vybral ľahké rozdanie
# náhodne; vyhrateľné rozdanie z menu robí to isté.

# %%
# NBVAL_IGNORE_OUTPUT
board = Board(GAME, deal=DEAL, language="sk")
board

# %% [markdown]
# Hracia plocha a váš kód zdieľajú jednu hru: ťah urobený myšou je hneď v `board.game` a ťah
# zahraný z kódu (`board.play("s>w")`) sa objaví na ploche. Všetko, čo hracia plocha ukazuje, sa
# dá nakresliť aj ako obrázok, ktorý sa zobrazí všade, kde sa lekcia číta, aj nespustená. Začiatočná
# pozícia:

# %%
picture(game, caption=f"Forty Thieves, deal {DEAL}: the opening position", scale=1.0)

# %% [markdown]
# ## Prvé rozhodnutie
#
# Ťahy sa píšu `SRC>DST`: stĺpce `1`…`10`, `w` odkladacia kôpka (*waste*), `s` talón (*stock*),
# `f` základne (`s>w` rozdá kartu). Toto sú ťahy, ktoré pravidlá na začiatku dovoľujú:

# %%
for move in game.legal_moves():
    print(move_line(game, move))

# %% [markdown]
# Ktorý? Tlačidlo rady sa pýta férového experta. Ten náhodne rozdelí karty, ktoré nevidíte, na
# miesta, ktoré nevidíte (jeden možný *svet*), urobí to niekoľkokrát, požiada riešič, aby vyhral
# každý svet, a navrhne ťah, ktorý vo väčšine z nich začína výhru. Nikdy sa nepozerá, kde skryté
# karty naozaj sú. Z kódu dá `hint(game)` tú istú radu; tu s rozpočtom hracej plochy vyjadreným
# počtom pozícií namiesto sekúnd na hodinách, aby bola stránka rovnaká na každom počítači:

# %%
budget = int(FAIR_STATES_PER_SECOND * board.hint_time_limit)  # the board's seconds, as positions
advice = hint(game, max_states=budget)
assert advice.move in game.legal_moves()
print(hint_line(game, advice))
picture(game, highlight=advice.move, caption=f"the hint: {advice.move}", scale=1.0)

# %% [markdown]
# Aby porovnal každý ťah s ostatnými, `estimate` zahrá každý z nich v *tých istých* náhodných
# svetoch a spočíta výhry: férové porovnanie ťahov, ale na malej vzorke, a na začiatku je všetkých
# 64 kariet talónu neviditeľných. Počet z ôsmich je vodítko, nie dôkaz; čím menej kariet je
# skrytých, tým viac hovorí.

# %%
assert len(game.stock) == 64 and not game.waste
counts = pd.DataFrame([{"move": str(e.move), "worlds won": e.worlds_won, "of": e.worlds}
                       for e in estimate(game, rng=1)]).set_index("move")
assert (counts["of"] == 8).all()  # "out of eight": the same eight worlds for every move
assert counts["worlds won"].nunique() == 1  # the moves tie, as the text below says
counts

# %% [markdown]
# Tri ťahy sú nerozhodne: každý začína výhru v rovnako mnohých z ôsmich svetov ako ostatné. Pri
# prvom ťahu rozdania Forty Thieves, keď je všetkých 64 kariet talónu neviditeľných, ich férový
# hráč nedokáže rozlíšiť a voľba rady medzi nimi je len to, ako jej vlastných šesť svetov rozhodlo
# remízu, nie objav. Počty sa rozídu, keď sa karty ukážu a jeden ťah je naozaj lepší ako iný:
# otázky lekcií jednotlivých hier sú o takých pozíciách.

# %% [markdown]
# Teraz zahrajte rozdanie na hracej ploche vyššie. Ak uviaznete, ťah späť nič nestojí; ak je
# rozdanie prehraté, hracia plocha to povie, keď nezostane žiadny ťah.
#
# ## Po hre: prezrite si ju a trénujte
#
# * **Prehľad.** Prehľad hry v menu (alebo `board.review()`) prejde vaše ťahy tak ako analýza na
#   šachovej stránke: ťah experta vedľa vášho, každý označený, ak zahodil veľa náhodných výhier, a
#   ťah, po ktorom riešič (ktorý vidí všetky karty) už nenašiel výhru. Z kódu vráti
#   `ft_widget.review(board.game)` prehľad s grafom (`.plot()`) a tabuľkou (`.to_frame()`);
#   [11_working_from_code](../11_working_from_code.ipynb) (po anglicky) jeden ukazuje.
# * **Úlohy.** Väčšina hier má úlohy vybrané zo skutočných rozdaní (koľko ktorá:
#   [11_working_from_code](../11_working_from_code.ipynb)): pozícia, jedna otázka, odpovede
#   overené riešičom. `Board.training("forty_thieves")` ich podáva jednu po druhej, od
#   najľahšej, a počíta vaše skóre. Prvá:

# %%
first = puzzles(GAME)[0]
print(f"{first.title}: {first.prompt}")
puzzle_picture(first, scale=0.8)

# %% [markdown]
# ## Deväť hier a čo čítať ďalej
#
# Pravidlá všetkých deviatich, prečítané z opisu, ktorý má engine o každej hre
# ([10_rule_differences](../10_rule_differences.ipynb), po anglicky, nechá len to, čím sa líšia od
# Forty Thieves, a nakreslí to; po slovensky sú pravidlá v [rules.sk.md](../../docs/rules.sk.md)):

# %%
pd.DataFrame([v.rules_row() for v in VARIANTS.values()]).set_index("id")

# %% [markdown]
# Lekcia každej hry (po anglicky) sa pýta, na čo myslí dobrý hráč *tej* hry, a odpovedá pokusmi
# na skutočných rozdaniach:
#
# | lekcia | jej otázky |
# |---|---|
# | [forty_thieves](../forty_thieves.ipynb) | čo dať do prázdneho stĺpca; ktorý stĺpec rozkopať; kedy má karta, ktorá by mohla ísť na základňu, počkať |
# | [indian](../indian.ipynb) (Indický) | ktorý stĺpec kopať k jeho skrytej karte; ktorému zo šiestich rodičov dať kartu; či zaplniť prázdny stĺpec; kedy si má jediný prechod talónom kartu podržať |
# | [limited](../limited.ipynb) (Obmedzený) | prázdny stĺpec si nechať alebo minúť (a kedy sa to obráti); ktorý z dvanástich krátkych stĺpcov vyprázdniť prvý; karta z odkladacej kôpky alebo rozdanie; akú cenu má nosiť dlhé postupnosti |
# | [little_forty](../little_forty.ipynb) (Malá štyridsiatka) | čo si zapamätať z odkladacej kôpky po troch; kedy vziať kartu z kôpky; akú cenu má obrátenie talónu |
# | [lucas](../lucas.ipynb) | prečo Lucas odpúšťa (esá už na základniach, či trinásť krátkych stĺpcov?); čo ho aj tak prehrá; či má prázdny stĺpec čakať na kráľa |
# | [maria](../maria.ipynb) (Mária) | kedy je poslanie karty na základňu pasca; zahrať kartu z odkladacej kôpky, alebo rozdávať ďalej; načo je prázdny stĺpec, keď ich je len deväť |
# | [number_ten](../number_ten.ipynb) (Číslo desať) | ktorý stĺpec s kartami lícom nadol kopať; či rozdeliť postupnosť; akú cenu má presúvanie postupností |
# | [rank_and_file](../rank_and_file.ipynb) | ktorú kôpku s kartami lícom nadol kopať prvú; kedy minúť prázdny stĺpec; či presunúť časť postupnosti |
# | [streets](../streets.ipynb) (Ulice) | načo je vyprázdnený stĺpec; zahrať kartu z odkladacej kôpky, alebo rozdávať ďalej; či „do prázdneho miesta len kráľ“ platí aj tu |
#
# Ešte dve: [10_rule_differences](../10_rule_differences.ipynb) je prehľad celej rodiny (pravidlá
# v obrázkoch, nakoľko je každá hra vyhrateľná a, raz a pre všetky, ako súdi riešič a férový
# expert a ako lekcie merajú), a [11_working_from_code](../11_working_from_code.ipynb) ovláda engine
# z Pythonu: pozície, ťahy, uložené hry, prehľady, ohodnotené rozdania, úlohy, váš vlastný spôsob
# hry. Tieto lekcie sú po anglicky.
