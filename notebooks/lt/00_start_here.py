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
# # Pradžia: pirmasis Forty Thieves (Keturiasdešimt vagių) žaidimas
#
# *Ši pirmoji pamoka – lietuviškai; kitos projekto pamokos yra angliškos. Visos taisyklės
# lietuviškai: [rules.lt.md](../../docs/rules.lt.md), o vartojami kortų žaidimo žodžiai –
# [žodynėlyje](../../docs/glossary.md#lithuanian).*
#
# Jei mokate Klondaiką, beveik viską jau žinote. **Forty Thieves** – pasjansas su dviem
# kaladėmis: 104 kortos, aštuoni pamatai, statomi nuo tūzo iki karaliaus tos pačios spalvos
# kortomis, dešimt stulpelių po keturias **atverstas** kortas ir 64 kortų malka, kurią po vieną
# verčiate ant atliekų krūvelės, **tik vieną kartą**. Ant stulpelių korta dedama ant vienu rangu
# aukštesnės savo spalvos kortos, ir juda tik viršutinė stulpelio (arba atliekų) korta. Antrą kartą
# per malką neinama, ir iš pamatų niekas negrįžta.
#
# Aštuoni giminaičiai pakeičia kelias iš šių taisyklių: kiek stulpelių, kiek kortų užverstų,
# kokios spalvos statomos ant kokių, ar kortų seka juda kaip viena, kaip dalijama malka. Kiekvienas
# turi savo pamoką (angliškai; lentelė pabaigoje).
#
# **Kaip žaisti ant lentos žemiau** (paleiskite pamoką JupyterLab):
#
# * **Nuvilkite** kortą ant stulpelio ar pamato, arba **spustelėkite** ją ir tada spustelėkite ten,
#   kur ji turi atsidurti; **dvigubas spustelėjimas** ją nusiunčia į pamatą. **Spustelėkite malką**,
#   kad išdalytumėte kortą.
# * **Klavišai**: vieną kartą spustelėkite lentą, tada rodyklės vaikšto tarp krūvų, Enter arba
#   tarpas paima ir padeda, Esc atšaukia, `d` dalija, `f` nusiunčia kortą į pamatą, `u`/`z`
#   atšaukia ėjimą, `r`/`y` jį grąžina, `h` patarimas, `?` parodo juos visus.
# * **Mygtukai**: patarimas (geras ėjimas, rastas iš kortų, kurias matote *jūs*), ėjimo atšaukimas
#   ir grąžinimas (kiek tik norite), žaidimo pradžia iš naujo, naujas dalijimas ir saugių kortų
#   siuntimas į pamatus.
# * **Žaidimo meniu** (žaidimo pavadinimas su ▾ viršuje) perjungia į kitą šeimos žaidimą, pradeda
#   dalijimą pagal numerį ir siūlo **laimimą dalijimą: lengvą / vidutinį / sunkų**. Po žaidimo
#   žaidimo peržiūra pereina per jūsų ėjimus su eksperto komentarais.
#
# Taisyklių draudžiamas ėjimas atmetamas, ir lenta pasako kodėl.

# %%
import pandas as pd

import ft_widget
from ft_widget import VARIANTS, Board, Game, deals, hint, puzzles
from ft_widget.expert import estimate
from ft_widget.hints import FAIR_STATES_PER_SECOND
from ft_widget.teaching import picture, puzzle_picture
from ft_widget.training.catalogue import DIFFICULTIES, catalogue
from ft_widget.words import graded_line, hint_line, move_line

ft_widget.set_language("lt")  # the words ft_widget returns (moves, hints, grades) in Lithuanian
GAME = "forty_thieves"
rules = VARIANTS[GAME]  # the rules said above, as the engine has them
assert (rules.columns, rules.cards_per_column, rules.face_down, rules.stock_cards) == (10, 4, 0, 64)
assert (rules.build.id, rules.sequences, rules.stock_deal, rules.redeals) == ("same_suit", False, 1, 0)

# %% [markdown]
# ## Lengvas dalijimas
#
# Lengvų Forty Thieves dalijimų nedaug (jų skaičius žemiau), todėl pirmam žaidimui prašome
# projekto įvertintų dalijimų katalogo duoti lengvą. Už įvertinimo stovi du žaidėjai:
#
# * **sprendiklis**, kuris mato visas kortas (ir malkos tvarką), išbandė kiekvieną dalijimą;
#   *laimimu* vadinamas tik tas dalijimas, kurį jis laimėjo ėjimų seka, kurią variklis iš naujo
#   sužaidė iki galo;
# * **sąžiningas ekspertas**, kuris mato tik tai, ką matote jūs, po to kelis kartus sužaidė
#   kiekvieną laimimą dalijimą su skirtingais atsitiktiniais pradmenimis. *Lengvas* reiškia, kad jis
#   laimėjo kiekvieną kartą, *vidutinis* – kai kuriuos kartus, *sunkus* – nė karto.
#
# Taigi „lengvas“ – tai lengvas atidžiam žaidėjui, kuris nemato paslėptų kortų, ir tikrai
# laimimas. (README skyriuje „Graded deals“, angliškai, yra biudžetai ir komanda.)

# %%
rows = catalogue(GAME)
graded = pd.Series([r.grade if r.winnable else "not known to be winnable" for r in rows])
print(f"Forty Thieves deals {rows[0].deal}–{rows[-1].deal} in the catalogue:")
by_grade = graded.value_counts().reindex([*DIFFICULTIES, "not known to be winnable"], fill_value=0)
assert by_grade["easy"] < len(rows) / 4  # "few are easy"
by_grade.rename("deals").to_frame()

# %% [markdown]
# Pirmasis lengvas dalijimas ir ką apie jį sako katalogas:

# %%
DEAL = deals(GAME, difficulty="easy")[0]
entry = next(r for r in rows if r.deal == DEAL)
assert entry.winnable and entry.grade == "easy" and entry.expert_wins == entry.runs
game = Game(GAME, deal=DEAL)
print(graded_line(game, entry.grade, entry.expert_wins, entry.runs))

# %% [markdown]
# Štai jis ant lentos. `Board(GAME, difficulty="easy")` vietoj to atsitiktinai parinktų lengvą
# dalijimą; meniu laimimas dalijimas daro tą patį.

# %%
# NBVAL_IGNORE_OUTPUT
board = Board(GAME, deal=DEAL, language="lt")
board

# %% [markdown]
# Lenta ir jūsų kodas dalijasi vienu žaidimu: pele atliktas ėjimas iš karto yra `board.game`, o
# ėjimas, sužaistas iš kodo (`board.play("s>w")`), atsiranda ant lentos. Viską, ką rodo lenta,
# galima nupiešti ir paveikslėliu, kuris matosi visur, kur pamoka skaitoma, net jos nepaleidus.
# Pradinė padėtis:

# %%
picture(game, caption=f"Forty Thieves, deal {DEAL}: the opening position", scale=1.0)

# %% [markdown]
# ## Pirmasis sprendimas
#
# Ėjimai rašomi `SRC>DST`: stulpeliai `1`…`10`, `w` atliekos (*waste*), `s` malka (*stock*), `f`
# pamatai (`s>w` išdalija kortą). Štai ėjimai, kuriuos taisyklės leidžia pradžioje:

# %%
for move in game.legal_moves():
    print(move_line(game, move))

# %% [markdown]
# Kurį rinktis? Patarimo mygtukas klausia sąžiningo eksperto. Šis kortas, kurių nematote,
# atsitiktinai išdėlioja į vietas, kurių nematote (vienas galimas *pasaulis*), tai padaro kelis
# kartus, prašo sprendiklio laimėti kiekvieną pasaulį ir pasiūlo ėjimą, kuris daugumoje jų pradeda
# pergalę. Jis niekada nežiūri, kur paslėptos kortos yra iš tikrųjų. Iš kodo `hint(game)` duoda tą
# patį patarimą; čia su lentos biudžetu, išreikštu padėčių skaičiumi, o ne laikrodžio sekundėmis,
# kad puslapis būtų toks pat bet kuriame kompiuteryje:

# %%
budget = int(FAIR_STATES_PER_SECOND * board.hint_time_limit)  # the board's seconds, as positions
advice = hint(game, max_states=budget)
assert advice.move in game.legal_moves()
print(hint_line(game, advice))
picture(game, highlight=advice.move, caption=f"the hint: {advice.move}", scale=1.0)

# %% [markdown]
# Kad kiekvieną ėjimą pasvertų prieš kitus, `estimate` sužaidžia kiekvieną iš jų *tuose pačiuose*
# atsitiktiniuose pasauliuose ir suskaičiuoja pergales: sąžiningas ėjimų palyginimas, bet imtis
# maža, o pradžioje visos 64 malkos kortos nematomos. Skaičius iš aštuonių – gairė, ne įrodymas;
# kuo mažiau kortų paslėpta, tuo daugiau jis pasako.

# %%
assert len(game.stock) == 64 and not game.waste
counts = pd.DataFrame([{"move": str(e.move), "worlds won": e.worlds_won, "of": e.worlds}
                       for e in estimate(game, rng=1)]).set_index("move")
assert (counts["of"] == 8).all()  # "out of eight": the same eight worlds for every move
assert counts["worlds won"].nunique() == 1  # the moves tie, as the text below says
counts

# %% [markdown]
# Visi trys ėjimai lygūs: kiekvienas pradeda pergalę tiek pat iš aštuonių pasaulių, kiek kiti.
# Pirmu Forty Thieves dalijimo ėjimu, kai visos 64 malkos kortos nematomos, sąžiningas žaidėjas
# negali jų atskirti, ir patarimo pasirinkimas tarp jų – tai jo paties šešių pasaulių sprendimas
# esant lygybei, o ne atradimas. Skaičiai išsiskiria, kai kortos atsiverčia ir vienas ėjimas
# tikrai geresnis už kitą: kiekvieno žaidimo pamokų klausimai yra apie tokias padėtis.

# %% [markdown]
# Dabar sužaiskite dalijimą ant lentos aukščiau. Jei įstrigote, ėjimo atšaukimas nieko nekainuoja;
# jei dalijimas pralaimėtas, lenta tai pasako, kai nebelieka ėjimų.
#
# ## Po žaidimo: peržiūrėkite jį ir treniruokitės
#
# * **Peržiūra.** Meniu žaidimo peržiūra (arba `board.review()`) pereina per jūsų ėjimus taip,
#   kaip šachmatų svetainės analizė: eksperto ėjimas šalia jūsiškio, kiekvienas pažymėtas, jei
#   išmetė daug atsitiktinių pergalių, ir ėjimas, po kurio sprendiklis (matantis visas kortas)
#   neberado pergalės. Iš kodo `ft_widget.review(board.game)` grąžina peržiūrą su grafiku
#   (`.plot()`) ir lentele (`.to_frame()`); [11_working_from_code](../11_working_from_code.ipynb)
#   (angliškai) tokią parodo.
# * **Uždaviniai.** Dauguma žaidimų turi uždavinių, paimtų iš tikrų dalijimų (kiek kiekvienam:
#   [11_working_from_code](../11_working_from_code.ipynb)): padėtis, vienas klausimas, sprendiklio
#   patikrinti atsakymai. `Board.training("forty_thieves")` juos pateikia vieną po kito, nuo
#   lengviausio, ir skaičiuoja jūsų taškus. Pirmasis:

# %%
first = puzzles(GAME)[0]
print(f"{first.title}: {first.prompt}")
puzzle_picture(first, scale=0.8)

# %% [markdown]
# ## Devyni žaidimai ir ką skaityti toliau
#
# Visų devynių taisyklės, paimtos iš variklio paties aprašymo kiekvienam žaidimui
# ([10_rule_differences](../10_rule_differences.ipynb), angliškai, palieka tik tai, kuo jie
# skiriasi nuo Forty Thieves, ir tai nupiešia; lietuviškai taisyklės yra
# [rules.lt.md](../../docs/rules.lt.md)):

# %%
pd.DataFrame([v.rules_row() for v in VARIANTS.values()]).set_index("id")

# %% [markdown]
# Kiekvieno žaidimo pamoka (angliškai) klausia, apie ką galvoja geras *to* žaidimo žaidėjas, ir
# atsako bandymais su tikrais dalijimais:
#
# | pamoka | jos klausimai |
# |---|---|
# | [forty_thieves](../forty_thieves.ipynb) | ką dėti į tuščią stulpelį; kurį stulpelį kasti; kada korta, galinti eiti į pamatą, turėtų palaukti |
# | [indian](../indian.ipynb) (Indėnas) | kurį stulpelį kasti link jo paslėptos kortos; kuriam iš šešių tėvų atiduoti kortą; ar užpildyti tuščią stulpelį; kada vienintelis ėjimas per malką turėtų kortą pasilaikyti |
# | [limited](../limited.ipynb) (Ribotas) | tuščią stulpelį laikyti ar išnaudoti (ir kada tai apsiverčia); kurį iš dvylikos trumpų stulpelių išvalyti pirmą; atliekų korta ar dalijimas; ko vertos ilgos sekos |
# | [little_forty](../little_forty.ipynb) (Mažasis keturiasdešimt) | ką atsiminti iš atliekų po tris; kada imti atliekų kortą; ko vertas perdalijimas |
# | [lucas](../lucas.ipynb) (Lukas) | kodėl Lukas atlaidus (tūzai jau pamatuose ar trylika trumpų stulpelių?); kas jį vis tiek pralaimi; ar tuščias stulpelis turėtų laukti karaliaus |
# | [maria](../maria.ipynb) (Marija) | kada kortos siuntimas į pamatą yra spąstai; žaisti atliekų kortą ar dalyti toliau; kam tuščias stulpelis, kai jų tik devyni |
# | [number_ten](../number_ten.ipynb) (Numeris dešimt) | kurį stulpelį su užverstomis kortomis kasti; ar skaldyti seką; ko vertas sekų perkėlimas |
# | [rank_and_file](../rank_and_file.ipynb) | kurią užverstą krūvą kasti pirmą; kada išnaudoti tuščią stulpelį; ar perkelti sekos dalį |
# | [streets](../streets.ipynb) (Gatvės) | kam ištuštintas stulpelis; žaisti atliekų kortą ar dalyti toliau; ar „į tuščią vietą tik karalius“ galioja ir čia |
#
# Dar dvi: [10_rule_differences](../10_rule_differences.ipynb) – šeimos apžvalga (taisyklės
# paveikslėliais, kiek kiekvienas žaidimas laimimas ir, vieną kartą visiems, kaip vertina
# sprendiklis ir sąžiningas ekspertas ir kaip pamokos matuoja), ir
# [11_working_from_code](../11_working_from_code.ipynb) valdo variklį iš Python: padėtys, ėjimai,
# išsaugoti žaidimai, peržiūros, įvertinti dalijimai, uždaviniai, jūsų pačių žaidimo būdas. Šios
# pamokos yra angliškos.
