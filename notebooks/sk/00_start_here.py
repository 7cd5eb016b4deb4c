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
# # Začnite tu: prvá hra Forty Thieves (Štyridsať zlodejov)
#
# *Táto prvá lekcia je po slovensky; ostatné lekcie projektu sú po anglicky. Celé pravidlá po
# slovensky: [rules.sk.md](../../docs/rules.sk.md); ktoré kartárske slová používame a prečo, hovorí
# [slovník pojmov](../../docs/glossary.md#slovak).*
#
# **Forty Thieves** je pasians s dvoma balíčkami: 104 kariet, osem základní, ktoré sa stavajú od esa
# po kráľa v jednej farbe, desať stĺpcov po štyri karty rozdané **lícom nahor** a talón so 64
# kartami, ktorý po jednej otáčate na odkladisko, **iba raz**. Na stĺpcoch ide karta na kartu
# svojej farby o jednu hodnotu vyššiu a hýbe sa len vrchná karta stĺpca (alebo odkladiska).
# Zo základní sa nič nevracia.
#
# Osem príbuzných mení niekoľko z týchto pravidiel: koľko je stĺpcov, koľko kariet je lícom nadol,
# ktoré farby sa stavajú na ktoré, či sa postupnosť hýbe naraz, ako sa rozdáva talón. Tabuľka na
# konci má všetkých deväť hier a každá má vlastnú lekciu (po anglicky).
#
# **Ako hrať na hracej ploche** (spustite lekciu v JupyterLabe):
#
# * **Potiahnite** kartu na stĺpec alebo na základňu, alebo na ňu **kliknite** a potom kliknite tam,
#   kam má ísť; **dvojklik** ju pošle na základňu. **Kliknutie na talón** rozdá kartu.
# * **Klávesy**: raz kliknite na hraciu plochu, potom šípky prechádzajú medzi kôpkami, Enter alebo
#   medzerník kartu zdvihne a položí, Esc zruší, `d` rozdá, `f` pošle kartu na základňu, `u`/`z`
#   vráti ťah späť, `r`/`y` ho zopakuje, `h` dá radu, `?` ukáže všetky.
# * **Tlačidlá**: „Rada“ (dobrý ťah nájdený z kariet, ktoré vidíte *vy*), „Späť“ a „Znova“
#   (koľkokrát chcete), „Od začiatku“, „Nové rozdanie“, „Autohra“ (bezpečné ťahy na základne).
# * **Menu hry** (názov hry so ▾ hore) prepne na inú hru z rodiny, spustí rozdanie podľa čísla a
#   ponúka **„Vyhrateľné rozdanie: ľahké / stredné / ťažké“**.
#
# Ťah, ktorý pravidlá zakazujú, sa odmietne a hracia plocha povie prečo.

# %%
import ft_widget
from ft_widget import Board, Game, deals, hint, puzzles
from ft_widget.teaching import PuzzleCard, picture, replayed, rules_table
from ft_widget.training.catalogue import catalogue, summary
from ft_widget.words import graded_line, hint_line, move_line, status_line
ft_widget.set_language("sk")  # the words ft_widget returns, in Slovak

# %% [markdown]
# ## Ľahké rozdanie
#
# Ľahkých rozdaní Forty Thieves je málo, preto si na prvú hru vypýtame ľahké z katalógu ohodnotených
# rozdaní projektu. Za hodnotením stoja dvaja hráči. **Riešič**, ktorý vidí všetky karty (aj poradie
# v talóne), skúsil každé rozdanie: *vyhrateľné* je len to, ktoré vyhral. **Férový expert**, ktorý
# vidí len to, čo vidíte vy, potom každé vyhrateľné rozdanie niekoľkokrát dohral do konca: *ľahké*
# znamená, že vyhral zakaždým, *stredné* niekedy, *ťažké* nikdy.

# %%
GAME = "forty_thieves"
graded = catalogue(GAME)
print(summary(GAME))

# %% [markdown]
# Prvé ľahké rozdanie a čo o ňom hovorí katalóg:

# %%
DEAL = deals(GAME, difficulty="easy")[0]
entry = next(row for row in graded if row.deal == DEAL)
game = Game(GAME, deal=DEAL)
print(graded_line(game, entry.grade, entry.expert_wins, entry.runs))

# %% [markdown]
# Tu je na hracej ploche; zahrajte si ho. „Späť“ nič nestojí, a ak je rozdanie prehraté, hracia
# plocha to povie, keď nezostane žiadny ťah. `Board(GAME, difficulty="easy")` by namiesto toho
# vybral ľahké rozdanie náhodne, ako to robí „Vyhrateľné rozdanie“ v menu.

# %%
# NBVAL_IGNORE_OUTPUT
board = Board(GAME, deal=DEAL, language="sk")
board

# %% [markdown]
# Hracia plocha a váš kód zdieľajú jednu hru: ťah urobený myšou je hneď v `board.game` a
# `board.play("s>w")` sa ukáže na ploche. Pozíciu možno nakresliť aj ako obrázok, ktorý sa zobrazí
# všade, kde sa lekcia číta, aj nespustená:

# %%
picture(game, caption=status_line(game), scale=1.0)

# %% [markdown]
# ## Ťahy a rada
#
# Ťahy sa píšu `SRC>DST`: stĺpce `1` až `10`, `w` odkladisko (*waste*), `s` talón (*stock*),
# `f` základne (`s>w` rozdá kartu). Na začiatku pravidlá dovoľujú tieto:

# %%
for move in game.legal_moves():
    print(move_line(game, move))

# %% [markdown]
# Ktorý? Tlačidlo „Rada“ sa pýta férového experta. Ten talón nevidí, preto *háda*: náhodne rozdelí
# neviditeľné karty na miesta, ktoré nevidíte (jeden odhad je jeden *svet*), urobí to šesťkrát,
# v každom svete krátko hľadá výhru a navrhne ťah, ktorý vo väčšine z nich začína výhru. Z kódu dá
# `hint(game)` tú istú radu; tu s rozpočtom hracej plochy počítaným v pozíciách namiesto sekúnd, aby
# bola stránka rovnaká na každom počítači:

# %%
from ft_widget.hints import FAIR_STATES_PER_SECOND
budget = int(FAIR_STATES_PER_SECOND * board.hint_time_limit)  # the board's second, as positions
advice = hint(game, max_states=budget)
print(hint_line(game, advice))

# %% [markdown]
# Prečo v rozdaní, ktoré sa volá ľahké, vyhrá tak málo svetov (a na pomalšom počítači možno žiadny)?
# Pretože pri prvom ťahu je výhra celú hru ďaleko a krátke hľadanie vo svete, ktorý nikto nevidel,
# sa väčšinou skončí skôr, než výhru nájde *alebo* dokáže, že nijaká nie je. „Nevyhrané“ znamená
# *nenájdené včas*, nie *prehrané*. Hodnotenie sa meralo inak: expert odohral celé rozdanie, pri
# každom ťahu hádal odznova, ako sa karty z talónu ukazovali, a vyhral zakaždým.
#
# Na začiatku teda čítajte radu ako ťah, ktorý nič nezahodí. S tenšou kôpkou talónu je istejšia:
# to isté rozdanie neskôr, zahrané tak, ako ho zahrala víťazná línia riešiča, a rada v tej chvíli:

# %%
later = replayed(GAME, DEAL, entry.line[:104])  # the solver's line, until 17 stock cards are left
advice = hint(later, max_states=budget)
print(status_line(later))
print(hint_line(later, advice))
picture(later, highlight=advice.move, caption=move_line(later, advice.move), scale=0.8)

# %% [markdown]
# `ft_widget.expert.estimate(game)` ide o krok ďalej a zahrá *každý* povolený ťah v tých istých
# svetoch a spočíta výhry každého: [11_working_from_code](../11_working_from_code.ipynb) (po
# anglicky) ho ovláda, so zvyškom enginu, z Pythonu.
#
# ## Po hre: rozoberte ju a trénujte
#
# * **Rozbor.** „Rozobrať túto hru“ v menu (alebo `board.review()`) prejde vaše ťahy tak ako
#   analýza na šachovej stránke: ťah experta vedľa vášho, každý označený, ak zahodil veľa náhodných
#   výhier, a ťah, po ktorom riešič už nenašiel výhru. Lekcia každej hry takto rozoberie jednu hru.
# * **Úlohy.** Väčšina hier má úlohy vybrané zo skutočných rozdaní: pozícia, jedna otázka, odpovede
#   overené riešičom. Každá úloha trénuje jednu myšlienku. `Board.training("forty_thieves")` ich
#   podáva jednu po druhej, od najľahšej, a počíta vaše skóre. Tu je jedna so zloženou odpoveďou:
#   skúste ju skôr, než odpoveď rozbalíte.

# %%
from ft_widget.training.themes import theme_name
first = next(p for p in puzzles(GAME) if p.theme == "keep_an_empty_column")
print(f"“{theme_name(first.theme)}”: {first.idea}")
PuzzleCard(first)

# %% [markdown]
# Tá istá úloha na živej hracej ploche (keď lekcia beží): zahrajte svoju odpoveď a hracia plocha ju
# posúdi; kým je úloha na ploche, tlačidlo „Nápoveda“ ju dá.

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(first)

# %% [markdown]
# ## Deväť hier a čo čítať ďalej

# %%
rules_table()

# %% [markdown]
# Lekcia každej hry (po anglicky) začína niekoľkými pravidlami palca pre svoju hru, každé ukáže na
# skutočnej pozícii s nameraným účinkom a po každom vám dá úlohu na vyskúšanie. Pravidlá deviatich
# hier po slovensky: [rules.sk.md](../../docs/rules.sk.md).
#
# | lekcia | o čom je |
# |---|---|
# | [forty_thieves](../forty_thieves.ipynb) | čo dať do prázdneho stĺpca; ktorý stĺpec rozkopať; kedy má karta, ktorá by mohla ísť na základňu, počkať |
# | [indian](../indian.ipynb) (Indický) | ktorý stĺpec kopať k jeho skrytej karte; ktorému rodičovi dať kartu; či zaplniť prázdny stĺpec |
# | [limited](../limited.ipynb) (Obmedzený) | prázdny stĺpec si nechať alebo minúť; ktorý z dvanástich krátkych stĺpcov vyprázdniť prvý; karta z odkladiska alebo rozdanie |
# | [little_forty](../little_forty.ipynb) (Malá štyridsiatka) | čo si zapamätať z odkladiska po troch; kedy vziať kartu z odkladiska; akú cenu má obrátenie talónu |
# | [lucas](../lucas.ipynb) | prečo Lucas odpúšťa; čo ho aj tak prehrá; či má prázdny stĺpec čakať na kráľa |
# | [maria](../maria.ipynb) (Mária) | kedy je poslanie karty na základňu pasca; zahrať kartu z odkladiska, alebo rozdávať ďalej; prázdny stĺpec, keď ich je len deväť |
# | [number_ten](../number_ten.ipynb) (Číslo desať) | ktorý stĺpec s kartami lícom nadol kopať; či rozdeliť postupnosť; akú cenu má presúvanie postupností |
# | [rank_and_file](../rank_and_file.ipynb) | ktorú kôpku s kartami lícom nadol kopať prvú; kedy minúť prázdny stĺpec; či presunúť časť postupnosti |
# | [streets](../streets.ipynb) (Ulice) | načo je vyprázdnený stĺpec; zahrať kartu z odkladiska, alebo rozdávať ďalej |
#
# Ešte dve: [10_rule_differences](../10_rule_differences.ipynb) je prehľad celej rodiny (pravidlá
# v obrázkoch, nakoľko je každá hra vyhrateľná, ako súdi riešič a férový expert a ako lekcie merajú),
# a [11_working_from_code](../11_working_from_code.ipynb) ovláda engine z Pythonu: pozície, ťahy,
# uložené hry, rozbory, ohodnotené rozdania, úlohy, váš vlastný spôsob hry. Tieto lekcie sú po
# anglicky.
