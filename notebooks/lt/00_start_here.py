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
# # Pradžia: pirmasis Forty Thieves (Keturiasdešimt vagių) žaidimas
#
# *Ši pirmoji pamoka – lietuviškai; kitos projekto pamokos yra angliškos. Visos taisyklės
# lietuviškai: [rules.lt.md](../../docs/rules.lt.md); kokius kortų žaidimo žodžius vartojame ir
# kodėl – [žodynėlyje](../../docs/glossary.md#lithuanian).*
#
# **Forty Thieves** – pasjansas su dviem kaladėmis: 104 kortos, aštuonios bazės, statomos nuo tūzo
# iki karaliaus tos pačios masties kortomis, dešimt stulpelių po keturias **atverstas** kortas ir
# 64 kortų malka, kurią po vieną verčiate ant atmetimų krūvos, **tik vieną kartą**. Ant stulpelių
# korta dedama ant vienu rangu aukštesnės savo masties kortos, ir juda tik viršutinė stulpelio (arba
# atmetimų krūvos) korta. Iš bazių niekas negrįžta.
#
# Aštuoni giminaičiai pakeičia kelias iš šių taisyklių: kiek stulpelių, kiek kortų užverstų, kokių
# masčių ar spalvų kortos statomos ant kokių, ar seka juda kaip viena, kaip dalijama malka.
# Lentelėje pabaigoje yra visi devyni žaidimai, ir kiekvienas turi savo pamoką (angliškai).
#
# **Kaip žaisti ant lentos** (paleiskite pamoką JupyterLab):
#
# * **Nuvilkite** kortą ant stulpelio ar bazės, arba **spustelėkite** ją ir tada spustelėkite ten,
#   kur ji turi atsidurti; **dvigubas spustelėjimas** ją nusiunčia į bazę. **Spustelėkite malką**,
#   kad išdalytumėte kortą.
# * **Klavišai**: vieną kartą spustelėkite lentą, tada rodyklės vaikšto tarp krūvų, Enter arba
#   tarpas paima ir padeda, Esc atšaukia, `d` dalija, `f` nusiunčia kortą į bazę, `u`/`z`
#   atšaukia ėjimą, `r`/`y` jį pakartoja, `h` – patarimas, `?` parodo juos visus.
# * **Mygtukai**: „Patarimas“ (geras ėjimas, rastas iš kortų, kurias matote *jūs*), „Atšaukti“ ir
#   „Pakartoti“ (kiek tik norite), „Iš naujo“, „Naujas dalijimas“, „Autožaidimas“ (saugūs ėjimai į
#   bazes).
# * **Žaidimo meniu** (žaidimo pavadinimas su ▾ viršuje) perjungia į kitą šeimos žaidimą, pradeda
#   dalijimą pagal numerį ir siūlo **„Laimimas dalijimas: lengvas / vidutinis / sunkus“**.
#
# Taisyklių draudžiamas ėjimas atmetamas, ir lenta pasako kodėl.

# %%
import ft_widget
from ft_widget import Board, Game, deals, hint, puzzles
from ft_widget.teaching import PuzzleCard, picture, replayed, rules_table
from ft_widget.training.catalogue import catalogue, summary
from ft_widget.words import graded_line, hint_line, move_line, status_line
ft_widget.set_language("lt")  # the words ft_widget returns, in Lithuanian

# %% [markdown]
# ## Lengvas dalijimas
#
# Lengvų Forty Thieves dalijimų nedaug, todėl pirmam žaidimui prašome projekto įvertintų dalijimų
# katalogo duoti lengvą. Už įvertinimo stovi du žaidėjai. **Sprendiklis**, kuris mato visas kortas
# (ir malkos tvarką), išbandė kiekvieną dalijimą: *laimimu* vadinamas tik tas, kurį jis laimėjo.
# **Sąžiningas ekspertas**, kuris mato tik tai, ką matote jūs, po to kelis kartus sužaidė kiekvieną
# laimimą dalijimą iki galo: *lengvas* reiškia, kad jis laimėjo kiekvieną kartą, *vidutinis* – kai
# kuriuos kartus, *sunkus* – nė karto.

# %%
GAME = "forty_thieves"
graded = catalogue(GAME)
print(summary(GAME))

# %% [markdown]
# Pirmasis lengvas dalijimas ir ką apie jį sako katalogas:

# %%
DEAL = deals(GAME, difficulty="easy")[0]
entry = next(row for row in graded if row.deal == DEAL)
game = Game(GAME, deal=DEAL)
print(graded_line(game, entry.grade, entry.expert_wins, entry.runs))

# %% [markdown]
# Štai jis ant lentos; sužaiskite jį. „Atšaukti“ nieko nekainuoja, o jei dalijimas pralaimėtas,
# lenta tai pasako, kai nebelieka ėjimų. `Board(GAME, difficulty="easy")` vietoj to atsitiktinai
# parinktų lengvą dalijimą, kaip daro meniu „Laimimas dalijimas“.

# %%
# NBVAL_IGNORE_OUTPUT
board = Board(GAME, deal=DEAL, language="lt")
board

# %% [markdown]
# Lenta ir jūsų kodas dalijasi vienu žaidimu: pele atliktas ėjimas iš karto yra `board.game`, o
# `board.play("s>w")` pasirodo ant lentos. Padėtį galima nupiešti ir paveikslėliu, kuris matosi
# visur, kur pamoka skaitoma, net jos nepaleidus:

# %%
picture(game, caption=status_line(game), scale=1.0)

# %% [markdown]
# ## Ėjimai ir patarimas
#
# Ėjimai rašomi `SRC>DST`: stulpeliai nuo `1` iki `10`, `w` atmetimų krūva (*waste*), `s` malka
# (*stock*), `f` bazės (`s>w` išdalija kortą). Pradžioje taisyklės leidžia šiuos:

# %%
for move in game.legal_moves():
    print(move_line(game, move))

# %% [markdown]
# Kurį rinktis? Mygtukas „Patarimas“ klausia sąžiningo eksperto. Jis nemato malkos, todėl *spėja*:
# nematomas kortas atsitiktinai išdėlioja į vietas, kurių nematote (vienas spėjimas – tai
# *pasaulis*), tai padaro šešis kartus, kiekviename pasaulyje trumpai ieško pergalės ir pasiūlo
# ėjimą, kuris daugumoje jų pradeda pergalę. Iš kodo `hint(game)` duoda tą patį patarimą; čia su
# lentos biudžetu, skaičiuojamu padėtimis, o ne sekundėmis, kad puslapis būtų toks pat bet kuriame
# kompiuteryje:

# %%
from ft_widget.hints import FAIR_STATES_PER_SECOND
budget = int(FAIR_STATES_PER_SECOND * board.hint_time_limit)  # the board's second, as positions
advice = hint(game, max_states=budget)
print(hint_line(game, advice))

# %% [markdown]
# Kodėl dalijime, vadinamame lengvu, pergalė tokiame mažame pasaulių skaičiuje (o lėtesniame
# kompiuteryje gal nė viename)? Todėl, kad pirmu ėjimu iki pergalės – visas žaidimas, o trumpa
# paieška pasaulyje, kurio niekas nematė, dažniausiai baigiasi anksčiau, nei randa pergalę *arba*
# įrodo, kad jos nėra. „Nelaimėta“ reiškia *nerasta laiku*, o ne *pralaimėta*. Įvertinimas buvo
# išmatuotas kitaip: ekspertas sužaidė visą dalijimą, kiekvienu ėjimu spėdamas iš naujo, kai
# atsiversdavo malkos kortos, ir laimėjo kiekvieną kartą.
#
# Taigi pradžioje skaitykite patarimą kaip ėjimą, kuris nieko neišmeta. Jis darosi tikresnis, kai
# malka plonėja: tas pats dalijimas vėliau, sužaistas taip, kaip jį sužaidė sprendiklio laiminti
# seka, ir patarimas ten:

# %%
later = replayed(GAME, DEAL, entry.line[:104])  # the solver's line, until 17 stock cards are left
advice = hint(later, max_states=budget)
print(status_line(later))
print(hint_line(later, advice))
picture(later, highlight=advice.move, caption=move_line(later, advice.move), scale=0.8)

# %% [markdown]
# `ft_widget.expert.estimate(game)` žengia dar vieną žingsnį ir *kiekvieną* leistiną ėjimą sužaidžia
# tuose pačiuose pasauliuose, skaičiuodamas kiekvieno pergales:
# [11_working_from_code](../11_working_from_code.ipynb) (angliškai) jį valdo, kartu su visu
# varikliu, iš Python.
#
# ## Po žaidimo: peržiūrėkite jį ir treniruokitės
#
# * **Apžvalga.** Meniu „Apžvelgti šį žaidimą“ (arba `board.review()`) pereina per jūsų ėjimus taip,
#   kaip šachmatų svetainės analizė: eksperto ėjimas šalia jūsiškio, kiekvienas pažymėtas, jei
#   išmetė daug atsitiktinių pergalių, ir ėjimas, po kurio sprendiklis neberado pergalės. Kiekvieno
#   žaidimo pamoka taip apžvelgia vieną žaidimą.
# * **Uždaviniai.** Dauguma žaidimų turi uždavinių, paimtų iš tikrų dalijimų: padėtis, vienas
#   klausimas, sprendiklio patikrinti atsakymai. Kiekvienas uždavinys treniruoja vieną mintį.
#   `Board.training("forty_thieves")` juos pateikia vieną po kito, nuo lengviausio, ir skaičiuoja
#   jūsų taškus. Štai vienas, su suskleistu atsakymu: pabandykite, prieš atskleisdami.

# %%
from ft_widget.training.themes import theme_name
first = next(p for p in puzzles(GAME) if p.theme == "keep_an_empty_column")
print(f"“{theme_name(first.theme)}”: {first.idea}")
PuzzleCard(first)

# %% [markdown]
# Tas pats uždavinys ant gyvos lentos (kai pamoka paleista): sužaiskite savo atsakymą, ir lenta jį
# įvertins; kol sprendžiamas uždavinys, mygtukas „Užuomina“ ją ir duoda.

# %%
# NBVAL_IGNORE_OUTPUT
Board.puzzle(first)

# %% [markdown]
# ## Devyni žaidimai ir ką skaityti toliau

# %%
rules_table()

# %% [markdown]
# Kiekvieno žaidimo pamoka (angliškai) prasideda keliomis to žaidimo nykščio taisyklėmis, kiekvieną
# parodo tikroje padėtyje su išmatuotu poveikiu ir po kiekvienos duoda uždavinį. Devynių žaidimų
# taisyklės lietuviškai: [rules.lt.md](../../docs/rules.lt.md).
#
# | pamoka | apie ką ji |
# |---|---|
# | [forty_thieves](../forty_thieves.ipynb) | ką dėti į tuščią stulpelį; kurį stulpelį kasti; kada korta, galinti eiti į bazę, turėtų palaukti |
# | [indian](../indian.ipynb) (Indėnas) | kurį stulpelį kasti link jo paslėptos kortos; kuriam tėvui atiduoti kortą; ar užpildyti tuščią stulpelį |
# | [limited](../limited.ipynb) (Ribotas) | tuščią stulpelį laikyti ar išnaudoti; kurį iš dvylikos trumpų stulpelių išvalyti pirmą; atmetimų krūvos korta ar dalijimas |
# | [little_forty](../little_forty.ipynb) (Mažasis keturiasdešimt) | ką atsiminti iš atmetimų krūvos po tris; kada imti atmetimų krūvos kortą; ko vertas perdalijimas |
# | [lucas](../lucas.ipynb) (Lukas) | kodėl Lukas atlaidus; kas jį vis tiek pralaimi; ar tuščias stulpelis turėtų laukti karaliaus |
# | [maria](../maria.ipynb) (Marija) | kada kortos siuntimas į bazę yra spąstai; žaisti atmetimų krūvos kortą ar dalyti toliau; tuščias stulpelis, kai jų tik devyni |
# | [number_ten](../number_ten.ipynb) (Numeris dešimt) | kurį stulpelį su užverstomis kortomis kasti; ar skaldyti seką; ko vertas sekų perkėlimas |
# | [rank_and_file](../rank_and_file.ipynb) | kurią užverstą krūvą kasti pirmą; kada išnaudoti tuščią stulpelį; ar perkelti sekos dalį |
# | [streets](../streets.ipynb) (Gatvės) | kam ištuštintas stulpelis; žaisti atmetimų krūvos kortą ar dalyti toliau |
#
# Dar dvi: [10_rule_differences](../10_rule_differences.ipynb) – šeimos apžvalga (taisyklės
# paveikslėliais, kiek kiekvienas žaidimas laimimas, kaip vertina sprendiklis ir sąžiningas
# ekspertas ir kaip pamokos matuoja), ir [11_working_from_code](../11_working_from_code.ipynb) valdo
# variklį iš Python: padėtys, ėjimai, išsaugoti žaidimai, apžvalgos, įvertinti dalijimai, uždaviniai,
# jūsų pačių žaidimo būdas. Šios pamokos yra angliškos.
